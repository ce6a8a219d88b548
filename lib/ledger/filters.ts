// The support console's filters, read from a URL's search params so a view can
// be shared. A value that does not parse is dropped and named in `problems`.
import { z } from "zod";
import { RUN_STATUSES, type RunStatus } from "./types";

export interface RunFilters {
  outcome?: RunStatus;
  categoryId?: string;
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, exclusive. */
  to?: number;
  failedOver?: boolean;
  minCost?: number;
  maxCost?: number;
}

/** A parameter that did not parse: its name in the URL and why. */
export interface FilterProblem {
  field: string;
  message: string;
}

export interface RunQuery {
  filters: RunFilters;
  page: number;
  size: number;
  problems: FilterProblem[];
}

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

const day = /^\d{4}-\d{2}-\d{2}$/;
/** A date (a whole day, UTC) or a date-time; `end` makes a bare date cover its whole day. */
const instant = (end: boolean) =>
  z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), "is not a date")
    .transform(
      (v) => Date.parse(day.test(v) ? `${v}T00:00:00Z` : v) + (end && day.test(v) ? 86_400_000 : 0),
    );
const cost = z.coerce.number().min(0, "cannot be negative");

const fields = {
  outcome: ["outcome", z.enum(RUN_STATUSES)],
  categoryId: ["category", z.string().trim().min(1).max(200)],
  from: ["from", instant(false)],
  to: ["to", instant(true)],
  failedOver: ["failover", z.enum(["1", "true", "yes"]).transform(() => true)],
  minCost: ["min_cost", cost],
  maxCost: ["max_cost", cost],
} as const;

type Params = Record<string, string | string[] | undefined> | URLSearchParams;

function read(params: Params, name: string): string | undefined {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  const one = Array.isArray(value) ? value[0] : value;
  return one === undefined || one === null || one.trim() === "" ? undefined : one;
}

export function parseRunQuery(params: Params): RunQuery {
  const problems: FilterProblem[] = [];
  const filters: Record<string, unknown> = {};
  for (const [key, [name, schema]] of Object.entries(fields)) {
    const raw = read(params, name);
    if (raw === undefined) continue;
    const parsed = (schema as z.ZodType).safeParse(raw);
    if (parsed.success) filters[key] = parsed.data;
    else problems.push({ field: name, message: parsed.error.issues[0]?.message ?? "is not valid" });
  }
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .safeParse(read(params, "page") ?? "1");
  const size = z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .safeParse(read(params, "size") ?? String(DEFAULT_PAGE_SIZE));
  if (!page.success) problems.push({ field: "page", message: "must be a whole number from 1" });
  if (!size.success) {
    problems.push({ field: "size", message: `must be a whole number from 1 to ${MAX_PAGE_SIZE}` });
  }
  return {
    filters: filters as RunFilters,
    page: page.success ? page.data : 1,
    size: size.success ? size.data : DEFAULT_PAGE_SIZE,
    problems,
  };
}

/** The search params that give back these filters (for links and paging). */
export function runQueryParams(filters: RunFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  const iso = (ms: number) => new Date(ms).toISOString();
  if (filters.outcome) params.set("outcome", filters.outcome);
  if (filters.categoryId) params.set("category", filters.categoryId);
  if (filters.from !== undefined) params.set("from", iso(filters.from));
  if (filters.to !== undefined) params.set("to", iso(filters.to));
  if (filters.failedOver) params.set("failover", "1");
  if (filters.minCost !== undefined) params.set("min_cost", String(filters.minCost));
  if (filters.maxCost !== undefined) params.set("max_cost", String(filters.maxCost));
  if (page > 1) params.set("page", String(page));
  return params;
}
