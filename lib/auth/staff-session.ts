// Support staff sessions: a signed, http-only cookie holding the name, a
// session id and an expiry. Pages redirect to sign-in without one; APIs
// answer 401. Sign-out revokes the session id in the ledger, so the cookie
// stops working everywhere, even a copy of it.
import "server-only";
import { randomUUID } from "node:crypto";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { getLedger } from "@/lib/ledger";
import { authConfig } from "./config";
import { cookieOptions, STAFF_COOKIE } from "./cookies";
import { signToken, verifyToken } from "./signing";

export interface StaffSession {
  username: string;
  expiresAt: number;
}

const payloadSchema = z.object({ u: z.string().min(1), sid: z.uuid(), exp: z.number() });

export async function startStaffSession(username: string, now = Date.now()): Promise<void> {
  const { secret, staffSessionMs } = authConfig();
  const payload = JSON.stringify({ u: username, sid: randomUUID(), exp: now + staffSessionMs });
  (await cookies()).set(
    STAFF_COOKIE,
    signToken(secret, "staff", payload),
    await cookieOptions(staffSessionMs / 1000),
  );
}

export async function endStaffSession(): Promise<void> {
  const token = await readStaffToken();
  if (token) await (await getLedger()).revokeStaffSession(token.sid, token.exp);
  (await cookies()).delete(STAFF_COOKIE);
}

/** The staff cookie's payload when it is intact; not yet checked for expiry or revocation. */
async function readStaffToken(): Promise<z.infer<typeof payloadSchema> | null> {
  const { secret } = authConfig();
  const text = verifyToken(secret, "staff", (await cookies()).get(STAFF_COOKIE)?.value);
  if (!text) return null;
  try {
    return payloadSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
}

/** The signed-in staff member, or null (no cookie, bad signature, expired, signed out, account removed). */
export async function getStaffSession(now = Date.now()): Promise<StaffSession | null> {
  const parsed = await readStaffToken();
  if (!parsed || parsed.exp <= now || !authConfig().accounts.has(parsed.u)) return null;
  if (await (await getLedger()).isStaffSessionRevoked(parsed.sid)) return null;
  return { username: parsed.u, expiresAt: parsed.exp };
}

/** For support pages: the staff member, or a redirect to sign-in that comes back here. */
export async function requireStaff(returnTo: string): Promise<StaffSession> {
  const staff = await getStaffSession();
  if (!staff) redirect(`/support/sign-in?next=${encodeURIComponent(safeReturnPath(returnTo))}`);
  return staff;
}

/** Only paths inside the console; anything else (another site, //host) goes to the console. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value?.startsWith("/support") || value.startsWith("//")) return "/support";
  return value.startsWith("/support/sign-in") ? "/support" : value;
}
