// What makes two process requests "the same" for an Idempotency-Key, what a key lets a
// request do, and how a stored answer is replayed.
import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { IdempotencyStore, StoredResponse } from "../db/types";

export type KeyClaim =
  /**
   * Run the request: it has no key, or the key is now its own. `settle` stores the
   * answer worth replaying, or frees the key when there is none (api/process.ts).
   */
  | { kind: "fresh"; settle: (response: StoredResponse | undefined) => Promise<void> }
  /** The key already answered this request: send that answer again. */
  | { kind: "replay"; response: StoredResponse }
  /** The key's first request still runs (409), or the key came with another body (422). */
  | { kind: "conflict"; reason: "in_flight" | "key_reused"; key: string };

export interface KeyedRequest {
  /** Whose key it is: the API key's hash, never the key. */
  scope: string;
  key: string | undefined;
  categoryId: string;
  body: unknown;
}

/** Claims the request's Idempotency-Key, if it has one. */
export async function claimKey(
  store: IdempotencyStore,
  request: KeyedRequest,
  log: Pick<FastifyBaseLogger, "error">,
): Promise<KeyClaim> {
  const { scope, key } = request;
  if (key === undefined) return { kind: "fresh", settle: async () => {} };
  const hash = requestHash(request.categoryId, request.body);
  const claim = await store.claim(scope, key, hash, new Date());
  if (claim.kind === "replay") return { kind: "replay", response: claim.response };
  if (claim.kind === "in_flight") return { kind: "conflict", reason: "in_flight", key };
  if (claim.kind === "mismatch") return { kind: "conflict", reason: "key_reused", key };
  return {
    kind: "fresh",
    settle: async (response) => {
      try {
        if (response) await store.complete(scope, key, response);
        else await store.release(scope, key);
      } catch (error) {
        // The answer still goes out; the key stays "in flight" until its lease ends.
        log.error({ err: error }, "could not settle the idempotency record");
      }
    },
  };
}

/** JSON with object keys sorted, so key order in the client's body does not matter. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Same category and same JSON body (whatever the key order or spacing) → same hash. */
export function requestHash(categoryId: string, body: unknown): string {
  return createHash("sha256")
    .update(`${categoryId}\n${canonicalJson(body)}`)
    .digest("hex");
}

/** The trace id inside a stored body: meta.trace_id (200) or trace_id (502/504). */
export function storedTraceId(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { meta?: { trace_id?: unknown }; trace_id?: unknown };
    const id = parsed.meta?.trace_id ?? parsed.trace_id;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}
