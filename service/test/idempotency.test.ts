// Idempotency-Key over real HTTP (INTERFACE.md): replay byte for byte, 422 for another
// body, 409 while the first runs, exactly one execution under concurrency, scoped to
// the API key, and kept in the database so another instance replays it too.
import { randomBytes } from "node:crypto";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validationErrorSchema } from "@/lib/kernel/contract";
import { SQLITE_FILE } from "../src/db";
import type { ServiceDb } from "../src/db/types";
import { type DbBackend, dbBackends } from "./db-backends";
import { OTHER_KEY, startService, type TestService } from "./helpers";
import {
  gate,
  OCR,
  processPath,
  requestGrant,
  type TestProvider,
  testProvider,
  testRouter,
  uploadFixture,
} from "./process-helpers";

const newKey = () => `key-${randomBytes(8).toString("hex")}`;

describe("Idempotency-Key", () => {
  let svc: TestService;
  let provider: TestProvider;
  let document: string;

  beforeAll(async () => {
    provider = testProvider("counted", { delayMs: 20 });
    svc = await startService({ router: testRouter([provider]) });
    document = (await uploadFixture(svc, OCR, "invoice.png", "image/png")).s3_uri;
  });
  afterAll(async () => {
    await svc?.close();
  });

  const send = (key: string, body: unknown, apiKey?: string) =>
    svc.postJson(processPath(OCR), body, { headers: { "Idempotency-Key": key }, key: apiKey });

  it("replays the first response byte for byte, with Idempotent-Replayed, and runs nothing again", async () => {
    const key = newKey();
    const body = { input: { document, mime_type: "image/png", language_hints: ["eng"] } };
    const first = await send(key, body);
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstText = await first.text();
    const calls = provider.calls.length;

    // The same body with its keys in another order and other spacing is the same request.
    const reordered = { input: { language_hints: ["eng"], mime_type: "image/png", document } };
    for (const again of [body, reordered]) {
      const replay = await send(key, again);
      expect(replay.status).toBe(200);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(await replay.text()).toBe(firstText);
      expect(replay.headers.get("x-request-id")).toBe(first.headers.get("x-request-id"));
    }
    expect(JSON.parse(firstText).meta.trace_id).toBe(first.headers.get("x-request-id"));
    expect(provider.calls).toHaveLength(calls);
  });

  it("answers 422 at header.idempotency-key when the key comes back with another body", async () => {
    const key = newKey();
    expect((await send(key, { input: { document, mime_type: "image/png" } })).status).toBe(200);
    const calls = provider.calls.length;
    const res = await send(key, {
      input: { document, mime_type: "image/png", language_hints: ["deu"] },
    });
    expect(res.status).toBe(422);
    const { detail } = validationErrorSchema.parse(await res.json());
    expect(detail).toMatchObject([
      { type: "value_error", loc: ["header", "idempotency-key"], input: key },
    ]);
    expect(detail[0]?.msg).toMatch(/already used for a different request in the last 24 hours/);
    expect(provider.calls).toHaveLength(calls);
  });

  it("keeps keys apart per API key", async () => {
    const key = newKey();
    const body = { input: { document, mime_type: "image/png" } };
    const mine = await send(key, body);
    const theirs = await send(key, body, OTHER_KEY);
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.headers.get("x-request-id")).not.toBe(mine.headers.get("x-request-id"));
  });

  it("stores a hash of the API key as the scope, never the key itself", async () => {
    const key = newKey();
    expect((await send(key, { input: { document, mime_type: "image/png" } })).status).toBe(200);
    const file = new SQLite(path.join(svc.dataDir, SQLITE_FILE), { readonly: true });
    try {
      const rows = file
        .prepare("select scope from idempotency_records where idem_key = ?")
        .all(key) as {
        scope: string;
      }[];
      expect(rows).toHaveLength(1);
      expect(rows[0]?.scope).toMatch(/^[0-9a-f]{64}$/);
      const everything = JSON.stringify(file.prepare("select * from idempotency_records").all());
      expect(everything).not.toContain(svc.key);
    } finally {
      file.close();
    }
  });

  it("refuses a key that is empty, too long or not printable", async () => {
    const body = { input: { document, mime_type: "image/png" } };
    for (const [key, type] of [
      ["", "string_too_short"],
      ["x".repeat(256), "string_too_long"],
      ["tab\there", "value_error"],
    ] as const) {
      const res = await send(key, body);
      expect(res.status).toBe(422);
      const { detail } = validationErrorSchema.parse(await res.json());
      expect(detail).toMatchObject([{ type, loc: ["header", "idempotency-key"] }]);
    }
    expect((await send("x".repeat(255), body)).status).toBe(200);
  });

  it("does not store a refusal made before processing: the fixed retry with the same key runs", async () => {
    const key = newKey();
    const grant = await requestGrant(svc, OCR, "image/png");
    const body = { input: { document: grant.s3_uri, mime_type: "image/png" } };
    const early = await send(key, body);
    expect(early.status).toBe(422);

    const bytes = (await uploadFixture(svc, OCR, "invoice.png", "image/png")).bytes;
    const put = await fetch(grant.upload_url, {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    const retry = await send(key, body);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("Idempotency-Key with a final failure", () => {
  it("stores a 502 and replays it byte for byte without trying the providers again", async () => {
    const a = testProvider("fails-a", { fail: true });
    const b = testProvider("fails-b", { fail: true });
    const svc = await startService({ router: testRouter([a, b]) });
    try {
      const document = (await uploadFixture(svc, OCR, "invoice.png", "image/png")).s3_uri;
      const key = newKey();
      const post = () =>
        svc.postJson(
          processPath(OCR),
          { input: { document, mime_type: "image/png" } },
          { headers: { "Idempotency-Key": key } },
        );
      const first = await post();
      expect(first.status).toBe(502);
      const firstText = await first.text();
      expect(JSON.parse(firstText)).toMatchObject({
        detail: "All providers failed",
        failover_depth: 2,
      });

      const replay = await post();
      expect(replay.status).toBe(502);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(replay.headers.get("x-request-id")).toBe(first.headers.get("x-request-id"));
      expect(await replay.text()).toBe(firstText);
      expect(a.calls).toHaveLength(1);
      expect(b.calls).toHaveLength(1);
    } finally {
      await svc.close();
    }
  });
});

describe("Idempotency-Key when the client goes away", () => {
  it("frees the key, so the client's retry runs instead of waiting on a 409", async () => {
    const held = gate();
    const provider = testProvider("held", { gate: held.promise });
    const svc = await startService({ router: testRouter([provider]) });
    try {
      const document = (await uploadFixture(svc, OCR, "invoice.png", "image/png")).s3_uri;
      const key = newKey();
      const body = { input: { document, mime_type: "image/png" } };
      const gone = new AbortController();
      const first = svc
        .postJson(processPath(OCR), body, {
          headers: { "Idempotency-Key": key },
          signal: gone.signal,
        })
        .catch((error: unknown) => error);
      await expect.poll(() => provider.calls.length).toBe(1);
      gone.abort();
      expect(await first).toBeInstanceOf(Error);
      // The service notices the closed connection and aborts the provider's attempt.
      await expect.poll(() => provider.calls[0]?.signal.aborted).toBe(true);

      held.open();
      await expect
        .poll(async () => {
          const retry = await svc.postJson(processPath(OCR), body, {
            headers: { "Idempotency-Key": key },
          });
          return [retry.status, retry.headers.get("idempotent-replayed")];
        })
        .toEqual([200, null]);
      expect(provider.calls).toHaveLength(2);
    } finally {
      held.open();
      await svc.close();
    }
  });
});

describe("Idempotency-Key while the first request runs", () => {
  let svc: TestService;
  let provider: TestProvider;
  let held: ReturnType<typeof gate>;
  let document: string;

  beforeAll(async () => {
    held = gate();
    provider = testProvider("held", { gate: held.promise });
    svc = await startService({ router: testRouter([provider]) });
    document = (await uploadFixture(svc, OCR, "invoice.png", "image/png")).s3_uri;
  });
  afterAll(async () => {
    held.open();
    await svc?.close();
  });

  it("answers 409 for the same key until the first finishes, then replays it", async () => {
    const key = newKey();
    const body = { input: { document, mime_type: "image/png" } };
    const post = () =>
      svc.postJson(processPath(OCR), body, { headers: { "Idempotency-Key": key } });
    const first = post();
    await expect.poll(() => provider.calls.length).toBe(1);

    const second = await post();
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      detail: expect.stringMatching(/Idempotency-Key is still being processed/),
    });

    held.open();
    const firstRes = await first;
    expect(firstRes.status).toBe(200);
    const replay = await post();
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.text()).toBe(await firstRes.text());
    expect(provider.calls).toHaveLength(1);
  });
});

describe.each(dbBackends())("Idempotency-Key on %s across instances", (_name, makeBackend) => {
  let backend: DbBackend;
  const opened: ServiceDb[] = [];
  const services: TestService[] = [];

  beforeAll(async () => {
    backend = await makeBackend();
  });
  afterAll(async () => {
    await Promise.all(services.map((s) => s.close()));
    await Promise.all(opened.map((d) => d.close()));
    await backend?.cleanup();
  });

  async function instance(
    provider: TestProvider,
    store?: TestService["store"],
  ): Promise<TestService> {
    const db = await backend.open();
    opened.push(db);
    const svc = await startService({ db, store, router: testRouter([provider]) });
    services.push(svc);
    return svc;
  }

  it("runs 100 concurrent requests with one key exactly once, over two instances", async () => {
    const held = gate();
    const provider = testProvider("once", { gate: held.promise });
    const a = await instance(provider);
    // Two instances, one database and one storage: as two replicas behind a balancer.
    const b = await instance(provider, a.store);
    const doc = await uploadFixture(a, OCR, "invoice.png", "image/png");
    const key = newKey();
    const body = { input: { document: doc.s3_uri, mime_type: "image/png" } };

    let answered = 0;
    const pending = Array.from({ length: 100 }, (_, i) =>
      (i % 2 ? a : b)
        .postJson(processPath(OCR), body, { headers: { "Idempotency-Key": key } })
        .then((res) => {
          answered++;
          return res;
        }),
    );
    // Hold the one execution until every other request has been answered.
    await expect.poll(() => answered, { timeout: 20_000 }).toBe(99);
    expect(provider.calls).toHaveLength(1);
    held.open();
    const responses = await Promise.all(pending);

    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect(provider.calls).toHaveLength(1);

    const firstText = await responses.find((r) => r.status === 200)?.text();
    for (const svc of [a, b]) {
      const replay = await svc.postJson(processPath(OCR), body, {
        headers: { "Idempotency-Key": key },
      });
      expect(replay.status).toBe(200);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(await replay.text()).toBe(firstText);
    }
    expect(provider.calls).toHaveLength(1);
  });
});
