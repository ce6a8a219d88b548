// The persistence layer against SQLite and, when TEST_DATABASE_URL is set, a real
// PostgreSQL server (db-backends.ts).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openServiceDb, SQLITE_FILE } from "../src/db";
import type { ServiceDb } from "../src/db/types";
import { type DbBackend, dbBackends } from "./db-backends";

const category = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";

describe.each(dbBackends())("database on %s", (_name, makeBackend) => {
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

  it("answers ping", async () => {
    await expect(db.ping()).resolves.toBeUndefined();
  });

  it("stores a grant and records the upload", async () => {
    const objectKey = `uploads/${category}/${randomBytes(8).toString("hex")}.png`;
    const createdAt = new Date("2026-11-22T10:00:00.123Z");
    const expiresAt = new Date("2026-11-22T10:15:00.123Z");
    await db.grants.create({
      objectKey,
      categoryId: category,
      contentType: "image/png",
      createdAt,
      expiresAt,
    });

    expect(await db.grants.find(objectKey)).toEqual({
      objectKey,
      categoryId: category,
      contentType: "image/png",
      createdAt,
      expiresAt,
      uploadedAt: null,
      size: null,
      apiKeyId: null,
    });

    const at = new Date("2026-11-22T10:01:00.000Z");
    await db.grants.markUploaded(objectKey, 123_456, at);
    const found = await db.grants.find(objectKey);
    expect(found?.uploadedAt).toEqual(at);
    expect(found?.size).toBe(123_456);
    expect(typeof found?.size).toBe("number");
  });

  it("finds nothing for an unknown object key", async () => {
    expect(await db.grants.find("uploads/nothing/here.png")).toBeUndefined();
  });

  it("refuses a second grant for the same object key", async () => {
    const objectKey = `uploads/${category}/${randomBytes(8).toString("hex")}.pdf`;
    const grant = {
      objectKey,
      categoryId: category,
      contentType: "application/pdf",
      createdAt: new Date(),
      expiresAt: new Date(),
    };
    await db.grants.create(grant);
    await expect(db.grants.create(grant)).rejects.toThrow();
  });

  it("claims a key once, then reports in-flight, mismatch and replay", async () => {
    const scope = "scope-a";
    const key = `key-${randomBytes(4).toString("hex")}`;
    const now = new Date();
    expect(await db.idempotency.claim(scope, key, "hash-1", now)).toEqual({ kind: "claimed" });
    expect(await db.idempotency.claim(scope, key, "hash-1", now)).toEqual({ kind: "in_flight" });
    expect(await db.idempotency.claim(scope, key, "hash-2", now)).toEqual({ kind: "mismatch" });

    const body = '{"data":{"text":"é ✓"},"meta":{"trace_id":"abc"}}';
    await db.idempotency.complete(scope, key, { status: 200, body });
    expect(await db.idempotency.claim(scope, key, "hash-1", now)).toEqual({
      kind: "replay",
      response: { status: 200, body },
    });
    expect(await db.idempotency.claim(scope, key, "hash-2", now)).toEqual({ kind: "mismatch" });
  });

  it("keeps keys apart per scope", async () => {
    const key = `key-${randomBytes(4).toString("hex")}`;
    const now = new Date();
    expect(await db.idempotency.claim("scope-1", key, "h", now)).toEqual({ kind: "claimed" });
    expect(await db.idempotency.claim("scope-2", key, "h", now)).toEqual({ kind: "claimed" });
    await db.idempotency.release("scope-1", key);
    await db.idempotency.release("scope-2", key);
  });

  it("frees a released key for the next request", async () => {
    const key = `key-${randomBytes(4).toString("hex")}`;
    const now = new Date();
    expect(await db.idempotency.claim("s", key, "h", now)).toEqual({ kind: "claimed" });
    await db.idempotency.release("s", key);
    expect(await db.idempotency.claim("s", key, "other-hash", now)).toEqual({ kind: "claimed" });
    await db.idempotency.release("s", key);
  });

  it("forgets a record after the retention", async () => {
    const key = `key-${randomBytes(4).toString("hex")}`;
    const first = new Date("2026-11-01T00:00:00Z");
    expect(await db.idempotency.claim("s", key, "h", first)).toEqual({ kind: "claimed" });
    await db.idempotency.complete("s", key, { status: 200, body: "{}" });

    const withinDay = new Date(first.getTime() + 24 * 3600_000 - 1);
    expect((await db.idempotency.claim("s", key, "h", withinDay)).kind).toBe("replay");
    const afterDay = new Date(first.getTime() + 24 * 3600_000 + 1);
    expect(await db.idempotency.claim("s", key, "other", afterDay)).toEqual({ kind: "claimed" });
    await db.idempotency.release("s", key);
  });

  it("lets a new request take over a claim abandoned past the lease", async () => {
    const key = `key-${randomBytes(4).toString("hex")}`;
    const t0 = new Date("2026-11-21T00:00:00Z");
    expect(await db.idempotency.claim("s", key, "h", t0)).toEqual({ kind: "claimed" });
    const soon = new Date(t0.getTime() + 10_000);
    expect(await db.idempotency.claim("s", key, "h", soon)).toEqual({ kind: "in_flight" });
    // A second store instance plays the part of another process.
    const other = await backend.open({ inFlightLeaseMs: 5 * 60_000 });
    try {
      const late = new Date(t0.getTime() + 5 * 60_000 + 1);
      expect(await other.idempotency.claim("s", key, "h", late)).toEqual({ kind: "claimed" });
      // The original holder's late answer must not overwrite the new holder's record.
      await db.idempotency.complete("s", key, { status: 200, body: '"stale"' });
      await other.idempotency.complete("s", key, { status: 200, body: '"fresh"' });
      const replay = await db.idempotency.claim("s", key, "h", late);
      expect(replay).toEqual({ kind: "replay", response: { status: 200, body: '"fresh"' } });
    } finally {
      await other.close();
    }
  });

  it("keeps a live holder's claim past the lease, and frees a dead one's after it", async () => {
    const key = `key-${randomBytes(4).toString("hex")}`;
    // Two instances with a 600 ms lease: the holder renews its claim every 200 ms.
    const holder = await backend.open({ inFlightLeaseMs: 600 });
    const other = await backend.open({ inFlightLeaseMs: 600 });
    try {
      expect(await holder.idempotency.claim("s", key, "h", new Date())).toEqual({
        kind: "claimed",
      });
      await new Promise((r) => setTimeout(r, 1500));
      // Running 2.5 leases long, and still its own.
      expect(await other.idempotency.claim("s", key, "h", new Date())).toEqual({
        kind: "in_flight",
      });
      // The holder's process dies: nobody renews the claim any more.
      holder.idempotency.stopRenewing();
      await new Promise((r) => setTimeout(r, 900));
      expect(await other.idempotency.claim("s", key, "h", new Date())).toEqual({
        kind: "claimed",
      });
      await other.idempotency.complete("s", key, { status: 200, body: '"done"' });
    } finally {
      await holder.close();
      await other.close();
    }
  });

  it("gives exactly one claim to 100 concurrent requests", async () => {
    const key = `key-${randomBytes(4).toString("hex")}`;
    const now = new Date();
    const claims = await Promise.all(
      Array.from({ length: 100 }, () => db.idempotency.claim("s", key, "h", now)),
    );
    expect(claims.filter((c) => c.kind === "claimed")).toHaveLength(1);
    expect(claims.filter((c) => c.kind === "in_flight")).toHaveLength(99);
    await db.idempotency.release("s", key);
  });

  it("gives exactly one claim across several connections at once", async () => {
    const key = `key-${randomBytes(4).toString("hex")}`;
    const now = new Date();
    const others = await Promise.all(Array.from({ length: 4 }, () => backend.open()));
    try {
      const stores = [db, ...others];
      const claims = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          (stores[i % stores.length] ?? db).idempotency.claim("s", key, "h", now),
        ),
      );
      expect(claims.filter((c) => c.kind === "claimed")).toHaveLength(1);
    } finally {
      await Promise.all(others.map((o) => o.close()));
    }
  });
});

describe("database selection", () => {
  it("creates the SQLite file in the data folder with WAL on", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "docroute-db-"));
    try {
      const db = await openServiceDb(undefined, path.join(dir, "nested"));
      await db.close();
      const mode = await sqliteJournalMode(path.join(dir, "nested", SQLITE_FILE));
      expect(mode).toBe("wal");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("fails with a readable message when PostgreSQL cannot be reached", async () => {
    await expect(
      openServiceDb("postgres://nobody:nothing@127.0.0.1:1/none", "/tmp"),
    ).rejects.toThrow(/migration|ECONNREFUSED|connect/i);
  });
});

// Reads the journal mode from a separate process, as another instance would see it.
function sqliteJournalMode(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      "-e",
      `const db=require("better-sqlite3")(${JSON.stringify(file)});process.stdout.write(db.pragma("journal_mode",{simple:true}))`,
    ]);
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
  });
}
