// The Idempotency-Key the app sends to the Routing Service. The service keeps
// keys per API key and the app has one key for every buyer, so the browser's
// own key, passed through, would let one buyer replay another's key and read
// their answer and trace id. The key sent is an HMAC of the buyer's session
// and the browser's key under a server-side secret: private to that buyer,
// the same on every retry (and on a resume from the ledger), and worthless to
// anyone who reads it.
import "server-only";
import { authConfig } from "./config";
import { mac } from "./signing";

export function upstreamIdempotencyKey(sessionId: string, browserKey: string): string {
  // A length prefix keeps ("ab", "c") and ("a", "bc") apart.
  return `b1-${mac(authConfig().secret, "idempotency", `${sessionId.length}:${sessionId}:${browserKey}`)}`;
}
