// Support sessions signed out before they expired. A staff cookie is a signed
// token that would stay valid until its expiry; sign-out writes its session id
// here, and every check of a staff session looks it up, so a stolen cookie
// stops working at sign-out on every app instance sharing the ledger. Rows go
// once the cookie would have expired anyway.
import type { LedgerDb } from "./database";

export async function revokeStaffSession(
  db: LedgerDb,
  sessionId: string,
  expiresAt: number,
  now: number,
): Promise<void> {
  await db.deleteFrom("ledger_staff_revoked").where("expires_at", "<=", now).execute();
  await db
    .insertInto("ledger_staff_revoked")
    .values({ session_id: sessionId, expires_at: expiresAt })
    .onConflict((oc) => oc.column("session_id").doNothing())
    .execute();
}

export async function isStaffSessionRevoked(db: LedgerDb, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("ledger_staff_revoked")
    .select("session_id")
    .where("session_id", "=", sessionId)
    .executeTakeFirst();
  return row !== undefined;
}
