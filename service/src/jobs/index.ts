// Jobs (INTERFACE.md, "Jobs"): documents processed in the background, page by page,
// through a durable queue every instance on the same database takes from, with their
// progress, their pages so far and their answer kept in the database, and a signed
// webhook when they finish.
//
// Started by buildApp (app.ts) over the document runner, whose memory budget every
// page shares with the synchronous calls; closed with the app, before the database.
import { randomUUID } from "node:crypto";
import { context, isSpanContextValid, trace } from "@opentelemetry/api";
import type { FastifyBaseLogger } from "fastify";
import { formatTraceparent } from "@/lib/kernel/tracing";
import type { CatalogEntry } from "../catalog";
import type { BatchRecord, JobRecord, NewJob, ServiceDb } from "../db/types";
import type { ReadDocument, ResolvedDocument } from "../run/document";
import type { ProcessRequestParts } from "../run/request";
import type { DocumentRunner } from "../run/runner";
import type { ObjectStore } from "../storage/types";
import {
  type CallbackPolicy,
  checkCallbackUrl,
  RefusedCallbackError,
  type Resolver,
} from "./callback-url";
import { jobUnit } from "./pages";
import { createPgBossQueue } from "./pg-boss-queue";
import type { JobQueue, QueueMessage } from "./queue";
import { TURNS, WEBHOOKS } from "./queue";
import { createRunner, type JobRequest } from "./runner";
import type { JobsConfig } from "./settings";
import { createTableQueue } from "./table-queue";
import { viewJob } from "./view";
import { createWebhookSender } from "./webhook";

export { RefusedCallbackError } from "./callback-url";
export type { JobsConfig, WebhookConfig } from "./settings";
export { viewJob } from "./view";

/** How often jobs waiting in line are put there again, should their place have been lost. */
const WAITING_SWEEP_MS = 60_000;

/** The span making a job (its request's), kept with it when it is in the job's trace. */
function traceparentOf(traceId: string): { traceparent?: string } {
  const span = trace.getSpanContext(context.active());
  if (!span || !isSpanContextValid(span) || span.traceId !== traceId) return {};
  return { traceparent: formatTraceparent(span) };
}

export interface JobsDeps {
  db: ServiceDb;
  store: ObjectStore;
  runner: DocumentRunner;
  config: JobsConfig;
  log: Pick<FastifyBaseLogger, "error">;
  /** How callback hosts are resolved (tests give their own). */
  resolve?: Resolver;
  /** How often pg-boss's supervisor runs (seconds); tests shorten it. */
  maintenanceSeconds?: number;
}

/** One document to make a job of, checked and read as a process call does. */
export interface JobToCreate {
  owner: string;
  category: CatalogEntry;
  traceId: string;
  parts: ProcessRequestParts;
  resolved: ResolvedDocument;
  read: ReadDocument;
  /** Already checked (checkCallback). */
  callbackUrl: string | undefined;
}

export interface Jobs {
  readonly config: JobsConfig;
  /** "pg-boss" or "table". */
  readonly queueKind: string;
  /** Whether a document is long enough to be a job even when the client did not ask. */
  isLong(read: ReadDocument): boolean;
  /** Checks a callback_url for `owner`; throws RefusedCallbackError saying why not. */
  checkCallback(url: string, owner: string): Promise<void>;
  /** Makes the jobs (of one batch, when given) and puts them in line. */
  create(documents: readonly JobToCreate[], batch?: BatchRecord): Promise<JobRecord[]>;
  find(id: string, owner: string): Promise<JobRecord | undefined>;
  findBatch(
    id: string,
    owner: string,
  ): Promise<{ batch: BatchRecord; jobs: JobRecord[] } | undefined>;
  /** Cancels the job if it is unfinished; the job as it is then, if it is `owner`'s. */
  cancel(id: string, owner: string): Promise<JobRecord | undefined>;
  view: (record: JobRecord, detail: boolean) => ReturnType<typeof viewJob>;
  /** Stops taking work and lets go of the jobs being worked on, for another instance. */
  close(): Promise<void>;
  /** Stops as a process that dies would: nothing is let go of (tests of the takeover). */
  crash(): Promise<void>;
}

export async function startJobs(deps: JobsDeps): Promise<Jobs> {
  const { db, store, runner: documents, config, log } = deps;
  const jobs = db.jobs;
  const queue: JobQueue =
    db.backend.flavor === "postgres"
      ? await createPgBossQueue({
          url: db.backend.url,
          schema: config.queueSchema,
          pollMs: config.pollMs,
          maintenanceSeconds: deps.maintenanceSeconds,
          log,
        })
      : createTableQueue(db.queue, { pollMs: config.pollMs, log });
  const runner = createRunner({ jobs, store, documents, queue, config, log });
  const policy: CallbackPolicy = {
    allowLoopback: config.webhooks.allowLoopback,
    ...(deps.resolve ? { resolve: deps.resolve } : {}),
  };
  const sender = createWebhookSender(policy, config.webhooks.timeoutMs);

  async function deliver(message: QueueMessage): Promise<void> {
    const job = await jobs.find(message.jobId);
    if (!job || job.callbackUrl === null || job.callbackStatus !== "pending") return;
    const attempts = job.callbackAttempts + 1;
    const secret = config.webhooks.secrets.get(job.owner);
    if (!secret) {
      const error = "no webhook secret is configured for this API key (WEBHOOK_SECRETS)";
      await jobs.setCallback(job.id, { status: "failed", attempts: job.callbackAttempts, error });
      return;
    }
    const { callback: _callback, ...view } = await viewJob(job, jobs, { detail: true });
    const delivery = await sender.deliver(job.callbackUrl, JSON.stringify(view), secret, job.id);
    if (delivery.kind === "delivered") {
      await jobs.setCallback(job.id, { status: "delivered", attempts, error: null });
      return;
    }
    const again = delivery.retry && attempts < config.webhooks.maxAttempts;
    await jobs.setCallback(job.id, {
      status: again ? "pending" : "failed",
      attempts,
      error: delivery.error,
    });
    // The queue tries again after its (doubling) delay.
    if (again) throw new Error(delivery.error);
  }

  await queue.work(TURNS, config.concurrency, runner.turn);
  await queue.work(WEBHOOKS, 2, deliver);

  /**
   * Jobs whose turn died with their instance go back in line; now and then, so do jobs
   * waiting a while, in case their place in line was lost (the queue keeps one each).
   */
  let lastWaitingSweep = Date.now();
  async function sweep(): Promise<void> {
    for (const job of await jobs.orphans(Date.now(), 100)) await runner.enqueue(job);
    if (Date.now() - lastWaitingSweep < WAITING_SWEEP_MS) return;
    lastWaitingSweep = Date.now();
    for (const job of await jobs.waiting(100)) await runner.enqueue(job);
  }
  // At start, every job no turn holds is put in line again: one whose turn was lost with
  // a crash between the job and its turn is not left behind.
  for (const job of await jobs.waiting(1000)) await runner.enqueue(job);
  const sweeping = setInterval(
    () => void sweep().catch((error) => log.error({ err: error }, "job sweep failed")),
    Math.max(500, config.leaseMs / 2),
  );
  sweeping.unref();
  let lastPurge = 0;
  const purging = setInterval(() => {
    const now = Date.now();
    if (now - lastPurge < 3_600_000) return;
    lastPurge = now;
    void jobs.purge(now - config.retentionMs).catch(() => {});
  }, 60_000);
  purging.unref();

  let stopped = false;
  async function stop(crash: boolean): Promise<void> {
    if (stopped) return;
    stopped = true;
    clearInterval(sweeping);
    clearInterval(purging);
    runner.stopAll(crash);
    await queue.stop({ crash });
    await sender.close();
  }

  return {
    config,
    queueKind: queue.kind,

    isLong(read) {
      return read.pages > config.asyncOverPages || read.bytes.length > config.asyncOverBytes;
    },

    async checkCallback(url, owner) {
      if (!config.webhooks.secrets.has(owner)) {
        throw new RefusedCallbackError(
          "this API key has no webhook secret, so its callbacks could not be signed; ask the operator to add one (WEBHOOK_SECRETS)",
        );
      }
      await checkCallbackUrl(url, policy);
    },

    async create(documents, batch) {
      const now = Date.now();
      const rows: NewJob[] = documents.map((doc, position) => {
        const request: JobRequest = {
          object_key: doc.resolved.grant.objectKey,
          mime_type: doc.resolved.mimeType,
          max_bytes: doc.resolved.maxBytes,
          language_hints: doc.parts.languageHints,
          passthrough: doc.parts.passthrough,
          ...traceparentOf(doc.traceId),
        };
        return {
          id: randomUUID(),
          owner: doc.owner,
          categoryId: doc.category.id,
          batchId: batch?.id ?? null,
          position,
          traceId: doc.traceId,
          request: JSON.stringify(request),
          unit: jobUnit(doc.category.slug, doc.resolved.mimeType, doc.read.pages),
          pagesTotal: doc.read.pages,
          callbackUrl: doc.callbackUrl ?? null,
          createdAt: now,
        };
      });
      await jobs.create(rows, batch);
      // As made (queued): a turn may take them as soon as they are in line.
      const created: JobRecord[] = [];
      for (const row of rows) {
        const record = await jobs.find(row.id);
        if (record) created.push(record);
      }
      for (const row of rows) {
        // The job is kept: if it cannot be put in line now, the sweep puts it there.
        await runner.enqueue(row).catch((error: unknown) => {
          log.error({ err: error, job_id: row.id }, "could not queue a job; the sweep will");
        });
      }
      return created;
    },

    find: (id, owner) => jobs.find(id, owner),
    findBatch: (id, owner) => jobs.findBatch(id, owner),

    async cancel(id, owner) {
      const before = await jobs.find(id, owner);
      const after = await jobs.cancel(id, owner, Date.now());
      if (before && after && before.status !== after.status) {
        runner.interrupt(id);
        await runner.sendWebhook(after);
      }
      return after;
    },

    view: (record, detail) => viewJob(record, jobs, { detail }),
    close: () => stop(false),
    crash: () => stop(true),
  };
}
