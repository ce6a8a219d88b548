// The process route's answers as stored strings: what goes out is exactly what an
// Idempotency-Key replays later, byte for byte.
import type { FastifyReply } from "fastify";
import type { Attempt } from "@/lib/kernel/contract";
import { validationItem, valueError } from "@/lib/kernel/contract/validation-error";
import type { StoredResponse } from "../db/types";
import { conflict, HttpError, unprocessable } from "../http/errors";
import type { RouteResult } from "../router/types";
import { storedTraceId } from "./idempotency";
import type { QueueFullError, WorkQueue } from "./work-queue";

const JSON_TYPE = "application/json; charset=utf-8";

/** Rounds away float noise (0.0015 × 3 = 0.0045000000000000005) without losing sub-cent prices. */
export const usd = (value: number) => Math.round(value * 1e10) / 1e10;
export const millis = (value: number) => Math.round(value * 1000) / 1000;

/** 200 `{data, meta}` (INTERFACE.md, "meta"). */
export function success(traceId: string, result: RouteResult, elapsedMs: number): StoredResponse {
  const body = {
    data: result.output.data,
    meta: {
      estimated_cost: usd(result.estimatedCost),
      failover_depth: result.failoverDepth,
      latency_ms: millis(elapsedMs),
      trace_id: traceId,
      provider: result.provider,
      pages: result.output.pages,
      attempts: result.attempts,
    },
  };
  return { status: 200, body: JSON.stringify(body) };
}

/** 502 (all providers failed) or 504 (deadline), with the attempts. */
export function failure(
  status: 502 | 504,
  detail: string,
  traceId: string,
  attempts: Attempt[],
): StoredResponse {
  const body = { detail, trace_id: traceId, failover_depth: attempts.length, attempts };
  return { status, body: JSON.stringify(body) };
}

/** 503 + Retry-After: nothing was processed. */
export function busy(error: QueueFullError, queue: WorkQueue): HttpError {
  const seconds = error.retryAfterSeconds;
  const { running, waiting } = queue.stats;
  const why =
    error.reason === "timeout"
      ? `no worker became free within ${queue.options.maxWaitMs / 1000} s`
      : `${running} documents are being processed and ${waiting} are waiting`;
  return new HttpError(
    503,
    `The service is busy: ${why}. Nothing was processed; retry after ${seconds} s.`,
    {},
    { "Retry-After": String(seconds) },
  );
}

/** 409: the key's first request is still running. */
export function keyInFlight(): HttpError {
  return conflict(
    "A request with this Idempotency-Key is still being processed. Retry in a moment to receive its response.",
  );
}

/** 422 at header.idempotency-key: the key came back with another body within its retention. */
export function keyReused(key: string, retentionHours: number): HttpError {
  return unprocessable([
    validationItem(
      ["header", "idempotency-key"],
      valueError(
        `this Idempotency-Key was already used for a different request in the last ${retentionHours} hours. Use a new key for a new request.`,
        "key reused with a different body",
      ),
      key,
    ),
  ]);
}

/** Sends a stored answer; a replay says so and carries the first answer's trace id. */
export function sendStored(
  reply: FastifyReply,
  response: StoredResponse,
  replayed: boolean,
): FastifyReply {
  reply.code(response.status).header("Content-Type", JSON_TYPE);
  if (response.status === 202) {
    const location = acceptedLocation(response.body);
    if (location) reply.header("Location", location);
  }
  if (replayed) {
    reply.header("Idempotent-Replayed", "true");
    const traceId = storedTraceId(response.body);
    if (traceId) reply.header("X-Request-Id", traceId);
  }
  return reply.send(response.body);
}

/** 202: a job (or a batch of them) was made; the body is it as GET shows it. */
export function accepted(resource: unknown): StoredResponse {
  return { status: 202, body: JSON.stringify(resource) };
}

/** Where a 202's job or batch is read (INTERFACE.md, "Jobs"), from its stored body. */
export function acceptedLocation(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { id?: unknown; jobs?: unknown };
    if (typeof parsed.id !== "string") return undefined;
    return Array.isArray(parsed.jobs) ? `/v1/batches/${parsed.id}` : `/v1/jobs/${parsed.id}`;
  } catch {
    return undefined;
  }
}
