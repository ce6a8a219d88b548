// The retention sweep: unused grants go an hour after their URL expired, everything else
// UPLOAD_RETENTION_HOURS after the grant, objects before their grant rows; in embedded
// mode (files under the data dir) and S3 mode (a real bucket), on SQLite and PostgreSQL.
import { randomBytes } from "node:crypto";
import { access } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadServiceConfig } from "../src/config";
import type { ServiceDb } from "../src/db/types";
import { isEmbeddedStore } from "../src/storage/embedded";
import { readObject } from "../src/storage/read";
import { sweepUploads, UNUSED_GRACE_MS } from "../src/storage/retention";
import type { ObjectStore } from "../src/storage/types";
import { type DbBackend, dbBackends } from "./db-backends";
import { startService, type TestService } from "./helpers";
import {
  OCR,
  processPath,
  requestGrant,
  testProvider,
  testRouter,
  uploadFixture,
} from "./process-helpers";
import { startTestBucket, type TestBucket } from "./s3-bucket";

const HOUR = 3600_000;
const RETENTION = { retentionMs: 24 * HOUR, unusedGraceMs: UNUSED_GRACE_MS };

describe.each(dbBackends())("which grants are past their time, on %s", (_name, makeBackend) => {
  let backend: DbBackend;
  let db: ServiceDb;
  beforeAll(async () => {
    backend = await makeBackend();
    db = await backend.open();
  });
  afterAll(async () => {
    await db?.close();
    await backend?.cleanup();
  });

  it("sweeps unused grants after expiry plus the grace, used ones after the retention", async () => {
    const t0 = new Date("2026-11-20T00:00:00Z").getTime();
    const grant = async (name: string, createdAt: number, uploaded: boolean) => {
      const objectKey = `uploads/${OCR}/${name}-${randomBytes(6).toString("hex")}.png`;
      await db.grants.create({
        objectKey,
        categoryId: OCR,
        contentType: "image/png",
        createdAt: new Date(createdAt),
        expiresAt: new Date(createdAt + 15 * 60_000),
      });
      if (uploaded) await db.grants.markUploaded(objectKey, 10, new Date(createdAt + 60_000));
      return objectKey;
    };
    const unusedOld = await grant("unused-old", t0, false);
    const unusedRecent = await grant("unused-recent", t0 + 24 * HOUR, false);
    const usedOld = await grant("used-old", t0, true);
    const usedRecent = await grant("used-recent", t0 + 10 * HOUR, true);
    // 25 h after t0: the recent unused URL expired 45 min ago, within the hour's grace.
    const now = new Date(t0 + 25 * HOUR);
    const removed: string[] = [];
    const store: ObjectStore = {
      bucket: "b",
      presignPut: () => Promise.reject(new Error("unused")),
      open: async () => undefined,
      remove: async (keys) => {
        // Objects go first: their grants are still there when they do.
        for (const key of keys) expect(await db.grants.find(key)).toBeDefined();
        removed.push(...keys);
      },
      check: async () => {},
    };
    expect(await sweepUploads(db.grants, store, RETENTION, now)).toBe(2);
    expect(removed.sort()).toEqual([unusedOld, usedOld].sort());
    for (const key of [unusedOld, usedOld]) expect(await db.grants.find(key)).toBeUndefined();
    for (const key of [unusedRecent, usedRecent]) expect(await db.grants.find(key)).toBeDefined();
    expect(await sweepUploads(db.grants, store, RETENTION, now)).toBe(0);
  });
});

/** Grant, upload, sweep "25 hours later": the object and grant are gone, processing says so. */
async function showsRetention(svc: TestService): Promise<void> {
  const kept = await uploadFixture(svc, OCR, "letter.png", "image/png");
  const old = await uploadFixture(svc, OCR, "letter.png", "image/png");
  const unused = await requestGrant(svc, OCR, "image/png");
  // Make `old` and `unused` old without waiting: their rows say they were granted 25 h ago.
  const oldGrant = await svc.db.grants.find(old.object_key);
  const unusedGrant = await svc.db.grants.find(unused.object_key);
  if (!oldGrant || !unusedGrant) throw new Error("grants missing");
  await svc.db.grants.delete([old.object_key, unused.object_key]);
  const past = (ms: number) => new Date(ms - 25 * HOUR);
  for (const g of [oldGrant, unusedGrant]) {
    await svc.db.grants.create({
      ...g,
      createdAt: past(g.createdAt.getTime()),
      expiresAt: past(g.expiresAt.getTime()),
    });
  }
  await svc.db.grants.markUploaded(old.object_key, old.bytes.length, past(Date.now()));
  const embeddedFile = isEmbeddedStore(svc.store) ? svc.store.pathOf(old.object_key) : undefined;
  if (embeddedFile) await access(embeddedFile);

  expect(await sweepUploads(svc.db.grants, svc.store, RETENTION, new Date())).toBe(2);

  expect(await readObject(svc.store, old.object_key)).toBeUndefined();
  if (embeddedFile) await expect(access(embeddedFile)).rejects.toThrow();
  expect(await svc.db.grants.find(old.object_key)).toBeUndefined();
  expect(await svc.db.grants.find(unused.object_key)).toBeUndefined();
  const res = await svc.postJson(processPath(OCR), {
    input: { document: old.s3_uri, mime_type: "image/png" },
  });
  expect(res.status).toBe(422);
  expect(JSON.stringify(await res.json())).toContain("not an upload of this service");

  expect((await readObject(svc.store, kept.object_key))?.equals(kept.bytes)).toBe(true);
  expect(await svc.db.grants.find(kept.object_key)).toBeDefined();
}

describe("the sweep deletes stored objects", () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startTestBucket();
  });
  afterAll(async () => {
    await bucket?.close();
  });

  it("in embedded mode: the file under the data dir", async () => {
    const svc = await startService({ router: testRouter([testProvider("kept")]) });
    try {
      await showsRetention(svc);
    } finally {
      await svc.close();
    }
  });

  it("in S3 mode: the object in the bucket", async () => {
    const svc = await startService({
      env: bucket.env(),
      router: testRouter([testProvider("kept")]),
    });
    try {
      await showsRetention(svc);
    } finally {
      await svc.close();
    }
  });
});

describe("UPLOAD_RETENTION_HOURS", () => {
  const base = { SERVICE_API_KEYS: "k".repeat(20) };
  it("defaults to 24 hours and takes a whole number of hours", () => {
    expect(loadServiceConfig(base).uploadRetentionHours).toBe(24);
    expect(loadServiceConfig({ ...base, UPLOAD_RETENTION_HOURS: "72" }).uploadRetentionHours).toBe(
      72,
    );
    expect(() => loadServiceConfig({ ...base, UPLOAD_RETENTION_HOURS: "0" })).toThrow(
      "UPLOAD_RETENTION_HOURS: must be at least 1",
    );
  });
});
