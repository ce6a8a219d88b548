// For the ledger's tests: a ledger on SQLite and, when TEST_DATABASE_URL is set,
// on a real PostgreSQL (in a schema of its own, dropped afterwards). Each call of
// `open` is another ledger on the same database, as another app instance would be.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openLedgerDb } from "./database";
import { createLedger, type Ledger } from "./ledger";

export interface LedgerBackend {
  name: string;
  open: (now: () => number) => Promise<Ledger>;
  cleanup: () => Promise<void>;
}

/** The databases to run a ledger test on; `name` keeps each test file's data apart. */
export function ledgerBackends(name: string): LedgerBackend[] {
  const url = process.env.TEST_DATABASE_URL;
  const dir = mkdtempSync(path.join(tmpdir(), `ledger-${name}-`));
  const schema = `ledger_${name}_${randomBytes(5).toString("hex")}`;
  const sqlite: LedgerBackend = {
    name: "SQLite",
    open: async (now) =>
      createLedger(await openLedgerDb({ sqlitePath: path.join(dir, "ledger.sqlite") }), {
        retentionDays: 30,
        now,
      }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
  if (!url) return [sqlite];
  const postgres: LedgerBackend = {
    name: "PostgreSQL",
    open: async (now) =>
      createLedger(await openLedgerDb({ url, schema }), { retentionDays: 30, now }),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    },
  };
  return [sqlite, postgres];
}
