// The process's one ledger, opened on first use from the environment (kept on
// globalThis so dev reloads do not open it twice). Server only.
import "server-only";
import { env } from "@/lib/env";
import { openLedgerDb } from "./database";
import { createLedger, type Ledger } from "./ledger";
import { startResumeSweeper } from "./upkeep";

const holder = globalThis as typeof globalThis & { __docrouteLedger?: Promise<Ledger> };

export function getLedger(): Promise<Ledger> {
  holder.__docrouteLedger ??= openFromEnv().catch((error: unknown) => {
    holder.__docrouteLedger = undefined;
    throw error;
  });
  return holder.__docrouteLedger;
}

async function openFromEnv(): Promise<Ledger> {
  const db = await openLedgerDb({ url: env.DATABASE_URL, sqlitePath: env.LEDGER_SQLITE_PATH });
  const ledger = createLedger(db, { retentionDays: env.LEDGER_RETENTION_DAYS });
  await ledger.purge();
  // Runs an app process that died left in progress are resumed (resume.ts, upkeep.ts).
  startResumeSweeper(ledger);
  return ledger;
}
