// openServiceDb: the service's grants, idempotency records and jobs, in SQLite (the
// data folder) or PostgreSQL, opened with the shared opener (lib/kernel/database).
import path from "node:path";
import { sql } from "kysely";
import { openDatabase } from "@/lib/kernel/database";
import { createGrantStore } from "./grant-store";
import { createIdempotencyStore, type IdempotencyOptions } from "./idempotency-store";
import { createJobStore } from "./job-store";
import { migrationProvider } from "./migrations";
import { createQueueStore } from "./queue-store";
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

/**
 * Opens (and migrates) the service's database.
 * - `url` undefined or empty: `<dataDir>/service.sqlite`.
 * - `postgres://…` / `postgresql://…`: PostgreSQL. A schema other than `public`
 *   can be chosen the libpq way: `?options=-c%20search_path%3Dmy_schema`.
 * - anything else (`sqlite:path`, `file:path`, a plain path, `:memory:`): SQLite.
 */
export async function openServiceDb(
  url: string | undefined,
  dataDir: string,
  idempotency: Partial<IdempotencyOptions> = {},
): Promise<ServiceDb> {
  const { db, flavor } = await openDatabase<Database>({
    url,
    sqliteFile: sqliteFile(url?.trim() || undefined, dataDir),
    migrations: migrationProvider,
    label: "The service's database",
  });
  const idempotencyStore = createIdempotencyStore(
    db,
    { ...DEFAULT_IDEMPOTENCY, ...idempotency },
    flavor,
  );
  const trimmed = url?.trim() ?? "";
  return {
    grants: createGrantStore(db, flavor),
    idempotency: idempotencyStore,
    jobs: createJobStore(db),
    queue: createQueueStore(db),
    backend: flavor === "postgres" ? { flavor, url: trimmed } : { flavor },
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      idempotencyStore.stopRenewing();
      await db.destroy();
    },
  };
}

function sqliteFile(url: string | undefined, dataDir: string): string {
  if (!url) return path.join(dataDir, SQLITE_FILE);
  const bare = url.replace(/^(sqlite|file):(\/\/)?/i, "");
  if (bare === ":memory:") return bare;
  return path.resolve(bare);
}
