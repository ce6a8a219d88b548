// Where uploaded documents live: a folder under .data/ (embedded) or an S3 bucket.
import type { Readable } from "node:stream";

/** An object opened for reading: its size as the store records it, and its bytes. */
export interface StoredObject {
  size: number;
  /** Read it to the end or destroy it: an open object holds a file or a connection. */
  body: Readable;
}

export interface ObjectStore {
  /** Bucket name used in s3_uri (`s3://<bucket>/<object_key>`). */
  readonly bucket: string;
  /**
   * A URL the client PUTs the bytes to, with the Content-Type signed into it, and the
   * Content-Length too where the store can enforce it (S3) and the client said it.
   */
  presignPut(
    objectKey: string,
    contentType: string,
    expiresInSeconds: number,
    contentLength?: number,
  ): Promise<string>;
  /**
   * A URL that GETs the object, shown inline with `contentType`, for `expiresInSeconds`
   * (POST /v1/documents/download). A store without it gives no documents back.
   */
  presignGet?(objectKey: string, contentType: string, expiresInSeconds: number): Promise<string>;
  /** Whether bytes are stored under the key, without reading them. */
  exists?(objectKey: string): Promise<boolean>;
  /** The object's size and a stream of its bytes, or undefined when nothing was uploaded. */
  open(objectKey: string): Promise<StoredObject | undefined>;
  /**
   * The whole object, bounded by `maxBytes` (throws ObjectTooLarge): a store that can
   * do it faster than open() and a stream provides it; readObject uses it then.
   */
  read?(objectKey: string, maxBytes: number): Promise<Buffer | undefined>;
  /** Deletes objects; keys with nothing stored under them are no error. */
  remove(objectKeys: readonly string[]): Promise<void>;
  /** For /readyz: resolves when the storage is reachable, rejects otherwise. */
  check(): Promise<void>;
}
