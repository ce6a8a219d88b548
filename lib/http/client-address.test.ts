import { describe, expect, it } from "vitest";
import { parseTrustedProxies } from "@/lib/settings/trusted-proxies";
import { clientAddress, PEER_HEADER } from "./client-address";

const ask = (peer: string | null, forwarded?: string) =>
  new Headers({
    ...(peer ? { [PEER_HEADER]: peer } : {}),
    ...(forwarded ? { "x-forwarded-for": forwarded } : {}),
  });

describe("clientAddress", () => {
  it("believes no forwarding header from a peer that is not a trusted proxy", () => {
    const none = parseTrustedProxies(undefined);
    for (const forged of ["1.1.1.1", "2.2.2.2, 3.3.3.3", "garbage"]) {
      expect(clientAddress(ask("203.0.113.9", forged), none)).toBe("203.0.113.9");
    }
    expect(clientAddress(ask("::ffff:203.0.113.9"), none)).toBe("203.0.113.9");
  });

  it("takes the address a trusted proxy forwarded, never what the client put before it", () => {
    const trusted = parseTrustedProxies("10.0.0.0/8, ::1");
    expect(clientAddress(ask("10.1.2.3", "198.51.100.7"), trusted)).toBe("198.51.100.7");
    // The client's own header, with the proxy's append after it.
    expect(clientAddress(ask("10.1.2.3", "6.6.6.6, 198.51.100.7"), trusted)).toBe("198.51.100.7");
    // Two proxies in a row.
    expect(clientAddress(ask("::1", "198.51.100.7, 10.9.9.9"), trusted)).toBe("198.51.100.7");
  });

  it("falls back to the last forwarded hop without the server's peer header", () => {
    expect(clientAddress(ask(null, "198.51.100.7"), parseTrustedProxies(""))).toBe("198.51.100.7");
    expect(clientAddress(ask(null), parseTrustedProxies(""))).toBe("unknown");
  });
});
