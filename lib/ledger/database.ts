// Opens and migrates the ledger with the shared opener (lib/kernel/database). Its own
// migration tables (`ledger_migration*`), so it can share a database with the
// Routing Service.
import "server-only";
import type { Kysely } from "kysely";
import { openDatabase } from "@/lib/kernel/database";
import { ledgerMigrations } from "./migrations";
import type { LedgerDatabase } from "./schema";

export type LedgerDb = Kysely<LedgerDatabase>;

export interface OpenOptions {
  /** postgres://… for PostgreSQL; otherwise ignored. */
  url?: string | undefined;
  /** SQLite file (or ":memory:") when url is not PostgreSQL. */
  sqlitePath?: string;
  /** PostgreSQL schema to use (created if missing); default: the server's search_path. */
  schema?: string;
}

export async function openLedgerDb(options: OpenOptions): Promise<LedgerDb> {
  const { db } = await openDatabase<LedgerDatabase>({
    url: options.url,
    sqliteFile: options.sqlitePath ?? ":memory:",
    schema: options.schema,
    migrations: ledgerMigrations,
    migrationTable: "ledger_migration",
    label: "The run ledger's database",
  });
  return db;
}
