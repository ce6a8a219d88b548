// The run ledger: every run the app starts, findable by trace id. Server only.
import "server-only";

export type { RunFilters, RunQuery } from "./filters";
export { parseRunQuery, runQueryParams } from "./filters";
export { getLedger } from "./instance";
export type { Ledger } from "./ledger";
export type { RunStats } from "./stats";
export type * from "./types";
