// Opens and migrates the ledger: SQLite (WAL) by default, PostgreSQL when the
// URL says so. Same queries and migrations for both. Its own migration tables
// (`ledger_migration*`), so it can share a database with the Routing Service.
import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { cacheStatements } from "@/lib/sqlite/statement-cache";
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

export function isPostgresUrl(url: string | undefined): url is string {
  return Boolean(url && /^postgres(ql)?:\/\//i.test(url));
}

export async function openLedgerDb(options: OpenOptions): Promise<LedgerDb> {
  const postgres = isPostgresUrl(options.url);
  const db = new Kysely<LedgerDatabase>({
    dialect: postgres ? postgresDialect(options) : sqliteDialect(options.sqlitePath),
  });
  try {
    let schema: string | undefined;
    if (postgres) {
      if (options.schema) {
        await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
      }
      const current = await sql<{ s: string }>`select current_schema() as s`.execute(db);
      schema = current.rows[0]?.s;
    }
    const migrator = new Migrator({
      db,
      provider: ledgerMigrations,
      migrationTableName: "ledger_migration",
      migrationLockTableName: "ledger_migration_lock",
      // Without it, Kysely may find a same-named table in another schema and skip creating ours.
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error } = await migrator.migrateToLatest();
    if (error) throw new Error("The run ledger's database could not be migrated", { cause: error });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

function postgresDialect(options: OpenOptions) {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client that loses its server must not crash the app; the next query reports it.
  pool.on("error", () => {});
  return new PostgresDialect({ pool });
}

function sqliteDialect(file = ":memory:") {
  // The path comes from configuration at run time; tell Turbopack not to trace the project for it.
  if (file !== ":memory:") {
    mkdirSync(path.dirname(path.resolve(/*turbopackIgnore: true*/ file)), { recursive: true });
  }
  return new SqliteDialect({
    database: async () => {
      const database = new SQLite(file);
      // WAL: readers never wait for the writer; busy_timeout: a second writer waits, not fails.
      database.pragma("journal_mode = WAL");
      database.pragma("busy_timeout = 5000");
      database.pragma("synchronous = NORMAL");
      return cacheStatements(database);
    },
  });
}
