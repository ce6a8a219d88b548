// The shared opener on PostgreSQL: a program given its schema by the URL's search_path
// migrates its own tables even when another schema of the same database already holds a
// same-named migration table (another app's, another test's), as in the fleet.
import { randomBytes } from "node:crypto";
import { type Kysely, type MigrationProvider, sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./index";

const url = process.env.TEST_DATABASE_URL;

// biome-ignore lint/suspicious/noExplicitAny: Kysely's documented type for migrations.
type AnyDb = Kysely<any>;
const migrations: MigrationProvider = {
  getMigrations: async () => ({
    "001-notes": {
      up: async (db: AnyDb) => {
        await db.schema.createTable("notes").addColumn("id", "integer").execute();
      },
    },
  }),
};

describe.runIf(url)("openDatabase on PostgreSQL", () => {
  const tag = randomBytes(4).toString("hex");
  const schemas = [`opener_a_${tag}`, `opener_b_${tag}`];
  const admin = new pg.Client({ connectionString: url });
  afterAll(async () => {
    for (const schema of schemas) await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });

  it("migrates the URL's schema although another schema has the same migration tables", async () => {
    await admin.connect();
    const opened: AnyDb[] = [];
    for (const schema of schemas) {
      await admin.query(`create schema "${schema}"`);
      const scoped = new URL(url ?? "");
      scoped.searchParams.set("options", `-c search_path=${schema}`);
      const { db } = await openDatabase<unknown>({
        url: scoped.toString(),
        sqliteFile: ":memory:",
        migrations,
        migrationTable: "opener_migration",
        label: "test database",
      });
      opened.push(db as AnyDb);
    }
    for (const db of opened) {
      const rows = await sql<{ n: number }>`select count(*)::int as n from notes`.execute(db);
      expect(rows.rows[0]?.n).toBe(0);
      await db.destroy();
    }
    const { rows } = await admin.query<{ table_schema: string }>(
      "select table_schema from information_schema.tables where table_name = 'opener_migration_lock' order by 1",
    );
    expect(rows.map((r) => r.table_schema).filter((s) => schemas.includes(s))).toEqual(schemas);
  });
});
