// Finished runs kept in this browser, by trace id, so `/runs/<trace_id>`
// opens again after a refresh or in another tab. A stand-in until the run
// ledger exists: only the browser that ran a document can open its result.
import * as z from "zod/mini";
import { processResultSchema } from "@/lib/contract/documents";

const INDEX_KEY = "docroute:runs";
const runKey = (traceId: string) => `docroute:run:${traceId}`;
/** Newest runs kept; older ones go first, and sooner when storage is full. */
export const MAX_STORED_RUNS = 20;

const storedRunSchema = z.object({
  version: z.literal(1),
  traceId: z.string().check(z.minLength(1)),
  savedAt: z.string(),
  categoryId: z.string(),
  categoryName: z.optional(z.string()),
  idempotencyKey: z.optional(z.string()),
  objectKey: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  fileName: z.optional(z.string()),
  result: processResultSchema,
});
export type StoredRun = z.infer<typeof storedRunSchema>;
export type NewRun = Omit<StoredRun, "version" | "traceId" | "savedAt">;

function browserStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    // Storage switched off (privacy settings): nothing is kept, nothing breaks.
    return undefined;
  }
}

function readIndex(storage: Storage): string[] {
  try {
    const ids: unknown = JSON.parse(storage.getItem(INDEX_KEY) ?? "[]");
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Keeps a finished run. Returns false when this browser would not keep it. */
export function saveRun(run: NewRun, now = new Date(), storage = browserStorage()): boolean {
  if (!storage) return false;
  const traceId = run.result.meta.trace_id;
  const record: StoredRun = { version: 1, traceId, savedAt: now.toISOString(), ...run };
  const text = JSON.stringify(record);
  let ids = [traceId, ...readIndex(storage).filter((id) => id !== traceId)];
  for (const dropped of ids.slice(MAX_STORED_RUNS)) storage.removeItem(runKey(dropped));
  ids = ids.slice(0, MAX_STORED_RUNS);
  for (;;) {
    try {
      storage.setItem(runKey(traceId), text);
      storage.setItem(INDEX_KEY, JSON.stringify(ids));
      return true;
    } catch {
      // Full: make room by dropping the oldest run, unless this one is all that is left.
      const oldest = ids.length > 1 ? ids.pop() : undefined;
      if (oldest === undefined) {
        storage.removeItem(runKey(traceId));
        storage.setItem(INDEX_KEY, JSON.stringify(ids.filter((id) => id !== traceId)));
        return false;
      }
      storage.removeItem(runKey(oldest));
    }
  }
}

/** A run this browser kept, or undefined (never kept, dropped, or unreadable). */
export function loadRun(traceId: string, storage = browserStorage()): StoredRun | undefined {
  const text = storage?.getItem(runKey(traceId));
  if (!text) return undefined;
  try {
    const parsed = storedRunSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.traceId === traceId ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
