// The run ledger: every run the app starts, findable by trace id. Server only.
// One ledger per process, opened on first use from the environment.
import "server-only";
import { parseLedgerEnv } from "./config";
import { openLedgerDb } from "./database";
import { createLedger, type Ledger } from "./ledger";

export type { RunFilters, RunQuery } from "./filters";
export { parseRunQuery, runQueryParams } from "./filters";
export type { Ledger } from "./ledger";
export type { RunStats } from "./stats";
export type * from "./types";

const holder = globalThis as typeof globalThis & { __docrouteLedger?: Promise<Ledger> };

/** The process's ledger (kept on globalThis so dev reloads do not open it twice). */
export function getLedger(): Promise<Ledger> {
  holder.__docrouteLedger ??= openFromEnv().catch((error: unknown) => {
    holder.__docrouteLedger = undefined;
    throw error;
  });
  return holder.__docrouteLedger;
}

async function openFromEnv(): Promise<Ledger> {
  const env = parseLedgerEnv(process.env);
  const db = await openLedgerDb({ url: env.DATABASE_URL, sqlitePath: env.LEDGER_SQLITE_PATH });
  const ledger = createLedger(db, { retentionDays: env.LEDGER_RETENTION_DAYS });
  await ledger.purge();
  // Runs an app process that died left in progress are resumed (resume.ts).
  void import("./recover").then((m) => m.startResumeSweeper());
  return ledger;
}
