import { describe, expect, it } from "vitest";
import { parseTrustedProxies } from "./trusted-proxies";

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
