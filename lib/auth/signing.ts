// Signed tokens for cookies: base64url(payload).base64url(HMAC-SHA256). Each
// use (buyer, staff, the upstream Idempotency-Key) signs with its own key
// derived from SESSION_SECRET.
import { createHmac, timingSafeEqual } from "node:crypto";

export type Purpose = "buyer" | "staff" | "idempotency";

// The derived key, kept: every request with a cookie verifies it, and deriving
// it again each time doubled the HMAC work.
const derived = new Map<string, Buffer>();

function keyFor(secret: string, purpose: Purpose): Buffer {
  const id = `${purpose}:${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = createHmac("sha256", secret).update(`docroute-session:${purpose}`).digest();
    // One secret per process in practice; a bound keeps a test's many secrets from piling up.
    if (derived.size >= 16) derived.clear();
    derived.set(id, key);
  }
  return key;
}

/** HMAC-SHA256 of `payload` under the purpose's key, base64url. */
export function mac(secret: string, purpose: Purpose, payload: string): string {
  return createHmac("sha256", keyFor(secret, purpose)).update(payload).digest("base64url");
}

export function signToken(secret: string, purpose: Purpose, payload: string): string {
  const body = Buffer.from(payload, "utf8").toString("base64url");
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The payload when the token is intact and was signed for this purpose; else null. */
export function verifyToken(
  secret: string,
  purpose: Purpose,
  token: string | undefined,
): string | null {
  if (!token) return null;
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = createHmac("sha256", keyFor(secret, purpose)).update(body).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Buffer.from(body, "base64url").toString("utf8");
}
