// S3 mode against s3rver, an S3-compatible server running in this process: the grant's
// URL is a real SigV4 presigned PutObject URL, the browser-style PUT lands in the bucket,
// the service reads it back, expiry is enforced, readiness follows the bucket.
//
// s3rver checks the expiry of SigV4 presigned URLs but not their signature. So that a
// PUT with another Content-Type is refused is shown twice: by recomputing the signature
// with the AWS signer itself (content-type is a signed header, and the signature of the
// same URL for another type differs), and end to end through a front for s3rver that
// verifies SigV4 with its own code (sigv4-front.ts), as S3 does.
import { createHash, createHmac, type Hash, type Hmac, randomBytes } from "node:crypto";
import { SignatureV4 } from "@smithy/signature-v4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadGrantSchema } from "@/lib/kernel/contract";
import { readObject } from "../src/storage/read";
import { startService, type TestService } from "./helpers";
import { fixture, processPath, testProvider, testRouter } from "./process-helpers";
import { S3_CREDENTIALS, startTestBucket, TEST_BUCKET, type TestBucket } from "./s3-bucket";
import { presignedSignature, type SigV4Front, startSigV4Front } from "./sigv4-front";

const OCR = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
const MAX = 25 * 1024 * 1024;
const BUCKET = TEST_BUCKET;
const CREDENTIALS = S3_CREDENTIALS;

type Bytes = string | ArrayBuffer | ArrayBufferView;
const toBuffer = (data: Bytes) =>
  typeof data === "string"
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** SHA-256 / HMAC-SHA-256 from node:crypto, in the shape the AWS signer takes. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: Bytes) {
    this.hash =
      secret === undefined ? createHash("sha256") : createHmac("sha256", toBuffer(secret));
  }
  update(data: Bytes): void {
    this.hash.update(toBuffer(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

let bucket: TestBucket;
let endpoint: string;
let svc: TestService;
const provider = testProvider("s3-reader");
const s3Env = (extra: Record<string, string> = {}) => bucket.env(extra);

beforeAll(async () => {
  bucket = await startTestBucket();
  endpoint = bucket.endpoint;
  svc = await startService({ env: s3Env(), router: testRouter([provider]) });
});
afterAll(async () => {
  await svc?.close();
  await bucket?.close();
});

async function newGrant(contentType = "image/png") {
  const res = await svc.postJson(`/v1/categories/${OCR}/uploads`, { content_type: contentType });
  expect(res.status).toBe(200);
  return uploadGrantSchema.parse(await res.json());
}

describe("S3 mode", () => {
  it("grants a SigV4 presigned PutObject URL on the configured endpoint, with content-type signed", async () => {
    const g = await newGrant();
    expect(g.s3_uri).toBe(`s3://${BUCKET}/${g.object_key}`);
    const url = new URL(g.upload_url);
    expect(`${url.protocol}//${url.host}`).toBe(endpoint);
    expect(url.pathname).toBe(`/${BUCKET}/${g.object_key}`);
    expect(url.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(url.searchParams.get("X-Amz-SignedHeaders")?.split(";")).toContain("content-type");
    // No checksum a browser could not send.
    expect([...url.searchParams.keys()].some((k) => /checksum/i.test(k))).toBe(false);
    expect((await svc.db.grants.find(g.object_key))?.contentType).toBe("image/png");
  });

  it("the signature covers the content type: another type would need another signature", async () => {
    const g = await newGrant();
    const url = new URL(g.upload_url);
    const signer = new SignatureV4({
      service: "s3",
      region: "us-east-1",
      credentials: CREDENTIALS,
      sha256: Sha256,
      uriEscapePath: false,
      applyChecksum: false,
    });
    const amzDate = url.searchParams.get("X-Amz-Date") ?? "";
    const signingDate = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    const signatureFor = async (contentType: string) => {
      const query: Record<string, string> = {};
      for (const [k, v] of url.searchParams) if (!k.startsWith("X-Amz-")) query[k] = v;
      const signed = await signer.presign(
        {
          method: "PUT",
          protocol: url.protocol,
          hostname: url.hostname,
          port: Number(url.port),
          path: url.pathname,
          query,
          headers: {
            host: url.host,
            "content-type": contentType,
            // Spelled as the SDK's presigner does; it is hoisted into the query under this name.
            "X-Amz-Content-Sha256": url.searchParams.get("X-Amz-Content-Sha256") ?? "",
          },
        },
        { signingDate, expiresIn: 900, signableHeaders: new Set(["content-type"]) },
      );
      return signed.query?.["X-Amz-Signature"];
    };
    // The independent signer reproduces the grant's signature for the granted type…
    expect(await signatureFor("image/png")).toBe(url.searchParams.get("X-Amz-Signature"));
    // …and gets another one for any other type.
    expect(await signatureFor("image/jpeg")).not.toBe(url.searchParams.get("X-Amz-Signature"));
    expect(await signatureFor("application/pdf")).not.toBe(url.searchParams.get("X-Amz-Signature"));
  });

  it("a browser-style PUT lands in the bucket; the service reads it back", async () => {
    const g = await newGrant();
    const bytes = randomBytes(200_000);
    const put = await fetch(g.upload_url, {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: new Blob([new Uint8Array(bytes)]),
    });
    expect(put.status).toBe(200);
    expect(put.headers.get("etag")).toBe(`"${createHash("md5").update(bytes).digest("hex")}"`);
    expect(
      Buffer.compare((await readObject(svc.store, g.object_key)) ?? Buffer.alloc(0), bytes),
    ).toBe(0);
    expect(await readObject(svc.store, `uploads/${OCR}/never-uploaded.png`)).toBeUndefined();
  });

  it("process reads the document from the bucket", async () => {
    const g = await newGrant();
    // A real PNG: the process route checks the bytes' type.
    const png = await fixture("letter.png");
    expect(
      (
        await fetch(g.upload_url, {
          method: "PUT",
          headers: { "Content-Type": "image/png" },
          body: new Blob([new Uint8Array(png)]),
        })
      ).status,
    ).toBe(200);
    const res = await svc.postJson(processPath(OCR), {
      input: { document: g.s3_uri, mime_type: "image/png" },
    });
    const body = (await res.json()) as { data: { text: string }; meta: { provider: string } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.text).toBe("read by s3-reader");
    expect(Buffer.compare(provider.calls.at(-1)?.bytes ?? Buffer.alloc(0), png)).toBe(0);
  });

  it("a document over the category's limit is refused before it is read, and deleted", async () => {
    // A presigned PUT cannot bound the size, so the bucket takes it; the service does not.
    const g = await newGrant();
    const png = await fixture("letter.png");
    const oversize = Buffer.alloc(MAX + 1);
    png.copy(oversize);
    const put = await fetch(g.upload_url, {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: new Blob([new Uint8Array(oversize)]),
    });
    expect(put.status).toBe(200);
    const calls = provider.calls.length;
    const res = await svc.postJson(processPath(OCR), {
      input: { document: g.s3_uri, mime_type: "image/png" },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: { loc: string[]; msg: string }[] };
    expect(body.detail[0]?.loc).toEqual(["body", "input", "document"]);
    expect(body.detail[0]?.msg).toContain("more than the 25 MiB this category takes");
    expect(provider.calls.length).toBe(calls);
    expect(await readObject(svc.store, g.object_key)).toBeUndefined();
  });

  it("the bucket refuses the URL once it expired", async () => {
    const short = await startService({ env: s3Env({ UPLOAD_URL_TTL_SECONDS: "1" }) });
    try {
      const res = await short.postJson(`/v1/categories/${OCR}/uploads`, {
        content_type: "image/png",
      });
      const g = uploadGrantSchema.parse(await res.json());
      await new Promise((r) => setTimeout(r, 2100));
      const late = await fetch(g.upload_url, {
        method: "PUT",
        headers: { "Content-Type": "image/png" },
        body: "x",
      });
      expect(late.status).toBe(403);
      const xml = await late.text();
      expect(xml).toContain("<Code>AccessDenied</Code>");
      expect(xml).toContain("Request has expired");
    } finally {
      await short.close();
    }
  });

  it("serves no embedded upload route", async () => {
    const res = await fetch(
      `${svc.url}/storage/uploads/${OCR}/${"A".repeat(22)}.png?expires=1&signature=x`,
      {
        method: "PUT",
        body: "x",
      },
    );
    expect(res.status).toBe(404);
  });

  it("/readyz follows the bucket", async () => {
    expect(await (await svc.fetch("/readyz", { key: null })).json()).toMatchObject({
      checks: { storage: "ok" },
    });
    const missing = await startService({ env: s3Env({ S3_BUCKET: "no-such-bucket" }) });
    try {
      const res = await missing.fetch("/readyz", { key: null });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ checks: { storage: "unreachable" } });
    } finally {
      await missing.close();
    }
  });
});

describe("S3 mode behind a store that verifies SigV4", () => {
  let front: SigV4Front;
  let checked: TestService;
  beforeAll(async () => {
    front = await startSigV4Front(endpoint, {
      [CREDENTIALS.accessKeyId]: CREDENTIALS.secretAccessKey,
    });
    checked = await startService({ env: s3Env({ S3_ENDPOINT: front.endpoint }) });
  });
  afterAll(async () => {
    await checked?.close();
    await front?.close();
  });

  const grant = async (contentType = "image/png") => {
    const res = await checked.postJson(`/v1/categories/${OCR}/uploads`, {
      content_type: contentType,
    });
    expect(res.status).toBe(200);
    return uploadGrantSchema.parse(await res.json());
  };
  const put = (url: string, contentType: string, body: Uint8Array | string = "x") =>
    fetch(url, {
      method: "PUT",
      headers: { "Content-Type": contentType },
      body: typeof body === "string" ? body : new Blob([new Uint8Array(body)]),
    });

  it("the front's SigV4 code reproduces the presigned-URL example AWS publishes", () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
    const signature = presignedSignature(
      {
        method: "GET",
        path: "/test.txt",
        query: [
          ["X-Amz-Algorithm", "AWS4-HMAC-SHA256"],
          ["X-Amz-Credential", "AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request"],
          ["X-Amz-Date", "20130524T000000Z"],
          ["X-Amz-Expires", "86400"],
          ["X-Amz-SignedHeaders", "host"],
        ],
        headers: { host: "examplebucket.s3.amazonaws.com" },
      },
      "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    );
    expect(signature).toBe("aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404");
  });

  it("takes a PUT with the granted Content-Type", async () => {
    const g = await grant();
    expect(new URL(g.upload_url).origin).toBe(front.endpoint);
    const bytes = randomBytes(50_000);
    const res = await put(g.upload_url, "image/png", bytes);
    expect(res.status).toBe(200);
    expect(
      Buffer.compare((await readObject(checked.store, g.object_key)) ?? Buffer.alloc(0), bytes),
    ).toBe(0);
  });

  it("signs upload URLs for S3_PUBLIC_ENDPOINT and reads through S3_ENDPOINT", async () => {
    // Browsers reach the store as localhost, the service as 127.0.0.1: two names, one
    // store, which checks that the URL was signed for the host it was sent to.
    const publicEndpoint = front.endpoint.replace("127.0.0.1", "localhost");
    const split = await startService({
      env: s3Env({ S3_ENDPOINT: front.endpoint, S3_PUBLIC_ENDPOINT: publicEndpoint }),
      router: testRouter([provider]),
    });
    try {
      const res = await split.postJson(`/v1/categories/${OCR}/uploads`, {
        content_type: "image/png",
      });
      const g = uploadGrantSchema.parse(await res.json());
      expect(new URL(g.upload_url).origin).toBe(publicEndpoint);
      const png = await fixture("letter.png");
      const put = await fetch(g.upload_url, {
        method: "PUT",
        headers: { "Content-Type": "image/png" },
        body: new Blob([new Uint8Array(png)]),
      });
      expect(put.status, await put.clone().text()).toBe(200);
      // Signed for 127.0.0.1, the same URL sent to localhost is refused: the host counts.
      const refusedBefore = front.refused;
      const wrongHost = await fetch(
        (
          await checked
            .postJson(`/v1/categories/${OCR}/uploads`, { content_type: "image/png" })
            .then((r) => r.json())
            .then((j) => uploadGrantSchema.parse(j).upload_url)
        ).replace("127.0.0.1", "localhost"),
        { method: "PUT", headers: { "Content-Type": "image/png" }, body: "x" },
      );
      expect(wrongHost.status).toBe(403);
      expect(front.refused).toBe(refusedBefore + 1);
      const processed = await split.postJson(processPath(OCR), {
        input: { document: g.s3_uri, mime_type: "image/png" },
      });
      expect(processed.status).toBe(200);
    } finally {
      await split.close();
    }
  });

  it("signs the content_length a client states: the store takes that many bytes only", async () => {
    const res = await checked.postJson(`/v1/categories/${OCR}/uploads`, {
      content_type: "image/png",
      content_length: 1000,
    });
    const g = uploadGrantSchema.parse(await res.json());
    expect(new URL(g.upload_url).searchParams.get("X-Amz-SignedHeaders")?.split(";")).toEqual(
      expect.arrayContaining(["content-length", "content-type"]),
    );
    for (const size of [999, 1001, 30 * 1024 * 1024]) {
      const wrong = await put(g.upload_url, "image/png", randomBytes(size));
      expect(wrong.status, String(size)).toBe(403);
      expect(await wrong.text()).toContain("<Code>SignatureDoesNotMatch</Code>");
    }
    expect(await readObject(checked.store, g.object_key)).toBeUndefined();
    const bytes = randomBytes(1000);
    expect((await put(g.upload_url, "image/png", bytes)).status).toBe(200);
    expect((await readObject(checked.store, g.object_key))?.equals(bytes)).toBe(true);
  });

  it("403 SignatureDoesNotMatch for another Content-Type, and nothing is stored", async () => {
    const g = await grant("image/png");
    const refusedBefore = front.refused;
    for (const type of ["image/jpeg", "application/pdf", "text/html"]) {
      const res = await put(g.upload_url, type);
      expect(res.status, type).toBe(403);
      expect(await res.text()).toContain("<Code>SignatureDoesNotMatch</Code>");
    }
    expect(front.refused - refusedBefore).toBe(3);
    expect(await readObject(checked.store, g.object_key)).toBeUndefined();
    // The same URL with the granted type still works: only the type was wrong.
    expect((await put(g.upload_url, "image/png")).status).toBe(200);
  });

  it("403 SignatureDoesNotMatch for a URL used for another object or a longer lifetime", async () => {
    const a = await grant();
    const b = await grant();
    for (const url of [
      a.upload_url.replace(a.object_key, b.object_key),
      a.upload_url.replace("X-Amz-Expires=900", "X-Amz-Expires=3600"),
    ]) {
      expect(url).not.toBe(a.upload_url);
      const res = await put(url, "image/png");
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("<Code>SignatureDoesNotMatch</Code>");
    }
    expect(await readObject(checked.store, a.object_key)).toBeUndefined();
    expect(await readObject(checked.store, b.object_key)).toBeUndefined();
  });
});
