// The embedded storage's upload URL over real HTTP: S3-style answers, signatures,
// expiry, size limit while streaming, overwrite, CORS, and keys that try to escape.
import { createHash, randomBytes } from "node:crypto";
import { readdir, rm, utimes, writeFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadGrantSchema } from "@/lib/kernel/contract";
import { createObjectStore } from "../src/storage/index";
import { readObject } from "../src/storage/read";
import { signUpload } from "../src/storage/signing";
import { startService, type TestService } from "./helpers";

const OCR = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
const MAX = 25 * 1024 * 1024;
const SECRET = "test-signing-secret-0123456789";

let svc: TestService;
beforeAll(async () => {
  svc = await startService({ env: { UPLOAD_SIGNING_SECRET: SECRET } });
});
afterAll(async () => {
  await svc?.close();
});

async function newGrant(contentType = "image/png") {
  const res = await svc.postJson(`/v1/categories/${OCR}/uploads`, { content_type: contentType });
  expect(res.status).toBe(200);
  return uploadGrantSchema.parse(await res.json());
}

const put = (
  url: string,
  body: Uint8Array | string,
  contentType = "image/png",
  headers: Record<string, string> = {},
) =>
  fetch(url, {
    method: "PUT",
    headers: { "Content-Type": contentType, ...headers },
    body: typeof body === "string" ? body : new Blob([new Uint8Array(body)]),
  });

/** CRC32 (IEEE, as S3's x-amz-checksum-crc32), bit by bit: independent of zlib. */
function crc32Of(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The x-amz-checksum-crc32 value S3 would give: base64 of the big-endian 32 bits. */
const crc32Base64 = (bytes: Uint8Array) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32Of(bytes));
  return out.toString("base64");
};

const md5Base64 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("base64");

/** The S3 error code and message of an XML error body. */
async function s3Error(res: Response) {
  expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
  const xml = await res.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<Error>/);
  return {
    code: /<Code>([^<]*)<\/Code>/.exec(xml)?.[1],
    message: /<Message>([^<]*)<\/Message>/.exec(xml)?.[1],
  };
}

/** Every file under the data dir's objects folder, relative to it. */
async function objectFiles(): Promise<string[]> {
  const root = path.join(svc.dataDir, "objects");
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A PUT with node:http: raw paths (no URL normalisation) and a body sent in chunks. */
function rawPut(
  pathname: string,
  options: {
    headers?: Record<string, string>;
    chunks?: Iterable<Buffer>;
    chunkDelayMs?: number;
  } = {},
): Promise<RawResponse> {
  const { port } = new URL(svc.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, method: "PUT", path: pathname, headers: options.headers },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts).toString(),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    void (async () => {
      for (const chunk of options.chunks ?? []) {
        if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
        if (options.chunkDelayMs) await new Promise((r) => setTimeout(r, options.chunkDelayMs));
        if (req.destroyed) return;
      }
      req.end();
    })().catch(reject);
  });
}

function* chunksOf(total: number, size = 1024 * 1024): Generator<Buffer> {
  const block = randomBytes(size);
  for (let sent = 0; sent < total; sent += size)
    yield block.subarray(0, Math.min(size, total - sent));
}

describe("PUT to the upload URL", () => {
  it("computes the CRC32 S3 would (the standard check value)", () => {
    expect(crc32Of(Buffer.from("123456789"))).toBe(0xcbf43926);
  });

  it("stores the bytes and answers 200 with an ETag and the body's CRC32, like S3", async () => {
    const g = await newGrant();
    const bytes = randomBytes(300_000);
    const res = await put(g.upload_url, bytes);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-amz-checksum-crc32")).toBe(crc32Base64(bytes));
    // Opaque, but quoted as an ETag is.
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    expect(
      Buffer.compare((await readObject(svc.store, g.object_key)) ?? Buffer.alloc(0), bytes),
    ).toBe(0);
    const record = await svc.db.grants.find(g.object_key);
    expect(record?.size).toBe(bytes.length);
    expect(record?.uploadedAt).toBeInstanceOf(Date);
  });

  it("takes the granted type case-insensitively and with parameters", async () => {
    const g = await newGrant("image/jpeg");
    expect((await put(g.upload_url, "x", "Image/JPEG; charset=binary")).status).toBe(200);
  });

  it("overwrites on a second PUT before expiry", async () => {
    const g = await newGrant();
    const first = randomBytes(1000);
    const second = randomBytes(500);
    expect((await put(g.upload_url, first)).status).toBe(200);
    const res = await put(g.upload_url, second);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-amz-checksum-crc32")).toBe(crc32Base64(second));
    expect(
      Buffer.compare((await readObject(svc.store, g.object_key)) ?? Buffer.alloc(0), second),
    ).toBe(0);
    expect((await svc.db.grants.find(g.object_key))?.size).toBe(500);
  });

  it("accepts an empty body", async () => {
    const g = await newGrant();
    const res = await put(g.upload_url, new Uint8Array());
    expect(res.status).toBe(200);
    expect(res.headers.get("x-amz-checksum-crc32")).toBe("AAAAAA==");
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
  });

  it("answers another ETag when the bytes change, the same one when they do not", async () => {
    const g = await newGrant();
    const bytes = randomBytes(10_000);
    const flipped = Buffer.from(bytes);
    flipped[5000] = (flipped[5000] ?? 0) ^ 1;
    const etags: (string | null)[] = [];
    for (const body of [bytes, bytes, flipped, bytes.subarray(0, 9_999), new Uint8Array()]) {
      const res = await put(g.upload_url, body);
      expect(res.status).toBe(200);
      etags.push(res.headers.get("etag"));
    }
    expect(etags[1]).toBe(etags[0]);
    expect(new Set([etags[0], etags[2], etags[3], etags[4]]).size).toBe(4);
  });

  it("answers nothing for keys that were never uploaded", async () => {
    const g = await newGrant();
    expect(await readObject(svc.store, g.object_key)).toBeUndefined();
  });
});

describe("checksums the client asks to be checked", () => {
  it("stores the body when Content-MD5 and x-amz-checksum-crc32 match it", async () => {
    const g = await newGrant();
    const bytes = randomBytes(200_000);
    const res = await put(g.upload_url, bytes, "image/png", {
      "Content-MD5": md5Base64(bytes),
      "x-amz-checksum-crc32": crc32Base64(bytes),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-amz-checksum-crc32")).toBe(crc32Base64(bytes));
    expect(
      Buffer.compare((await readObject(svc.store, g.object_key)) ?? Buffer.alloc(0), bytes),
    ).toBe(0);
  });

  it("400 BadDigest for a Content-MD5 or CRC32 of other bytes, storing nothing", async () => {
    const bytes = randomBytes(1000);
    const other = Buffer.from(bytes);
    other[999] = (other[999] ?? 0) ^ 0x80; // one bit flipped
    const cases: Record<string, string>[] = [
      { "Content-MD5": md5Base64(other) },
      { "x-amz-checksum-crc32": crc32Base64(other) },
      // one right, one wrong: still refused, either way round
      { "Content-MD5": md5Base64(bytes), "x-amz-checksum-crc32": crc32Base64(other) },
      { "Content-MD5": md5Base64(other), "x-amz-checksum-crc32": crc32Base64(bytes) },
    ];
    for (const headers of cases) {
      const g = await newGrant();
      const res = await put(g.upload_url, bytes, "image/png", headers);
      expect(res.status, JSON.stringify(headers)).toBe(400);
      const error = await s3Error(res);
      expect(error.code).toBe("BadDigest");
      expect(error.message).toMatch(/did not match/);
      expect(await readObject(svc.store, g.object_key)).toBeUndefined();
      expect((await svc.db.grants.find(g.object_key))?.uploadedAt).toBeNull();
    }
  });

  it("keeps the previous object when an overwrite does not match its checksum", async () => {
    const g = await newGrant();
    expect((await put(g.upload_url, "first")).status).toBe(200);
    const res = await put(g.upload_url, "second", "image/png", {
      "x-amz-checksum-crc32": crc32Base64(Buffer.from("not second")),
    });
    expect(res.status).toBe(400);
    expect((await s3Error(res)).code).toBe("BadDigest");
    expect((await readObject(svc.store, g.object_key))?.toString()).toBe("first");
    expect((await svc.db.grants.find(g.object_key))?.size).toBe(5);
  });

  it("400 InvalidDigest for a malformed Content-MD5, InvalidRequest for a malformed CRC32", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ "Content-MD5": "not base64!" }, "InvalidDigest"],
      [{ "Content-MD5": Buffer.alloc(15).toString("base64") }, "InvalidDigest"],
      [{ "Content-MD5": createHash("md5").update("x").digest("hex") }, "InvalidDigest"],
      [{ "Content-MD5": "" }, "InvalidDigest"],
      [{ "x-amz-checksum-crc32": "12345678" }, "InvalidRequest"],
      [{ "x-amz-checksum-crc32": Buffer.alloc(8).toString("base64") }, "InvalidRequest"],
      [{ "x-amz-checksum-crc32": "" }, "InvalidRequest"],
    ];
    for (const [headers, code] of cases) {
      const g = await newGrant();
      const res = await put(g.upload_url, "x", "image/png", headers);
      expect(res.status, JSON.stringify(headers)).toBe(400);
      expect((await s3Error(res)).code, JSON.stringify(headers)).toBe(code);
      expect(await readObject(svc.store, g.object_key)).toBeUndefined();
    }
  });

  it("refuses checksum algorithms it cannot check, instead of ignoring them", async () => {
    const g = await newGrant();
    const bytes = Buffer.from("x");
    const res = await put(g.upload_url, bytes, "image/png", {
      "x-amz-checksum-sha256": createHash("sha256").update(bytes).digest("base64"),
    });
    expect(res.status).toBe(400);
    const error = await s3Error(res);
    expect(error.code).toBe("InvalidRequest");
    expect(error.message).toContain("x-amz-checksum-sha256");
    expect(await readObject(svc.store, g.object_key)).toBeUndefined();
  });

  it("checks a large body sent in chunks", async () => {
    const g = await newGrant();
    const chunks = [...chunksOf(5 * 1024 * 1024 + 123, 256 * 1024)];
    const whole = Buffer.concat(chunks);
    const u = new URL(g.upload_url);
    const ok = await rawPut(u.pathname + u.search, {
      headers: {
        "Content-Type": "image/png",
        "Transfer-Encoding": "chunked",
        "Content-MD5": md5Base64(whole),
        "x-amz-checksum-crc32": crc32Base64(whole),
      },
      chunks,
    });
    expect(ok.status).toBe(200);
    expect(ok.headers["x-amz-checksum-crc32"]).toBe(crc32Base64(whole));
    expect((await svc.db.grants.find(g.object_key))?.size).toBe(whole.length);
  });
});

describe("signatures", () => {
  it("403 SignatureDoesNotMatch for another Content-Type or none", async () => {
    const g = await newGrant("image/png");
    for (const type of ["image/jpeg", "application/pdf", "text/plain"]) {
      const res = await put(g.upload_url, "x", type);
      expect(res.status).toBe(403);
      expect((await s3Error(res)).code).toBe("SignatureDoesNotMatch");
    }
    const none = await rawPut(new URL(g.upload_url).pathname + new URL(g.upload_url).search, {
      chunks: [Buffer.from("x")],
    });
    expect(none.status).toBe(403);
    expect(none.body).toContain("<Code>SignatureDoesNotMatch</Code>");
    expect(await readObject(svc.store, g.object_key)).toBeUndefined();
  });

  it("403 SignatureDoesNotMatch for a tampered signature, expiry or key", async () => {
    const a = await newGrant();
    const b = await newGrant();
    const url = new URL(a.upload_url);
    const signature = url.searchParams.get("signature") ?? "";
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`;
    const tampered = [
      a.upload_url.replace(signature, flipped),
      a.upload_url.replace(signature, signature.toUpperCase()),
      a.upload_url.replace(signature, signature.slice(0, 32)),
      a.upload_url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`),
      // a's signature on b's key: a URL cannot be reused for another object
      a.upload_url.replace(a.object_key, b.object_key),
    ];
    for (const target of tampered) {
      const res = await put(target, "x");
      expect(res.status, target).toBe(403);
      expect((await s3Error(res)).code).toBe("SignatureDoesNotMatch");
    }
    expect(await readObject(svc.store, a.object_key)).toBeUndefined();
    expect(await readObject(svc.store, b.object_key)).toBeUndefined();
  });

  it("403 AccessDenied without the query parameters", async () => {
    const g = await newGrant();
    const bare = g.upload_url.split("?")[0] ?? "";
    for (const target of [
      bare,
      `${bare}?expires=1`,
      `${bare}?signature=abc`,
      `${bare}?expires=soon&signature=abc`,
    ]) {
      const res = await put(target, "x");
      expect(res.status).toBe(403);
      expect((await s3Error(res)).code).toBe("AccessDenied");
    }
  });

  it("403 AccessDenied for a correctly signed key that was never granted", async () => {
    const key = `uploads/${OCR}/${"A".repeat(22)}.png`;
    const expires = Math.floor(Date.now() / 1000) + 60;
    const url = `${svc.url}/storage/${key}?expires=${expires}&signature=${signUpload(SECRET, key, "image/png", expires)}`;
    const res = await put(url, "x");
    expect(res.status).toBe(403);
    expect(await s3Error(res)).toMatchObject({ code: "AccessDenied" });
  });
});

describe("expiry", () => {
  it("403 AccessDenied 'Request has expired' after the grant's lifetime", async () => {
    const short = await startService({ env: { UPLOAD_URL_TTL_SECONDS: "1" } });
    try {
      const res = await short.postJson(`/v1/categories/${OCR}/uploads`, {
        content_type: "image/png",
      });
      const g = uploadGrantSchema.parse(await res.json());
      expect(g.expires_in).toBe(1);
      await new Promise((r) => setTimeout(r, 2100));
      const late = await put(g.upload_url, "x");
      expect(late.status).toBe(403);
      expect(await s3Error(late)).toEqual({ code: "AccessDenied", message: "Request has expired" });
      expect(await readObject(short.store, g.object_key)).toBeUndefined();
    } finally {
      await short.close();
    }
  });

  it("refuses a URL signed with an expiry in the past", async () => {
    const g = await newGrant();
    const expires = Math.floor(Date.now() / 1000) - 1;
    const url = `${svc.url}/storage/${g.object_key}?expires=${expires}&signature=${signUpload(SECRET, g.object_key, "image/png", expires)}`;
    const res = await put(url, "x");
    expect(res.status).toBe(403);
    expect(await s3Error(res)).toEqual({ code: "AccessDenied", message: "Request has expired" });
  });
});

describe("size limit", () => {
  it("takes exactly the category's maximum", async () => {
    const g = await newGrant();
    const res = await put(g.upload_url, Buffer.alloc(MAX, 7));
    expect(res.status).toBe(200);
    expect((await svc.db.grants.find(g.object_key))?.size).toBe(MAX);
  });

  it("400 EntityTooLarge for a declared length above it, before reading the body", async () => {
    const g = await newGrant();
    const u = new URL(g.upload_url);
    const res = await rawPut(u.pathname + u.search, {
      headers: { "Content-Type": "image/png", "Content-Length": String(MAX + 1) },
      chunks: chunksOf(MAX + 1),
    });
    expect(res.status).toBe(400);
    expect(res.body).toContain("<Code>EntityTooLarge</Code>");
    expect(await readObject(svc.store, g.object_key)).toBeUndefined();
  });

  it("400 EntityTooLarge while streaming a chunked body, leaving no file behind", async () => {
    const before = await objectFiles();
    const g = await newGrant();
    const u = new URL(g.upload_url);
    const res = await rawPut(u.pathname + u.search, {
      headers: { "Content-Type": "image/png", "Transfer-Encoding": "chunked" },
      chunks: chunksOf(MAX + 3 * 1024 * 1024),
    });
    expect(res.status).toBe(400);
    expect(res.body).toContain("<Code>EntityTooLarge</Code>");
    expect(res.body).toContain(`<MaxSizeAllowed>${MAX}</MaxSizeAllowed>`);
    expect(await readObject(svc.store, g.object_key)).toBeUndefined();
    expect((await svc.db.grants.find(g.object_key))?.uploadedAt).toBeNull();
    expect(await objectFiles()).toEqual(before);
  });

  it("keeps the previous object when an overwrite is too large", async () => {
    const g = await newGrant();
    expect((await put(g.upload_url, "first")).status).toBe(200);
    const u = new URL(g.upload_url);
    const res = await rawPut(u.pathname + u.search, {
      headers: { "Content-Type": "image/png", "Transfer-Encoding": "chunked" },
      chunks: chunksOf(MAX + 1024 * 1024),
    });
    expect(res.status).toBe(400);
    expect((await readObject(svc.store, g.object_key))?.toString()).toBe("first");
  });

  it("leaves no temp file when the client goes away mid-body", async () => {
    const before = await objectFiles();
    const g = await newGrant();
    const u = new URL(g.upload_url);
    const { port } = new URL(svc.url);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: "127.0.0.1",
        port,
        method: "PUT",
        path: u.pathname + u.search,
        headers: { "Content-Type": "image/png", "Content-Length": "1000000" },
      });
      req.on("error", () => resolve());
      req.write(randomBytes(100_000), () => setTimeout(() => req.destroy(), 100));
      req.on("close", () => resolve());
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await objectFiles()).toEqual(before);
    expect(await readObject(svc.store, g.object_key)).toBeUndefined();
  });
});

describe("CORS", () => {
  it("answers the preflight of a PUT from a configured origin and exposes ETag and the CRC32", async () => {
    const g = await newGrant();
    const pre = await fetch(g.upload_url, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:3000",
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "content-type,content-md5,x-amz-checksum-crc32",
      },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    expect(pre.headers.get("access-control-allow-methods")).toContain("PUT");
    const allowed = (pre.headers.get("access-control-allow-headers") ?? "")
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(["content-type", "content-md5", "x-amz-checksum-crc32"]),
    );

    const res = await put(g.upload_url, "x", "image/png", { Origin: "http://localhost:3000" });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    const exposed = (res.headers.get("access-control-expose-headers") ?? "")
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(["etag", "x-amz-checksum-crc32"]));
  });

  it("gives no CORS grant to another origin", async () => {
    const g = await newGrant();
    const pre = await fetch(g.upload_url, {
      method: "OPTIONS",
      headers: { Origin: "http://evil.example", "Access-Control-Request-Method": "PUT" },
    });
    expect(pre.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("object keys", () => {
  it("never writes outside the storage folder, even with a valid signature and grant", async () => {
    const expires = Math.floor(Date.now() / 1000) + 600;
    // Raw paths after /storage/, as a client could send them without URL normalisation.
    const attempts = [
      "uploads/../../upload-signing-secret",
      "../service.sqlite",
      `uploads/${OCR}/..%2F..%2F..%2Fescaped.png`,
      "%2e%2e/%2e%2e/escaped",
      `uploads/${OCR}/${"A".repeat(22)}.png/../../../../escaped`,
      `uploads/${OCR}/%2e%2e%2f%2e%2e%2fescaped`,
      `uploads/${OCR}/..\\..\\escaped.png`,
      "/etc/passwd",
      encodeURIComponent(`/tmp/escaped-${Date.now()}`),
      `uploads/${OCR}/${"A".repeat(22)}.png%00.txt`,
      `uploads/${OCR}/${"A".repeat(22)}.png%0a`,
    ];
    const before = await objectFiles();
    for (const raw of attempts) {
      // Signed for the key exactly as the server decodes it, and granted: only the key check
      // stands in the way.
      let key: string;
      try {
        key = decodeURIComponent(raw);
      } catch {
        key = raw;
      }
      const now = new Date();
      await svc.db.grants.create({
        objectKey: key,
        categoryId: OCR,
        contentType: "image/png",
        createdAt: now,
        expiresAt: new Date(expires * 1000),
      });
      const query = `?expires=${expires}&signature=${signUpload(SECRET, key, "image/png", expires)}`;
      const res = await rawPut(`/storage/${raw}${query}`, {
        headers: { "Content-Type": "image/png" },
        chunks: [Buffer.from("owned")],
      });
      expect([400, 403, 404], raw).toContain(res.status);
    }
    expect(await objectFiles()).toEqual(before);
    const dataDirEntries = (await readdir(svc.dataDir)).sort();
    expect(dataDirEntries.some((e) => e.includes("escaped"))).toBe(false);
  });
});

describe("temp files", () => {
  it("removes stale temp files of interrupted uploads at start, and keeps recent ones", async () => {
    const tmp = path.join(svc.dataDir, "objects", ".tmp");
    const stale = path.join(tmp, "stale-upload");
    const recent = path.join(tmp, "recent-upload");
    await writeFile(stale, "half an upload");
    await writeFile(recent, "an upload in progress");
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    await createObjectStore(svc.config);
    const left = await readdir(tmp);
    expect(left).toContain("recent-upload");
    expect(left).not.toContain("stale-upload");
    await rm(recent);
  });
});
