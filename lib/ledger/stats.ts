// Numbers for the console's charts, from the light columns of the runs in a
// time range. Aggregated here (not in SQL) so SQLite and PostgreSQL agree.
import type { LedgerDb } from "./database";
import type { RunFilters } from "./filters";
import type { RunStatus } from "./types";

export interface StatsRow {
  createdAt: number;
  status: RunStatus;
  latencyMs: number | null;
  cost: number | null;
  failoverDepth: number | null;
  provider: string | null;
}

export interface TimeBucket {
  start: number;
  runs: number;
  failures: number;
}

export interface Histogram {
  /** Lower edge of each bin; the last bin is open-ended. */
  edges: number[];
  counts: number[];
}

export interface ProviderRate {
  provider: string;
  runs: number;
  failedOver: number;
}

export interface RunStats {
  from: number;
  to: number;
  bucketMs: number;
  total: number;
  failures: number;
  inProgress: number;
  /** Runs that got an upload link and never a process call. */
  notProcessed: number;
  overTime: TimeBucket[];
  latency: Histogram;
  cost: Histogram;
  providers: ProviderRate[];
  /** True when more runs matched than were read. */
  truncated: boolean;
}

const MAX_ROWS = 20_000;
const HOUR = 3_600_000;

export async function readStatsRows(db: LedgerDb, filters: RunFilters, from: number, to: number) {
  const rows = await db
    .selectFrom("ledger_runs")
    .select(["created_at", "status", "latency_ms", "cost", "failover_depth", "provider"])
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .$if(filters.categoryId !== undefined, (q) =>
      q.where("category_id", "=", filters.categoryId ?? ""),
    )
    .orderBy("created_at", "desc")
    .limit(MAX_ROWS + 1)
    .execute();
  return {
    truncated: rows.length > MAX_ROWS,
    rows: rows.slice(0, MAX_ROWS).map(
      (r): StatsRow => ({
        createdAt: Number(r.created_at),
        status: r.status,
        latencyMs: r.latency_ms === null ? null : Number(r.latency_ms),
        cost: r.cost === null ? null : Number(r.cost),
        failoverDepth: r.failover_depth === null ? null : Number(r.failover_depth),
        provider: r.provider,
      }),
    ),
  };
}

/** Picks a bucket (hour, 6 hours or day) giving at most ~48 bars. */
export function bucketFor(spanMs: number): number {
  for (const size of [HOUR, 6 * HOUR, 24 * HOUR]) if (spanMs / size <= 48) return size;
  return 7 * 24 * HOUR;
}

export function summariseRuns(
  rows: StatsRow[],
  from: number,
  to: number,
  truncated = false,
): RunStats {
  const bucketMs = bucketFor(to - from);
  const first = Math.floor(from / bucketMs) * bucketMs;
  const overTime: TimeBucket[] = [];
  for (let start = first; start < to; start += bucketMs)
    overTime.push({ start, runs: 0, failures: 0 });
  const providers = new Map<string, ProviderRate>();
  let failures = 0;
  let inProgress = 0;
  let notProcessed = 0;
  for (const row of rows) {
    const bucket = overTime[Math.floor((row.createdAt - first) / bucketMs)];
    if (bucket) {
      bucket.runs += 1;
      if (row.status === "failed") bucket.failures += 1;
    }
    if (row.status === "failed") failures += 1;
    if (row.status === "in_progress") inProgress += 1;
    if (row.status === "not_processed") notProcessed += 1;
    if (row.provider) {
      const rate = providers.get(row.provider) ?? {
        provider: row.provider,
        runs: 0,
        failedOver: 0,
      };
      rate.runs += 1;
      if ((row.failoverDepth ?? 0) > 0) rate.failedOver += 1;
      providers.set(row.provider, rate);
    }
  }
  const done = rows.filter((r) => r.status === "succeeded");
  return {
    from,
    to,
    bucketMs,
    total: rows.length,
    failures,
    inProgress,
    notProcessed,
    overTime,
    latency: histogram(
      done.flatMap((r) => (r.latencyMs === null ? [] : [r.latencyMs])),
      [0, 500, 1000, 2000, 5000, 10_000, 30_000],
    ),
    cost: histogram(
      done.flatMap((r) => (r.cost === null ? [] : [r.cost])),
      costEdges(done),
    ),
    providers: [...providers.values()].sort((a, b) => b.runs - a.runs),
    truncated,
  };
}

export function histogram(values: number[], edges: number[]): Histogram {
  const counts = edges.map(() => 0);
  for (const value of values) {
    let bin = 0;
    for (let i = 0; i < edges.length; i++) if (value >= (edges[i] ?? 0)) bin = i;
    counts[bin] = (counts[bin] ?? 0) + 1;
  }
  return { edges, counts };
}

/** Six even bins up to the largest cost seen (costs are small and vary by provider). */
function costEdges(rows: StatsRow[]): number[] {
  const max = Math.max(0, ...rows.map((r) => r.cost ?? 0));
  if (max === 0) return [0];
  const step = max / 6;
  return Array.from({ length: 6 }, (_, i) => i * step);
}

/** Runs a category's pace is taken from, newest first; fewer than PACE_MIN_RUNS: no pace. */
const PACE_RUNS = 50;
const PACE_MIN_RUNS = 3;

/**
 * How long a page of this category takes, in ms: the median of latency ÷ pages
 * over its latest finished runs, for the progress estimate of a long document
 * (pages × this). Only runs whose meta says how many pages they had count (a
 * service that does not say gives no pace, and no estimate is shown).
 */
export async function msPerPage(db: LedgerDb, categoryId: string): Promise<number | null> {
  const rows = await db
    .selectFrom("ledger_runs")
    .select(["latency_ms", "meta"])
    .where("category_id", "=", categoryId)
    .where("status", "=", "succeeded")
    .where("latency_ms", "is not", null)
    .orderBy("created_at", "desc")
    .limit(PACE_RUNS)
    .execute();
  const perPage = rows
    .flatMap((r) => {
      const pages = pagesOf(r.meta);
      return pages ? [Number(r.latency_ms) / pages] : [];
    })
    .sort((a, b) => a - b);
  if (perPage.length < PACE_MIN_RUNS) return null;
  return Math.round(perPage[Math.floor(perPage.length / 2)] ?? 0);
}

function pagesOf(meta: string | null): number | undefined {
  try {
    const pages: unknown = meta ? JSON.parse(meta).pages : undefined;
    return typeof pages === "number" && Number.isInteger(pages) && pages > 0 ? pages : undefined;
  } catch {
    return undefined;
  }
}
