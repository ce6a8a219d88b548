// Support staff sessions: a signed, http-only cookie holding the name and an
// expiry. Pages redirect to sign-in without one; APIs answer 401.
import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { authConfig } from "./config";
import { cookieOptions, STAFF_COOKIE } from "./cookies";
import { signToken, verifyToken } from "./signing";

export interface StaffSession {
  username: string;
  expiresAt: number;
}

const payloadSchema = z.object({ u: z.string().min(1), exp: z.number() });

export async function startStaffSession(username: string, now = Date.now()): Promise<void> {
  const { secret, staffSessionMs } = authConfig();
  const payload = JSON.stringify({ u: username, exp: now + staffSessionMs });
  (await cookies()).set(
    STAFF_COOKIE,
    signToken(secret, "staff", payload),
    await cookieOptions(staffSessionMs / 1000),
  );
}

export async function endStaffSession(): Promise<void> {
  (await cookies()).delete(STAFF_COOKIE);
}

/** The signed-in staff member, or null (no cookie, bad signature, expired, account removed). */
export async function getStaffSession(now = Date.now()): Promise<StaffSession | null> {
  const { secret, accounts } = authConfig();
  const text = verifyToken(secret, "staff", (await cookies()).get(STAFF_COOKIE)?.value);
  if (!text) return null;
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
  if (parsed.exp <= now || !accounts.has(parsed.u)) return null;
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
