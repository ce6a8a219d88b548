// The one way both programs open a database: SQLite (WAL) by default,
// PostgreSQL when the URL says postgres:// or postgresql://, migrated to the
// latest with Kysely's migrator. The service (service/src/db/) and the app's
// run ledger (lib/ledger/) each bring their own tables and migrations.
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
} from "kysely";
import pg from "pg";
import { cacheStatements } from "./statement-cache";

export type Flavor = "postgres" | "sqlite";

export interface OpenDatabaseOptions {
  /** postgres://… or postgresql://… selects PostgreSQL; anything else, SQLite. */
  url?: string | undefined;
  /** The SQLite file (or ":memory:") when the URL is not PostgreSQL. */
  sqliteFile: string;
  /** PostgreSQL schema to use (created if missing); default: the server's search_path. */
  schema?: string | undefined;
  migrations: MigrationProvider;
  /** Name of the migration table (its lock table takes `_lock`), so two programs can share a database. */
  migrationTable?: string;
  /** What the database is, for the error when it cannot be migrated. */
  label: string;
}

export interface OpenedDatabase<DB> {
  db: Kysely<DB>;
  flavor: Flavor;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return Boolean(url && /^postgres(ql)?:\/\//i.test(url.trim()));
}

/** Opens and migrates; on any failure the connections are closed and the error names the migration. */
export async function openDatabase<DB>(options: OpenDatabaseOptions): Promise<OpenedDatabase<DB>> {
  const flavor: Flavor = isPostgresUrl(options.url) ? "postgres" : "sqlite";
  const db = new Kysely<DB>({
    dialect:
      flavor === "postgres"
        ? postgresDialect(options.url?.trim() ?? "", options.schema)
        : sqliteDialect(options.sqliteFile),
  });
  try {
    await migrate(db, flavor, options);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, flavor };
}

async function migrate<DB>(db: Kysely<DB>, flavor: Flavor, options: OpenDatabaseOptions) {
  let schema: string | undefined;
  if (flavor === "postgres") {
    if (options.schema) {
      await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
    }
    // Always the schema the tables land in (from `schema` or the URL's search_path):
    // Kysely otherwise takes a same-named migration table in any other schema for ours.
    const current = await sql<{ s: string | null }>`select current_schema() as s`.execute(db);
    schema = current.rows[0]?.s ?? undefined;
  }
  const migrator = new Migrator({
    db,
    provider: options.migrations,
    ...(options.migrationTable
      ? {
          migrationTableName: options.migrationTable,
          migrationLockTableName: `${options.migrationTable}_lock`,
        }
      : {}),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${options.label}: migration ${failed ? `"${failed}" ` : ""}failed: ${reason}`,
      { cause: error },
    );
  }
}

function postgresDialect(url: string, schema: string | undefined) {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on("error", () => {});
  return new PostgresDialect({ pool });
}

function sqliteDialect(file: string) {
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
