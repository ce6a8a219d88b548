// Migrations live in code (not files on disk) so the service runs the same from
// source, a bundle or a container. Each one must work on SQLite and PostgreSQL.
import type { Kysely, Migration, MigrationProvider } from "kysely";

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
  "2026-11-25-001-grant-api-key": {
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
