// Who is asking, by network address, for the rate limits and the sign-in
// throttle. Forwarding headers are believed only from configured proxies
// (TRUSTED_PROXIES, parsed in lib/settings/trusted-proxies.ts): a client that
// could name its own address would get a fresh bucket per request.
//
// `next start` keeps a client's own X-Forwarded-For, so a route handler cannot
// tell a proxy's header from a forged one. `npm start` therefore serves the
// app through scripts/app-server.ts, which sets PEER_HEADER to the socket's
// address on every request (overwriting any a client sent). No secret here:
// the server script imports this file outside Next.
import { type BlockList, isIP } from "node:net";

export const PEER_HEADER = "x-docroute-peer";

/** "::ffff:10.0.0.1" → "10.0.0.1", "[::1]" → "::1", trimmed and lower case. */
function normalize(value: string): string {
  const bare = value
    .trim()
    .replace(/^\[|\]$/g, "")
    .toLowerCase();
  return bare.startsWith("::ffff:") && isIP(bare.slice(7)) === 4 ? bare.slice(7) : bare;
}

function isTrusted(address: string, trusted: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address: the socket's peer, unless that peer is a trusted
 * proxy; then the address it forwarded, and so on leftwards through
 * X-Forwarded-For while the hops are trusted. Entries a client put further
 * left are never read. Without PEER_HEADER (`next dev`, a plain `next start`)
 * the last X-Forwarded-For hop, which Next sets from the socket when a client
 * sent none, stands in for the peer.
 */
export function clientAddress(headers: Headers, trusted: BlockList): string {
  const peer = headers.get(PEER_HEADER);
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map(normalize).filter(Boolean);
  if (peer) hops.push(normalize(peer));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? "";
    if (i === 0 || !isTrusted(hop, trusted)) return hop.slice(0, 64) || "unknown";
  }
  return "unknown";
}
