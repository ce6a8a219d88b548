// Idempotency records (INTERFACE.md, "Idempotency-Key"). The claim is atomic
// across processes and machines because it rests on the primary key alone:
// INSERT … ON CONFLICT DO NOTHING RETURNING; when nothing was inserted, read what
// holds the key.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Flavor } from "@/lib/kernel/database";
import { type Database, toMillis } from "./schema";
import { statement } from "./statements";
import type { IdempotencyClaim, IdempotencyStore } from "./types";

export interface IdempotencyOptions {
  /** How long a key is remembered, from its first request. */
  retentionMs: number;
  /**
   * How long a running claim counts as alive without news of its holder. The holder
   * renews it every third of this while its request runs (however long that is), so
   * only a claim whose process died goes quiet: past this, a new request takes it over.
   */
  inFlightLeaseMs: number;
}

const PURGE_EVERY_MS = 60_000;
/** Rounds of claim → read; an expired or vanished record needs a second one. */
const MAX_CLAIM_ROUNDS = 5;

export function createIdempotencyStore(
  db: Kysely<Database>,
  options: IdempotencyOptions,
  flavor: Flavor,
): IdempotencyStore {
  // The claim of a fresh key and its completion run on every request with a key:
  // fixed SQL (statements.ts). The rarer paths below use the query builder.
  const insertClaim = statement<{ owner: string }>(
    flavor,
    "insert into idempotency_records (scope, idem_key, request_hash, owner, state, created_at, claimed_at, status, body) values (?, ?, ?, ?, 'running', ?, ?, null, null) on conflict (scope, idem_key) do nothing returning owner",
  );
  const completeClaim = statement(
    flavor,
    "update idempotency_records set state = 'done', status = ?, body = ? where scope = ? and idem_key = ? and owner = ?",
  );
  // Tokens of the claims this process holds, so complete/release touch only our own
  // record even if an abandoned claim was taken over by another process meanwhile.
  const held = new Map<string, string>();
  const heldKey = (scope: string, key: string) => `${scope}\u0000${key}`;
  let heartbeat: NodeJS.Timeout | undefined;

  /** Tells every other instance that this one's running claims are alive. */
  async function renewHeld(): Promise<void> {
    const tokens = [...held.values()];
    if (tokens.length === 0) return;
    try {
      await db
        .updateTable("idempotency_records")
        .set({ claimed_at: Date.now() })
        .where("owner", "in", tokens)
        .where("state", "=", "running")
        .execute();
    } catch {
      // The next beat tries again; the lease leaves room for two missed ones.
    }
  }

  function hold(scope: string, key: string, token: string): void {
    held.set(heldKey(scope, key), token);
    if (heartbeat) return;
    heartbeat = setInterval(() => void renewHeld(), options.inFlightLeaseMs / 3);
    heartbeat.unref();
  }

  function stopRenewing(): void {
    clearInterval(heartbeat);
    heartbeat = undefined;
  }

  /** The token of a claim this process held, now let go. */
  function letGo(scope: string, key: string): string | undefined {
    const token = held.get(heldKey(scope, key));
    held.delete(heldKey(scope, key));
    if (held.size === 0) stopRenewing();
    return token;
  }
  let lastPurge = 0;

  async function purgeExpired(now: Date): Promise<void> {
    if (now.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now.getTime();
    await db
      .deleteFrom("idempotency_records")
      .where("created_at", "<", now.getTime() - options.retentionMs)
      .execute();
  }

  async function claimOnce(
    scope: string,
    key: string,
    requestHash: string,
    now: Date,
  ): Promise<IdempotencyClaim | undefined> {
    const nowMs = now.getTime();
    const token = randomUUID();
    // RETURNING gives a row only when this insert created the record: the usual case,
    // a fresh key, costs one statement.
    const [inserted] = (await insertClaim.run(db, [scope, key, requestHash, token, nowMs, nowMs]))
      .rows;
    if (inserted?.owner === token) {
      hold(scope, key, token);
      return { kind: "claimed" };
    }

    const row = await db
      .selectFrom("idempotency_records")
      .selectAll()
      .where("scope", "=", scope)
      .where("idem_key", "=", key)
      .executeTakeFirst();
    if (!row) return undefined;

    if (toMillis(row.created_at) < nowMs - options.retentionMs) {
      // Past its retention the record no longer counts. Delete exactly that record
      // (a fresh claim by another process has another owner) and claim again.
      await db
        .deleteFrom("idempotency_records")
        .where("scope", "=", scope)
        .where("idem_key", "=", key)
        .where("owner", "=", row.owner)
        .where("created_at", "<", nowMs - options.retentionMs)
        .execute();
      return undefined;
    }
    if (row.request_hash !== requestHash) return { kind: "mismatch" };
    if (row.state === "done" && row.status !== null && row.body !== null) {
      return { kind: "replay", response: { status: row.status, body: row.body } };
    }
    if (toMillis(row.claimed_at) >= nowMs - options.inFlightLeaseMs) return { kind: "in_flight" };

    // The holder stopped renewing its claim: its process died. Take the claim over,
    // but only if nobody else did first (compare-and-set on the owner).
    const takeover = await db
      .updateTable("idempotency_records")
      .set({ owner: token, claimed_at: nowMs })
      .where("scope", "=", scope)
      .where("idem_key", "=", key)
      .where("owner", "=", row.owner)
      .where("state", "=", "running")
      .executeTakeFirst();
    if (takeover.numUpdatedRows === 1n) {
      hold(scope, key, token);
      return { kind: "claimed" };
    }
    return undefined;
  }

  return {
    stopRenewing,

    async claim(scope, key, requestHash, now) {
      await purgeExpired(now);
      for (let round = 0; round < MAX_CLAIM_ROUNDS; round++) {
        const claim = await claimOnce(scope, key, requestHash, now);
        if (claim) return claim;
      }
      // Another process keeps replacing the record under us; tell the client to retry.
      return { kind: "in_flight" };
    },

    async complete(scope, key, response) {
      const token = letGo(scope, key);
      if (token === undefined) return;
      await completeClaim.run(db, [response.status, response.body, scope, key, token]);
    },

    async release(scope, key) {
      const token = letGo(scope, key);
      if (token === undefined) return;
      await db
        .deleteFrom("idempotency_records")
        .where("scope", "=", scope)
        .where("idem_key", "=", key)
        .where("owner", "=", token)
        .execute();
    },
  };
}
