// S3 mode: grants are real S3 presigned PUT URLs with Content-Type signed, and objects
// are streamed back with GetObject. Works with any S3-compatible store (endpoint + path style).
import { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Config } from "../settings";
import type { ObjectStore, StoredObject } from "./types";

export class S3Store implements ObjectStore {
  readonly bucket: string;
  private readonly client: S3Client;
  /** Signs upload URLs for the address browsers use (the same client unless it differs). */
  private readonly presigner: S3Client;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    const clientFor = (endpoint: string | undefined) =>
      new S3Client({
        region: config.region,
        endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.credentials,
        // No default CRC32 checksum in presigned URLs: a browser PUT cannot send it.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      });
    this.client = clientFor(config.endpoint);
    // The host is part of the signature, so a URL for browsers is signed for their address.
    this.presigner = config.publicEndpoint ? clientFor(config.publicEndpoint) : this.client;
  }

  presignPut(
    objectKey: string,
    contentType: string,
    expiresInSeconds: number,
    contentLength?: number,
  ): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: objectKey,
      ContentType: contentType,
      ContentLength: contentLength,
    });
    // Signed headers: a PUT with another type, or another length when one was given, is
    // refused by S3 itself. Without a length, the size is checked before the object is read.
    const signed =
      contentLength === undefined ? ["content-type"] : ["content-type", "content-length"];
    return getSignedUrl(this.presigner, command, {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(signed),
    });
  }

  /** A presigned GetObject, answered inline with the granted type whatever S3 stored. */
  presignGet(objectKey: string, contentType: string, expiresInSeconds: number): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: objectKey,
      ResponseContentDisposition: "inline",
      ResponseContentType: contentType,
    });
    return getSignedUrl(this.presigner, command, { expiresIn: expiresInSeconds });
  }

  async exists(objectKey: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return true;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        return false;
      if (error instanceof NoSuchKey) return false;
      throw error;
    }
  }

  async open(objectKey: string): Promise<StoredObject | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }),
      );
      const body = object.Body;
      if (!(body instanceof Readable)) return undefined;
      // The size comes with the answer's headers, before the bytes: the caller checks it
      // before reading any.
      if (object.ContentLength === undefined) {
        body.destroy();
        throw new Error(`the store gave no size for ${objectKey}`);
      }
      return { size: object.ContentLength, body };
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        return undefined;
      throw error;
    }
  }

  async remove(objectKeys: readonly string[]): Promise<void> {
    // DeleteObjects takes up to 1000 keys a call; missing keys count as deleted.
    for (let start = 0; start < objectKeys.length; start += 1000) {
      const batch = objectKeys.slice(start, start + 1000);
      const { Errors } = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (Errors?.length) {
        throw new Error(
          `the store kept ${Errors.length} of ${batch.length} objects: ${Errors[0]?.Code}`,
        );
      }
    }
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
    if (this.presigner !== this.client) this.presigner.destroy();
  }
}
