// Table shapes as Kysely sees them. Times are epoch milliseconds in BIGINT columns
// so SQLite and PostgreSQL store and compare them the same way; PostgreSQL hands
// BIGINT back as a string, hence `number | string` on the read side.
import type { ColumnType } from "kysely";

type Millis = ColumnType<number | string, number, number>;
type NullableMillis = ColumnType<number | string | null, number | null, number | null>;

export interface GrantsTable {
  object_key: string;
  category_id: string;
  content_type: string;
  created_at: Millis;
  expires_at: Millis;
  uploaded_at: NullableMillis;
  size: NullableMillis;
  /** sha256 of the granting API key; null for grants older than the column. */
  api_key_id: string | null;
}

export interface IdempotencyTable {
  /** Hash of the API key: records are per key, and the key itself is never stored. */
  scope: string;
  idem_key: string;
  request_hash: string;
  /** Random token of the claim that holds the record; guards complete/release and takeovers. */
  owner: string;
  state: "running" | "done";
  /** First claim; the retention counts from here. */
  created_at: Millis;
  /** Last (re)claim; a running record older than the lease is taken as abandoned. */
  claimed_at: Millis;
  status: number | null;
  body: string | null;
}

export interface Database {
  grants: GrantsTable;
  idempotency_records: IdempotencyTable;
}

/** Reads a BIGINT column from either database as a number. */
export function toMillis(value: number | string): number {
  return typeof value === "number" ? value : Number(value);
}
