// Migrations live in code so the app runs the same from source or a build.
// Each one must work on SQLite and PostgreSQL. Times are double precision
// (exact for epoch milliseconds, and a plain number from both drivers).
import type { Kysely, Migration, MigrationProvider } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented type for migrations.
type AnyDb = Kysely<any>;

const migrations: Record<string, Migration> = {
  "2026-11-22-001-ledger-runs": {
    async up(db: AnyDb) {
      const time = "double precision" as const;
      await db.schema
        .createTable("ledger_runs")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("trace_id", "text")
        .addColumn("session_id", "text", (c) => c.notNull())
        .addColumn("category_id", "text", (c) => c.notNull())
        .addColumn("category_name", "text")
        .addColumn("file_name", "text")
        .addColumn("file_size", time)
        .addColumn("media_type", "text")
        .addColumn("object_key", "text")
        .addColumn("s3_uri", "text")
        .addColumn("idempotency_key", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .addColumn("granted_at", time)
        .addColumn("uploaded_at", time)
        .addColumn("process_started_at", time)
        .addColumn("process_ended_at", time)
        .addColumn("request", "text")
        .addColumn("http_status", "integer")
        .addColumn("error_code", "text")
        .addColumn("error_message", "text")
        .addColumn("error_body", "text")
        .addColumn("cost", time)
        .addColumn("latency_ms", time)
        .addColumn("failover_depth", "integer")
        .addColumn("provider", "text")
        .addColumn("meta", "text")
        .addColumn("replayed", "integer", (c) => c.notNull().defaultTo(0))
        // One run per submission: retries with the same key find the same row.
        .addUniqueConstraint("ledger_runs_session_idem", ["session_id", "idempotency_key"])
        .execute();
      for (const [name, columns] of [
        ["ledger_runs_created", ["created_at"]],
        ["ledger_runs_trace", ["trace_id"]],
        ["ledger_runs_object", ["object_key"]],
        ["ledger_runs_idem", ["idempotency_key"]],
        ["ledger_runs_session_created", ["session_id", "created_at"]],
      ] as const) {
        await db.schema
          .createIndex(name)
          .on("ledger_runs")
          .columns([...columns])
          .execute();
      }
      await db.schema
        .createTable("ledger_run_data")
        .addColumn("run_id", "text", (c) => c.primaryKey())
        .addColumn("data", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("ledger_run_data").execute();
      await db.schema.dropTable("ledger_runs").execute();
    },
  },
  "2026-11-24-001-staff-revocations": {
    // Support sessions signed out before they expired: their cookies stop working.
    async up(db: AnyDb) {
      await db.schema
        .createTable("ledger_staff_revoked")
        .addColumn("session_id", "text", (c) => c.primaryKey())
        .addColumn("expires_at", "double precision", (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("ledger_staff_revoked").execute();
    },
  },
  "2026-11-25-001-run-events": {
    // Things that happened to a run after it ran, for its timeline: support opening
    // the original document (app/api/support/runs/[id]/original).
    async up(db: AnyDb) {
      await db.schema
        .createTable("ledger_run_events")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("run_id", "text", (c) => c.notNull())
        .addColumn("at", "double precision", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("actor", "text")
        .execute();
      await db.schema
        .createIndex("ledger_run_events_run")
        .on("ledger_run_events")
        .columns(["run_id", "at"])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable("ledger_run_events").execute();
    },
  },
  "2026-12-04-001-ledger-jobs": {
    // A process call the service made a job of (202): the job, and how far it got.
    async up(db: AnyDb) {
      for (const [column, type] of [
        ["job_id", "text"],
        ["job_status", "text"],
        ["job_pages_done", "integer"],
        ["job_pages_total", "integer"],
      ] as const) {
        await db.schema.alterTable("ledger_runs").addColumn(column, type).execute();
      }
      await db.schema.createIndex("ledger_runs_job").on("ledger_runs").column("job_id").execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex("ledger_runs_job").execute();
      for (const column of ["job_id", "job_status", "job_pages_done", "job_pages_total"]) {
        await db.schema.alterTable("ledger_runs").dropColumn(column).execute();
      }
    },
  },
};

export const ledgerMigrations: MigrationProvider = {
  getMigrations: async () => migrations,
};
