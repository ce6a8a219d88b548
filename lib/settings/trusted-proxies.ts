// TRUSTED_PROXIES: the reverse proxies whose X-Forwarded-For is believed
// (lib/http/client-address.ts reads the list). Pure: lib/env.ts parses with it.
import { BlockList, isIP } from "node:net";

/** Parses "10.0.0.1, 10.1.0.0/16, ::1"; throws naming the first bad entry. */
export function parseTrustedProxies(value: string | undefined): BlockList {
  const list = new BlockList();
  for (const entry of (value ?? "").split(",")) {
    const item = entry.trim();
    if (!item) continue;
    const [address = "", bits] = item.split("/");
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxBits = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxBits))
    ) {
      throw new Error(`"${item}" is not an IP address or CIDR range`);
    }
    const type = family === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}
