// Where uploaded documents live: a folder under .data/ (embedded) or an S3 bucket.
export interface ObjectStore {
  /** Bucket name used in s3_uri (`s3://<bucket>/<object_key>`). */
  readonly bucket: string;
  /** A URL the client PUTs the bytes to, with the Content-Type signed into it. */
  presignPut(objectKey: string, contentType: string, expiresInSeconds: number): Promise<string>;
  /** The object's bytes, or undefined when nothing was uploaded under that key. */
  read(objectKey: string): Promise<Buffer | undefined>;
  /** For /readyz: resolves when the storage is reachable, rejects otherwise. */
  check(): Promise<void>;
}
