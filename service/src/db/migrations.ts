// Migrations live in code (not files on disk) so the service runs the same from
// source, a bundle or a container. Each one must work on SQLite and PostgreSQL.
import { type Kysely, type Migration, type MigrationProvider, sql } from "kysely";

// Migrations receive Kysely<any>: they describe the schema, they must not depend on today's types.
// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented type for migrations.
type AnyDb = Kysely<any>;

const migrations: Record<string, Migration> = {
  "2026-11-22-001-grants-and-idempotency": {
    async up(db: AnyDb) {
      await db.schema
        .createTable("grants")
        .addColumn("object_key", "text", (c) => c.primaryKey())
        .addColumn("category_id", "text", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("uploaded_at", "bigint")
        .addColumn("size", "bigint")
        .execute();

      await db.schema
        .createTable("idempotency_records")
        .addColumn("scope", "text", (c) => c.notNull())
        .addColumn("idem_key", "text", (c) => c.notNull())
        .addColumn("request_hash", "text", (c) => c.notNull())
        .addColumn("owner", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("claimed_at", "bigint", (c) => c.notNull())
        .addColumn("status", "integer")
        .addColumn("body", "text")
        .addPrimaryKeyConstraint("idempotency_records_pk", ["scope", "idem_key"])
        .execute();

      await db.schema
        .createIndex("idempotency_records_created_at")
        .on("idempotency_records")
        .column("created_at")
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("idempotency_records").execute();
      await db.schema.dropTable("grants").execute();
    },
  },
  "2026-11-24-001-grant-expiry-index": {
    // The retention sweep looks grants up by expiry (storage/retention.ts).
    async up(db: AnyDb) {
      await db.schema.createIndex("grants_expires_at").on("grants").column("expires_at").execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex("grants_expires_at").execute();
    },
  },
  "2026-11-25-001-jobs": {
    // Jobs, their pages and batches (service/src/jobs), and the table-backed queue
    // SQLite runs them with (PostgreSQL uses pg-boss's own tables).
    async up(db: AnyDb) {
      await db.schema
        .createTable("jobs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("owner", "text", (c) => c.notNull())
        .addColumn("category_id", "text", (c) => c.notNull())
        .addColumn("batch_id", "text")
        .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("trace_id", "text", (c) => c.notNull())
        .addColumn("request", "text", (c) => c.notNull())
        .addColumn("unit", "text", (c) => c.notNull())
        .addColumn("pages_total", "integer", (c) => c.notNull())
        .addColumn("pages_done", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("started_at", "bigint")
        .addColumn("finished_at", "bigint")
        .addColumn("lease_owner", "text")
        .addColumn("lease_until", "bigint")
        .addColumn("result_status", "integer")
        .addColumn("result_body", "text")
        .addColumn("callback_url", "text")
        .addColumn("callback_status", "text")
        .addColumn("callback_attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("callback_error", "text")
        .execute();
      // Unfinished jobs by status: fairness counts, the orphan sweep.
      await db.schema.createIndex("jobs_status").on("jobs").columns(["status", "owner"]).execute();
      await db.schema
        .createIndex("jobs_batch")
        .on("jobs")
        .columns(["batch_id", "position"])
        .execute();
      await db.schema.createIndex("jobs_finished_at").on("jobs").column("finished_at").execute();

      await db.schema
        .createTable("job_pages")
        .addColumn("job_id", "text", (c) => c.notNull())
        .addColumn("number", "integer", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("provider", "text", (c) => c.notNull())
        .addColumn("cost", "double precision", (c) => c.notNull())
        .addColumn("billed", "integer", (c) => c.notNull())
        .addColumn("failover_depth", "integer", (c) => c.notNull())
        .addColumn("attempts", "text", (c) => c.notNull())
        .addColumn("latency_ms", "double precision", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("job_pages_pk", ["job_id", "number"])
        .execute();

      await db.schema
        .createTable("batches")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("owner", "text", (c) => c.notNull())
        .addColumn("category_id", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("queue_jobs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("queue", "text", (c) => c.notNull())
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("priority", "integer", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("singleton_key", "text")
        .addColumn("retry_limit", "integer", (c) => c.notNull())
        .addColumn("retry_count", "integer", (c) => c.notNull())
        .addColumn("retry_delay_ms", "integer", (c) => c.notNull())
        .addColumn("retry_backoff", "integer", (c) => c.notNull())
        .addColumn("start_after", "bigint", (c) => c.notNull())
        .addColumn("started_at", "bigint")
        .addColumn("expire_ms", "integer", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("completed_at", "bigint")
        .addColumn("last_error", "text")
        .execute();
      await db.schema
        .createIndex("queue_jobs_next")
        .on("queue_jobs")
        .columns(["queue", "state", "priority", "created_at"])
        .execute();
      // A job waits in the queue at most once (pg-boss's "short" policy).
      await db.schema
        .createIndex("queue_jobs_waiting_key")
        .unique()
        .on("queue_jobs")
        .columns(["queue", "singleton_key"])
        .where(sql.ref("state"), "=", "created")
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of ["queue_jobs", "batches", "job_pages", "jobs"]) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  "2026-11-25-002-grant-api-key": {
    // Which API key asked for a grant: only that key may have the document back
    // (POST /v1/documents/download). Older grants have none and are never given back.
    async up(db: AnyDb) {
      await db.schema.alterTable("grants").addColumn("api_key_id", "text").execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable("grants").dropColumn("api_key_id").execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
