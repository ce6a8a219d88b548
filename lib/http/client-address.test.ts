import { describe, expect, it } from "vitest";
import { clientAddress, PEER_HEADER, parseTrustedProxies } from "./client-address";

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

describe("parseTrustedProxies", () => {
  it("reads addresses and ranges, and names a bad entry", () => {
    const list = parseTrustedProxies("127.0.0.1, 10.0.0.0/8, fd00::/8");
    expect(list.check("10.200.0.1", "ipv4")).toBe(true);
    expect(list.check("fd12::1", "ipv6")).toBe(true);
    expect(list.check("11.0.0.1", "ipv4")).toBe(false);
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustedProxies("proxy.internal")).toThrow(/proxy\.internal/);
  });
});
