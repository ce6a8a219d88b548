// POST /v1/documents/download (our extension) over real HTTP, in embedded storage and
// S3 mode: a link for the key that was granted the upload and nobody else, that reads
// the bytes back inline with their type, that expires, and that never outlives retention.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentLinkSchema, uploadGrantSchema } from "@/lib/kernel/contract";
import { OTHER_KEY, startService, TEST_KEY, type TestService } from "./helpers";
import { startTestBucket, type TestBucket } from "./s3-bucket";

const OCR = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
const BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A grant for `key`, with the bytes PUT to it. */
async function upload(svc: TestService, key = TEST_KEY) {
  const res = await svc.postJson(
    `/v1/categories/${OCR}/uploads`,
    { content_type: "image/png" },
    {
      key,
    },
  );
  expect(res.status).toBe(200);
  const grant = uploadGrantSchema.parse(await res.json());
  const put = await fetch(grant.upload_url, {
    method: "PUT",
    headers: { "Content-Type": "image/png" },
    body: new Blob([BYTES]),
  });
  expect(put.status).toBe(200);
  return grant;
}

const askLink = (svc: TestService, body: unknown, key = TEST_KEY) =>
  svc.postJson("/v1/documents/download", body, { key });

async function link(svc: TestService, objectKey: string, expiresIn?: number) {
  const res = await askLink(svc, {
    object_key: objectKey,
    ...(expiresIn ? { expires_in: expiresIn } : {}),
  });
  expect(res.status).toBe(200);
  return documentLinkSchema.parse(await res.json());
}

/** Runs the same checks against a started service (embedded or S3). */
function linkContract(name: string, start: () => Promise<TestService>, expiredStatus = 403) {
  describe(name, () => {
    let svc: TestService;
    beforeAll(async () => {
      svc = await start();
    });
    afterAll(async () => {
      await svc?.close();
    });

    it("gives the granted key a link that reads the bytes back inline with their type", async () => {
      const grant = await upload(svc);
      const answer = await link(svc, grant.object_key);
      expect(answer.expires_in).toBe(300);
      expect(answer.content_type).toBe("image/png");
      const res = await fetch(answer.url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("content-disposition")).toMatch(/^inline/);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(BYTES);
    });

    it("answers another API key as if the upload did not exist", async () => {
      const grant = await upload(svc);
      const mine = await askLink(svc, { object_key: grant.object_key });
      const theirs = await askLink(svc, { object_key: grant.object_key }, OTHER_KEY);
      expect(mine.status).toBe(200);
      expect(theirs.status).toBe(404);
      const body = (await theirs.json()) as { detail: string };
      expect(body.detail).toMatch(/No upload of this API key has that object key/);
      const unknown = await askLink(svc, { object_key: `uploads/${OCR}/${"A".repeat(22)}.png` });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual(body);
    });

    it("refuses a link that expired", async () => {
      const grant = await upload(svc);
      // Three seconds, so a busy machine still fetches it once in time.
      const answer = await link(svc, grant.object_key, 3);
      expect(answer.expires_in).toBe(3);
      expect((await fetch(answer.url)).status).toBe(200);
      // Signed in whole seconds: past the second after the one it names, it is gone.
      await sleep(4_100);
      const late = await fetch(answer.url);
      expect(late.status).toBe(expiredStatus);
      expect(await late.text()).toMatch(/expired/i);
    });

    it("says 404 when nothing was uploaded, 422 for a bad body, 401 without a key", async () => {
      const res = await svc.postJson(`/v1/categories/${OCR}/uploads`, {
        content_type: "image/png",
      });
      const grant = uploadGrantSchema.parse(await res.json());
      const empty = await askLink(svc, { object_key: grant.object_key });
      expect(empty.status).toBe(404);
      expect(((await empty.json()) as { detail: string }).detail).toMatch(/Nothing was uploaded/);
      const bad = await askLink(svc, { object_key: "", expires_in: 0 });
      expect(bad.status).toBe(422);
      const { detail } = (await bad.json()) as { detail: { loc: string[] }[] };
      expect(detail.map((item) => item.loc.join("."))).toEqual([
        "body.object_key",
        "body.expires_in",
      ]);
      const nobody = await svc.postJson(
        "/v1/documents/download",
        { object_key: grant.object_key },
        { key: null },
      );
      expect(nobody.status).toBe(401);
    });

    it("says 410 once retention has ended, and a link never outlives it", async () => {
      const apiKeyId = createHash("sha256").update(TEST_KEY).digest("hex");
      const hours = svc.config.uploadRetentionHours;
      const old = `uploads/${OCR}/${"B".repeat(22)}.png`;
      const createdAt = new Date(Date.now() - hours * 3_600_000 - 1000);
      await svc.db.grants.create({
        objectKey: old,
        categoryId: OCR,
        contentType: "image/png",
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 900_000),
        apiKeyId,
      });
      const gone = await askLink(svc, { object_key: old });
      expect(gone.status).toBe(410);
      expect(((await gone.json()) as { detail: string }).detail).toMatch(
        /deleted at the end of its retention/,
      );

      const grant = await upload(svc);
      const record = await svc.db.grants.find(grant.object_key);
      expect(record?.apiKeyId).toBe(apiKeyId);
    });
  });
}

linkContract("embedded storage", () => startService());

describe("embedded storage's download URL", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("cannot be forged from an upload URL, another type or a changed signature", async () => {
    const grant = await upload(svc);
    // The upload URL signs PUT: it never reads.
    expect((await fetch(grant.upload_url)).status).toBe(403);
    const answer = await link(svc, grant.object_key);
    const url = new URL(answer.url);
    url.searchParams.set("type", "text/html");
    expect((await fetch(url)).status).toBe(403);
    const tampered = new URL(answer.url);
    const signature = tampered.searchParams.get("signature") ?? "";
    tampered.searchParams.set(
      "signature",
      `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`,
    );
    expect((await fetch(tampered)).status).toBe(403);
    // Nor for another object: the key is signed in.
    const other = await upload(svc);
    const moved = new URL(answer.url.replace(grant.object_key, other.object_key));
    expect((await fetch(moved)).status).toBe(403);
  });

  it("answers 404 once the object is gone", async () => {
    const grant = await upload(svc);
    const answer = await link(svc, grant.object_key);
    await svc.store.remove([grant.object_key]);
    const res = await fetch(answer.url);
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/NoSuchKey/);
  });
});

let bucket: TestBucket | undefined;
afterAll(async () => {
  await bucket?.close();
});
linkContract("S3 mode (presigned GetObject)", async () => {
  bucket ??= await startTestBucket();
  return startService({ env: bucket.env() });
});
