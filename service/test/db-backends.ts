// The databases the service runs on, for tests: SQLite always, and PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it). Each PostgreSQL backend gets a schema of its
// own, dropped afterwards, so parallel runs never see each other's rows.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type IdempotencyOptions, openServiceDb } from "../src/db";
import type { ServiceDb } from "../src/db/types";

export interface DbBackend {
  /** Opens another connection (pool) to the same database, as another instance would. */
  open(idempotency?: Partial<IdempotencyOptions>): Promise<ServiceDb>;
  cleanup(): Promise<void>;
}

async function sqliteBackend(): Promise<DbBackend> {
  const dir = await mkdtemp(path.join(tmpdir(), "docroute-db-"));
  return {
    open: (idempotency) => openServiceDb(undefined, dir, idempotency),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

async function postgresBackend(url: string): Promise<DbBackend> {
  const schema = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  // The libpq way of choosing a schema, which openServiceDb passes through to pg.
  const scoped = new URL(url);
  scoped.searchParams.set("options", `-c search_path=${schema}`);
  return {
    open: (idempotency) => openServiceDb(scoped.toString(), "/nonexistent", idempotency),
    async cleanup() {
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    },
  };
}

/** For describe.each: [name, make]. */
export function dbBackends(): [string, () => Promise<DbBackend>][] {
  const url = process.env.TEST_DATABASE_URL;
  const backends: [string, () => Promise<DbBackend>][] = [["sqlite", sqliteBackend]];
  if (url) backends.push(["postgres", () => postgresBackend(url)]);
  return backends;
}
