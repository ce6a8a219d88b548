// What makes two process requests "the same" for an Idempotency-Key, and how a
// stored answer is replayed.
import { createHash } from "node:crypto";

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
