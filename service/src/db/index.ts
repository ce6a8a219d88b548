// openDatabase: SQLite (WAL) in the data folder by default, PostgreSQL when the
// URL says postgres:// or postgresql://. Same queries and migrations for both.
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { cacheStatements } from "@/lib/sqlite/statement-cache";
import { createGrantStore } from "./grant-store";
import { createIdempotencyStore, type IdempotencyOptions } from "./idempotency-store";
import { migrationProvider } from "./migrations";
import type { Database } from "./schema";
import type { ServiceDb } from "./types";

export type { IdempotencyOptions } from "./idempotency-store";
export type * from "./types";

export const DEFAULT_IDEMPOTENCY: IdempotencyOptions = {
  retentionMs: 24 * 60 * 60 * 1000,
  inFlightLeaseMs: 30 * 1000,
};

/** File name of the default SQLite database inside the data folder. */
export const SQLITE_FILE = "service.sqlite";

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Opens (and migrates) the service's database.
 * - `url` undefined or empty: `<dataDir>/service.sqlite`.
 * - `postgres://…` / `postgresql://…`: PostgreSQL. A schema other than `public`
 *   can be chosen the libpq way: `?options=-c%20search_path%3Dmy_schema`.
 * - anything else (`sqlite:path`, `file:path`, a plain path, `:memory:`): SQLite.
 */
export async function openDatabase(
  url: string | undefined,
  dataDir: string,
  idempotency: Partial<IdempotencyOptions> = {},
): Promise<ServiceDb> {
  const flavor = url?.trim() && isPostgresUrl(url.trim()) ? "postgres" : "sqlite";
  const db = new Kysely<Database>({ dialect: createDialect(url?.trim() || undefined, dataDir) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const idempotencyStore = createIdempotencyStore(
    db,
    { ...DEFAULT_IDEMPOTENCY, ...idempotency },
    flavor,
  );
  return {
    grants: createGrantStore(db, flavor),
    idempotency: idempotencyStore,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      idempotencyStore.stopRenewing();
      await db.destroy();
    },
  };
}

function createDialect(url: string | undefined, dataDir: string) {
  if (url && isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on("error", () => {});
    return new PostgresDialect({ pool });
  }
  const file = sqliteFile(url, dataDir);
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  return new SqliteDialect({
    database: async () => {
      const database = new SQLite(file);
      // WAL lets readers and one writer work at once; the busy timeout makes a
      // second process wait for the write lock instead of failing with SQLITE_BUSY.
      database.pragma("journal_mode = WAL");
      database.pragma("busy_timeout = 5000");
      database.pragma("synchronous = NORMAL");
      return cacheStatements(database);
    },
  });
}

function sqliteFile(url: string | undefined, dataDir: string): string {
  if (!url) return path.join(dataDir, SQLITE_FILE);
  const bare = url.replace(/^(sqlite|file):(\/\/)?/i, "");
  if (bare === ":memory:") return bare;
  return path.resolve(bare);
}

async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    throw new Error(
      `Database migration ${failed ? `"${failed}" ` : ""}failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
