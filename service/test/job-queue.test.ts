// The durable queue under jobs, on SQLite (the table queue) and on PostgreSQL (pg-boss)
// when TEST_DATABASE_URL is set: two instances in this process on one database. A job
// whose instance dies mid-page is taken over by the other once its lease runs out and
// finishes with every page read and kept once; one buyer's long batch does not keep
// another's one-page document waiting for more than about a page.

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OcrData } from "@/lib/kernel/contract";
import { findCategory } from "../src/catalog";
import { loadRunConfig } from "../src/config";
import type { JobRecord, ServiceDb } from "../src/db/types";
import { type Jobs, type JobsConfig, type JobToCreate, startJobs } from "../src/jobs";
import { createDocumentRunner } from "../src/run/runner";
import type { ObjectStore } from "../src/storage/types";
import { type DbBackend, dbBackends } from "./db-backends";
import {
  type PageCall,
  pageReader,
  pagesPdf,
  readersRouter,
  testJobsConfig,
  waitFor,
} from "./job-helpers";
import { PDF } from "./process-helpers";

const silent = { error: () => {} };

/** Documents by object key, in memory: what jobs read. */
function memoryStore(): ObjectStore & { put(key: string, bytes: Buffer): void } {
  const objects = new Map<string, Buffer>();
  return {
    bucket: "test",
    put: (key, bytes) => void objects.set(key, bytes),
    presignPut: async () => {
      throw new Error("not in this test");
    },
    async open(key) {
      const bytes = objects.get(key);
      return bytes && { size: bytes.length, body: Readable.from([bytes]) };
    },
    read: async (key) => objects.get(key),
    remove: async (keys) => {
      for (const key of keys) objects.delete(key);
    },
    check: async () => {},
  };
}

const category = findCategory(PDF);
if (!category) throw new Error("no PDF category");

/** A job of a PDF of `pages` pages stored under `key`, made by `owner`. */
function document(key: string, pages: number, owner: string): JobToCreate {
  return {
    owner,
    category: category as NonNullable<typeof category>,
    traceId: `trace-${key}`,
    parts: {
      idempotencyKey: undefined,
      document: `s3://test/${key}`,
      inputRef: undefined,
      mimeType: "application/pdf",
      languageHints: [],
      passthrough: {},
      respondAsync: true,
      callbackUrl: undefined,
    },
    resolved: {
      grant: {
        objectKey: key,
        categoryId: PDF,
        contentType: "application/pdf",
        apiKeyId: null,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 60_000),
        uploadedAt: new Date(),
        size: 1,
      },
      mimeType: "application/pdf",
      maxBytes: 25 * 1024 * 1024,
    },
    read: { bytes: Buffer.alloc(1), pages },
    callbackUrl: undefined,
  };
}

describe.each(dbBackends())("jobs on %s", (backendName, makeBackend) => {
  let backend: DbBackend;
  const opened: ServiceDb[] = [];
  const started: Jobs[] = [];
  const store = memoryStore();
  const bossSchema = `boss_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    backend = await makeBackend();
  });
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.close();
    for (const db of opened.splice(0)) await db.close();
  });
  afterAll(async () => {
    await backend?.cleanup();
    const url = process.env.TEST_DATABASE_URL;
    if (backendName === "postgres" && url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop schema if exists "${bossSchema}" cascade`);
      await admin.end();
    }
  });

  /** Another instance: its own connections, queue takers and router. */
  async function instance(
    readers: Parameters<typeof readersRouter>[0],
    config: JobsConfig,
  ): Promise<{ db: ServiceDb; jobs: Jobs }> {
    const db = await backend.open();
    opened.push(db);
    const runner = createDocumentRunner({
      router: readersRouter(readers),
      grants: db.grants,
      store,
      config: loadRunConfig(),
    });
    const jobs = await startJobs({
      db,
      store,
      runner,
      config: { ...config, queueSchema: bossSchema },
      log: silent,
      maintenanceSeconds: 1,
    });
    started.push(jobs);
    return { db, jobs };
  }

  const finished = async (db: ServiceDb, id: string) => {
    const job = await db.jobs.find(id);
    return job && (job.status === "succeeded" || job.status === "failed") ? job : undefined;
  };

  it("takes over a job whose instance died mid-page, and reads every page once", async () => {
    const config = testJobsConfig({ leaseMs: 1500, concurrency: 1 });
    const log: PageCall[] = [];
    const readerA = pageReader("reader-a", log);
    const readerB = pageReader("reader-b", log);
    store.put("resume.pdf", pagesPdf(6, "Resumed"));
    readerA.hold(3);

    const a = await instance([readerA], config);
    expect(a.jobs.queueKind).toBe(backendName === "postgres" ? "pg-boss" : "table");
    const [job] = await a.jobs.create([document("resume.pdf", 6, "owner")]);
    if (!job) throw new Error("no job");
    await waitFor(
      () => log.some((c) => c.reader === "reader-a" && c.pages?.[0] === 3),
      15_000,
      "instance A to read page 3",
    );
    expect((await a.db.jobs.find(job.id))?.pagesDone).toBe(2);

    const b = await instance([readerB], config);
    // A dies while it reads page 3: it lets go of nothing.
    await a.jobs.crash();
    const done = await waitFor(() => finished(b.db, job.id), 20_000, "the job to finish");

    expect(done.status).toBe("succeeded");
    expect(done.pagesDone).toBe(6);
    expect(await b.db.jobs.pageNumbers(job.id)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6]));
    expect(await b.db.jobs.pageNumbers(job.id)).toHaveLength(6);
    // Each page read to the end once; page 3 was begun by A and abandoned when it died.
    const read = log.filter((c) => c.outcome === "done").map((c) => [c.reader, c.pages?.[0]]);
    expect(read).toEqual([
      ["reader-a", 1],
      ["reader-a", 2],
      ["reader-b", 3],
      ["reader-b", 4],
      ["reader-b", 5],
      ["reader-b", 6],
    ]);
    expect(log.filter((c) => c.outcome === "aborted").map((c) => [c.reader, c.pages])).toEqual([
      ["reader-a", [3]],
    ]);
    const body = JSON.parse(done.resultBody ?? "{}") as { data: OcrData; meta: { pages: number } };
    expect(body.data.pages.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(body.data.text).toMatch(/^Resumed 1 of the document[\s\S]*Resumed 6 of the document$/);
    expect(body.meta.pages).toBe(6);
  });

  it("delivers the webhook of a finished job, trying again after a failure", async () => {
    const deliveries: number[] = [];
    const server = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        deliveries.push(Date.now());
        response.writeHead(deliveries.length === 1 ? 500 : 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const config = testJobsConfig(
        {},
        { secrets: new Map([["hooked", "whsec_0123456789abcdef"]]) },
      );
      const { db, jobs } = await instance([pageReader("reader")], config);
      store.put("hooked.pdf", pagesPdf(2, "Hooked"));
      const [job] = await jobs.create([
        { ...document("hooked.pdf", 2, "hooked"), callbackUrl: `http://127.0.0.1:${port}/hook` },
      ]);
      if (!job) throw new Error("no job");
      const delivered = await waitFor(
        async () => {
          const record = await db.jobs.find(job.id);
          return record?.callbackStatus === "delivered" ? record : undefined;
        },
        20_000,
        "the webhook",
      );
      expect(delivered.callbackAttempts).toBe(2);
      expect(deliveries).toHaveLength(2);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("lets another buyer's one-page document through between two pages of a long batch", async () => {
    const pageMs = 100;
    const pages = 12;
    const config = testJobsConfig({ concurrency: 1 });
    const reader = pageReader("reader", [], { delayMs: pageMs });
    const { db, jobs } = await instance([reader], config);
    store.put("long.pdf", pagesPdf(pages, "Long"));
    store.put("receipt.pdf", pagesPdf(1, "Receipt"));

    const batch = await jobs.create(
      [1, 2].map(() => document("long.pdf", pages, "buyer-a")),
      { id: crypto.randomUUID(), owner: "buyer-a", categoryId: PDF, createdAt: Date.now() },
    );
    const first = batch[0];
    if (!first) throw new Error("no job");
    await waitFor(async () => ((await db.jobs.find(first.id))?.pagesDone ?? 0) >= 1);

    const submitted = Date.now();
    const [receipt] = await jobs.create([document("receipt.pdf", 1, "buyer-b")]);
    if (!receipt) throw new Error("no job");
    const done = await waitFor(() => finished(db, receipt.id), 15_000, "the receipt");

    // B went between two of A's pages: A's first job, running when B came, is not done.
    const firstOfA = await db.jobs.find(first.id);
    expect(firstOfA?.status).toBe("running");
    expect(firstOfA?.pagesDone).toBeLessThan(pages - 2);
    // About a page of A's and its own, not A's pages: a loose bound for a busy machine.
    expect((done.finishedAt ?? 0) - submitted).toBeLessThan(pageMs * (pages - 2));
    // A's batch still finishes, every page once.
    for (const job of batch) {
      const record: JobRecord = await waitFor(() => finished(db, job.id), 20_000, "A's jobs");
      expect(record.status).toBe("succeeded");
      expect(await db.jobs.pageNumbers(job.id)).toHaveLength(pages);
    }
  });
});
