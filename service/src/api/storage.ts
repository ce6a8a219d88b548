// PUT /storage/<object_key>?expires=…&signature=… – the embedded storage's upload URL;
// GET /storage/<object_key>?expires=…&type=…&signature=… – its download URL
// (POST /v1/documents/download), the object inline with its granted type.
// Answers like S3: 200 with an ETag and x-amz-checksum-crc32, XML errors. The body is
// streamed to a temp file (never held in memory), counted and CRC32'd on the way (MD5'd
// too, only when the client sent Content-MD5), and renamed into place only when it is
// complete, within the category's maximum size and matches the checksums the client sent.
import { createHash, type Hash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32 } from "node:zlib";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { findCategory, maxBytesFor } from "../catalog";
import type { GrantStore } from "../db/types";
import { uploadBytes } from "../metrics";
import {
  crc32Header,
  etagOf,
  isChecksumHeaderError,
  type RequestedChecksums,
  requestedChecksums,
} from "../storage/checksums";
import type { EmbeddedStore } from "../storage/embedded";
import { categoryOfKey, isObjectKey, normalizeContentType } from "../storage/keys";

class EntityTooLarge extends Error {}

/**
 * Buffer of the temp file's write stream. With the 16 KiB default every 64 KiB socket
 * read fills it, so the socket is paused and resumed and the file written once per
 * read; with 1 MiB, reads queue up and go to the file in one writev, which takes much
 * of the upload's CPU off (bench/storage.ts). It bounds what one upload holds in memory.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * Counts and CRC32s what passes through (and MD5s it when asked); fails as soon as more
 * than `max` bytes came.
 */
class Meter extends Transform {
  bytes = 0;
  crc = 0;
  private readonly md5: Hash | undefined;

  constructor(
    private readonly max: number,
    withMd5: boolean,
  ) {
    super();
    this.md5 = withMd5 ? createHash("md5") : undefined;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.max) {
      callback(new EntityTooLarge());
      return;
    }
    this.crc = crc32(chunk, this.crc);
    this.md5?.update(chunk);
    callback(null, chunk);
  }

  /** Which checksum the client sent that the body does not match, if any. */
  mismatch(requested: RequestedChecksums): string | undefined {
    if (requested.md5 && !this.md5?.digest().equals(requested.md5)) {
      return "The Content-MD5 you specified did not match what we received.";
    }
    if (requested.crc32 !== undefined && requested.crc32 !== this.crc) {
      return "The CRC32 you specified did not match the calculated checksum.";
    }
    return undefined;
  }
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function s3Error(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  extra: Record<string, string | number> = {},
): FastifyReply {
  const fields = { Code: code, Message: message, ...extra, RequestId: request.id };
  const xml = Object.entries(fields)
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join("");
  return reply
    .code(status)
    .type("application/xml")
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n<Error>${xml}</Error>\n`);
}

/** The first value of a query parameter that may be repeated. */
function queryValue(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : undefined;
}

/**
 * After an early answer (too large), the client may still be sending: take no more of it
 * and close the connection once the answer is out.
 */
function closeAfterReply(request: FastifyRequest, reply: FastifyReply): void {
  reply.header("Connection", "close");
  request.raw.resume();
  reply.raw.once("finish", () => request.raw.socket?.destroySoon?.());
}

export const embeddedStorageRoutes: FastifyPluginAsync<{
  store: EmbeddedStore;
  grants: GrantStore;
}> = async (app, { store, grants }) => {
  // The handler reads the raw stream itself: no parser may buffer the body.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

  app.get("/storage/*", async (request, reply) => {
    const key = (request.params as Record<string, string | undefined>)["*"] ?? "";
    if (!isObjectKey(key)) {
      return s3Error(request, reply, 403, "AccessDenied", "Invalid object key");
    }
    const expiresText = queryValue(request.query, "expires");
    const signature = queryValue(request.query, "signature");
    const contentType = queryValue(request.query, "type") ?? "";
    if (!expiresText || !signature || !/^\d{1,12}$/.test(expiresText)) {
      return s3Error(
        request,
        reply,
        403,
        "AccessDenied",
        "Query-string authentication requires the expires and signature parameters",
      );
    }
    const expires = Number(expiresText);
    if (!store.verifyGet(key, contentType, expires, signature)) {
      return s3Error(
        request,
        reply,
        403,
        "SignatureDoesNotMatch",
        "The request signature we calculated does not match the signature you provided. Ask for a new link.",
      );
    }
    if (expires * 1000 < Date.now()) {
      return s3Error(request, reply, 403, "AccessDenied", "Request has expired", {
        Expires: new Date(expires * 1000).toISOString(),
        ServerTime: new Date().toISOString(),
      });
    }
    // The grant goes with its object at retention (storage/retention.ts).
    const object = (await grants.find(key)) ? await store.open(key) : undefined;
    if (!object) {
      return s3Error(request, reply, 404, "NoSuchKey", "The specified key does not exist.", {
        Key: key,
      });
    }
    return reply
      .code(200)
      .header("Content-Type", contentType)
      .header("Content-Length", String(object.size))
      .header("Content-Disposition", "inline")
      .header("Cache-Control", "private, no-store")
      .header("X-Content-Type-Options", "nosniff")
      .send(object.body);
  });

  app.put("/storage/*", async (request, reply) => {
    const key = (request.params as Record<string, string | undefined>)["*"] ?? "";
    if (!isObjectKey(key)) {
      return s3Error(request, reply, 403, "AccessDenied", "Invalid object key");
    }
    const expiresText = queryValue(request.query, "expires");
    const signature = queryValue(request.query, "signature");
    if (!expiresText || !signature || !/^\d{1,12}$/.test(expiresText)) {
      return s3Error(
        request,
        reply,
        403,
        "AccessDenied",
        "Query-string authentication requires the expires and signature parameters",
      );
    }
    const expires = Number(expiresText);
    const contentType = normalizeContentType(request.headers["content-type"] ?? "");
    if (!store.verify(key, contentType, expires, signature)) {
      return s3Error(
        request,
        reply,
        403,
        "SignatureDoesNotMatch",
        "The request signature we calculated does not match the signature you provided. Check the URL and send the Content-Type that was granted.",
      );
    }
    if (expires * 1000 < Date.now()) {
      return s3Error(request, reply, 403, "AccessDenied", "Request has expired", {
        Expires: new Date(expires * 1000).toISOString(),
        ServerTime: new Date().toISOString(),
      });
    }
    const grant = await grants.find(key);
    const category = findCategory(grant?.categoryId ?? categoryOfKey(key) ?? "");
    if (!grant || !category) {
      return s3Error(request, reply, 403, "AccessDenied", "No upload was granted for this object");
    }

    const max = maxBytesFor(category, grant.contentType);
    const declared = Number(request.headers["content-length"] ?? Number.NaN);
    const tooLarge = () => {
      closeAfterReply(request, reply);
      return s3Error(
        request,
        reply,
        400,
        "EntityTooLarge",
        "Your proposed upload exceeds the maximum allowed size",
        {
          MaxSizeAllowed: max,
        },
      );
    };
    if (declared > max) return tooLarge();

    const requested = requestedChecksums(request.headers);
    if (isChecksumHeaderError(requested)) {
      closeAfterReply(request, reply);
      return s3Error(request, reply, 400, requested.code, requested.message);
    }

    const temp = store.tempPath();
    const meter = new Meter(max, requested.md5 !== undefined);
    try {
      await pipeline(
        request.raw,
        meter,
        createWriteStream(temp, { flags: "wx", highWaterMark: WRITE_BUFFER_BYTES }),
      );
    } catch (error) {
      await store.discard(temp);
      if (error instanceof EntityTooLarge) return tooLarge();
      // The client went away mid-body: nobody is left to answer.
      request.log.info({ err: error }, "upload aborted");
      return reply.code(400).send();
    }
    const mismatch = meter.mismatch(requested);
    if (mismatch) {
      // Nothing is stored: a previous object under the key stays as it was.
      await store.discard(temp);
      return s3Error(request, reply, 400, "BadDigest", mismatch);
    }
    try {
      await store.commit(temp, key);
    } catch (error) {
      await store.discard(temp);
      throw error;
    }
    await grants.markUploaded(key, meter.bytes, new Date());
    uploadBytes.inc(meter.bytes);
    return reply
      .code(200)
      .header("ETag", etagOf(meter.crc, meter.bytes))
      .header("x-amz-checksum-crc32", crc32Header(meter.crc))
      .send();
  });
};
