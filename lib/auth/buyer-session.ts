// The buyer's session: an anonymous id in a signed, http-only cookie, set when
// the first run is created. It scopes "My documents" and /runs/<id> to their owner.
import "server-only";
import { randomUUID } from "node:crypto";
import { cookies } from "next/headers";
import { authConfig } from "./config";
import { BUYER_COOKIE, cookieOptions } from "./cookies";
import { signToken, verifyToken } from "./signing";

const ONE_YEAR_S = 365 * 24 * 3600;
const SESSION_ID = /^[0-9a-f-]{36}$/;

/** The buyer's session id when the browser sent a valid cookie; else null. Read-only. */
export async function getBuyerSessionId(): Promise<string | null> {
  const token = (await cookies()).get(BUYER_COOKIE)?.value;
  const id = verifyToken(authConfig().secret, "buyer", token);
  return id && SESSION_ID.test(id) ? id : null;
}

/** The buyer's session id, made and set now if there is none. Route handlers and actions only. */
export async function ensureBuyerSession(): Promise<string> {
  const existing = await getBuyerSessionId();
  if (existing) return existing;
  const id = randomUUID();
  (await cookies()).set(
    BUYER_COOKIE,
    signToken(authConfig().secret, "buyer", id),
    await cookieOptions(ONE_YEAR_S),
  );
  return id;
}
