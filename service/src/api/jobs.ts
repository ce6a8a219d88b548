// Jobs and batches (INTERFACE.md, "Jobs"), registered inside /v1 when the app has jobs:
//   GET    /v1/jobs/:job_id                      status, progress, pages so far, the answer
//   DELETE /v1/jobs/:job_id                      cancels an unfinished job
//   POST   /v1/categories/:category_id/batches   many documents, a job each (202)
//   GET    /v1/batches/:batch_id                 the batch and its jobs
// A job or batch another API key made is 404, as one that does not exist.
import { randomUUID } from "node:crypto";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import {
  type Batch,
  batchPathSchema,
  batchRequestSchema,
  categoryPathSchema,
  JOB_STATUSES,
  type Job,
  jobPathSchema,
  MAX_BATCH_DOCUMENTS,
  processHeadersSchema,
} from "@/lib/kernel/contract";
import type { ValidationErrorItem as ValidationItem } from "@/lib/kernel/contract/validation-error";
import type { CatalogEntry } from "../catalog";
import type { BatchRecord, JobRecord } from "../db/types";
import type { AppDeps } from "../deps";
import { requireCategory } from "../http/category";
import { conflict, HttpError, notFound, unprocessable, validateRequest } from "../http/errors";
import type { Jobs, JobToCreate } from "../jobs";
import { accepted, keyInFlight, keyReused, sendStored } from "../run/answers";
import { resolveDocument } from "../run/document";
import { claimKey } from "../run/idempotency";
import { bodyReading, requestParts } from "../run/request";
import type { DocumentRunner } from "../run/runner";
import { checkCallback } from "./process";

const JOB_NOT_FOUND = "Job not found";

export function createJobRoutes(jobs: Jobs, runner: DocumentRunner): FastifyPluginAsync<AppDeps> {
  return async (app, { db, store }) => {
    const owner = (request: FastifyRequest) => request.apiKeyId ?? "";

    app.get("/jobs/:job_id", async (request): Promise<Job> => {
      const { path } = validateRequest(request, { path: jobPathSchema });
      const job = await jobs.find(path.job_id, owner(request));
      if (!job) throw notFound(JOB_NOT_FOUND);
      return jobs.view(job, true);
    });

    app.delete("/jobs/:job_id", async (request): Promise<Job> => {
      const { path } = validateRequest(request, { path: jobPathSchema });
      const job = await jobs.cancel(path.job_id, owner(request));
      if (!job) throw notFound(JOB_NOT_FOUND);
      if (job.status === "succeeded" || job.status === "failed") {
        throw conflict(`The job has already ${job.status}; there is nothing to cancel.`);
      }
      return jobs.view(job, true);
    });

    app.get("/batches/:batch_id", async (request): Promise<Batch> => {
      const { path } = validateRequest(request, { path: batchPathSchema });
      const found = await jobs.findBatch(path.batch_id, owner(request));
      if (!found) throw notFound("Batch not found");
      return viewBatch(jobs, found.batch, found.jobs);
    });

    app.post("/categories/:category_id/batches", async (request, reply) => {
      const { path } = validateRequest(request, { path: categoryPathSchema });
      const category = requireCategory(path.category_id);
      return createBatch(category, request, reply);
    });

    const retentionHours = Math.round(runner.config.idempotencyRetentionMs / 3_600_000);

    /** Every document resolved, read and checked (one 422 lists every problem), then a job each. */
    async function createBatch(
      category: CatalogEntry,
      request: FastifyRequest,
      reply: FastifyReply,
    ): Promise<FastifyReply> {
      const { header, body } = validateRequest(
        { headers: request.headers, body: request.body },
        { header: processHeadersSchema, body: batchReading(category.languages) },
      );
      const key = owner(request);
      const claim = await claimKey(
        db.idempotency,
        { scope: key, key: header["idempotency-key"], categoryId: category.id, body: request.body },
        request.log,
      );
      if (claim.kind === "replay") return sendStored(reply, claim.response, true);
      if (claim.kind === "conflict") {
        throw claim.reason === "in_flight" ? keyInFlight() : keyReused(claim.key, retentionHours);
      }
      try {
        const documents = await readDocuments(category, request, header, body, key);
        const batch: BatchRecord = {
          id: randomUUID(),
          owner: key,
          categoryId: category.id,
          createdAt: Date.now(),
        };
        const created = await jobs.create(documents, batch);
        const response = accepted(await viewBatch(jobs, batch, created));
        await claim.settle(response);
        return sendStored(reply, response, false);
      } catch (error) {
        // Nothing was made: the same key may be sent again once the cause is fixed.
        await claim.settle(undefined);
        throw error;
      }
    }

    /** Resolves, reads and checks every document; one 422 lists the problems of all. */
    async function readDocuments(
      category: CatalogEntry,
      request: FastifyRequest,
      header: z.output<typeof processHeadersSchema>,
      body: z.output<ReturnType<typeof batchReading>>,
      key: string,
    ): Promise<JobToCreate[]> {
      const problems: ValidationItem[] = [];
      const collect = (error: unknown) => problems.push(...itemsOf(error));
      if (body.callback_url !== undefined) {
        await checkCallback(jobs, body.callback_url, key).catch(collect);
      }
      const documents: JobToCreate[] = [];
      for (const [i, document] of body.documents.entries()) {
        const parts = requestParts(header, document);
        try {
          if (parts.callbackUrl !== undefined) await checkCallback(jobs, parts.callbackUrl, key);
          const resolved = await resolveDocument(parts, category, db.grants, store);
          const read = await runner.read(resolved, parts);
          const callbackUrl = parts.callbackUrl ?? body.callback_url;
          const traceId = request.id;
          documents.push({ owner: key, category, traceId, parts, resolved, read, callbackUrl });
        } catch (error) {
          collect(reprefix(error, ["documents", i]));
        }
      }
      if (problems.length > 0) throw unprocessable(problems);
      return documents;
    }
  };
}

const batchBodies = new WeakMap<readonly string[], ReturnType<typeof batchBody>>();

function batchBody(languages?: readonly string[]) {
  return z.looseObject({
    ...batchRequestSchema.shape,
    documents: z
      .array(bodyReading(languages))
      .check(z.minLength(1), z.maxLength(MAX_BATCH_DOCUMENTS)),
  });
}

/** The contract's batch body, with each document's language hints checked for the category. */
function batchReading(languages?: readonly string[]) {
  if (!languages) return batchBody();
  const known = batchBodies.get(languages);
  if (known) return known;
  const schema = batchBody(languages);
  batchBodies.set(languages, schema);
  return schema;
}

/** A 422 about one document's body, moved under ["body", …at]; other errors unchanged. */
function reprefix(error: unknown, at: (string | number)[]): unknown {
  if (
    !(error instanceof HttpError) ||
    error.statusCode !== 422 ||
    typeof error.detail === "string"
  ) {
    return error;
  }
  return unprocessable(
    error.detail.map((item) => {
      const [root, ...rest] = item.loc;
      return { ...item, loc: root === "body" ? ["body", ...at, ...rest] : item.loc };
    }),
  );
}

/** The items of a 422; anything else is thrown on. */
function itemsOf(error: unknown): ValidationItem[] {
  if (error instanceof HttpError && error.statusCode === 422 && typeof error.detail !== "string") {
    return error.detail;
  }
  throw error;
}

async function viewBatch(jobs: Jobs, batch: BatchRecord, records: JobRecord[]): Promise<Batch> {
  const counts = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as Batch["counts"];
  for (const record of records) counts[record.status] = (counts[record.status] ?? 0) + 1;
  return {
    id: batch.id,
    category_id: batch.categoryId,
    created_at: new Date(batch.createdAt).toISOString(),
    counts,
    jobs: await Promise.all(records.map((record) => jobs.view(record, false))),
  };
}
