import { afterEach, describe, expect, it, vi } from "vitest";
import { parseAccounts } from "@/lib/settings/support-accounts";
import { checkCredentials } from "./accounts";
import { hashPassword, verifyPassword } from "./password";
import { createSignInThrottle, MAX_FAILURES_PER_ADDRESS } from "./sign-in-throttle";
import { signToken, verifyToken } from "./signing";
import { safeReturnPath } from "./staff-session";

describe("passwords", () => {
  it("verifies the right password and refuses a wrong one or a broken hash", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\.16384\.8\.1\./);
    expect(hash).not.toContain("correct");
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("correct hors", hash)).toBe(false);
    expect(await verifyPassword("correct horse", hash.slice(0, -4))).toBe(false);
    expect(await verifyPassword("correct horse", "plain-text")).toBe(false);
    expect(await hashPassword("correct horse")).not.toBe(hash);
  });
});

describe("support accounts", () => {
  it("reads SUPPORT_ACCOUNTS and checks credentials by name, any case", async () => {
    const accounts = parseAccounts(
      `alice:${await hashPassword("a-pass")}, Bob:${await hashPassword("b-pass")}`,
    );
    expect([...accounts.keys()]).toEqual(["alice", "bob"]);
    expect(await checkCredentials(accounts, "BOB", "b-pass")).toBe("bob");
    expect(await checkCredentials(accounts, "alice", "b-pass")).toBeNull();
    expect(await checkCredentials(accounts, "carol", "a-pass")).toBeNull();
  });

  it("refuses a plain password in the configuration without repeating it", () => {
    expect(() => parseAccounts("alice:hunter2")).toThrow(/entry 1 must be "name:<hash>"/);
    try {
      parseAccounts("alice:hunter2");
    } catch (error) {
      expect(String(error)).not.toContain("hunter2");
    }
  });
});

describe("signed tokens", () => {
  const secret = "s".repeat(40);
  it("gives back the payload only when intact and for the same purpose and secret", () => {
    const token = signToken(secret, "buyer", "session-1");
    expect(verifyToken(secret, "buyer", token)).toBe("session-1");
    expect(verifyToken(secret, "staff", token)).toBeNull();
    expect(verifyToken("t".repeat(40), "buyer", token)).toBeNull();
    const forged = `${Buffer.from("session-2").toString("base64url")}.${token.split(".")[1]}`;
    expect(verifyToken(secret, "buyer", forged)).toBeNull();
    expect(verifyToken(secret, "buyer", undefined)).toBeNull();
    expect(verifyToken(secret, "buyer", "garbage")).toBeNull();
  });
});

describe("sign-in throttle", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("holds a name back from the address that guessed it, not from everyone", async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const throttle = createSignInThrottle();
    for (let i = 0; i < 4; i++) await throttle.noteFailure("6.6.6.6", "Alice");
    expect(await throttle.blockedFor("6.6.6.6", "alice")).toBe(0);
    await throttle.noteFailure("6.6.6.6", "alice");
    expect(await throttle.blockedFor("6.6.6.6", "alice")).toBeGreaterThan(800);
    // Alice herself, elsewhere, is not locked out.
    expect(await throttle.blockedFor("192.0.2.1", "alice")).toBe(0);
    vi.advanceTimersByTime(16 * 60_000);
    expect(await throttle.blockedFor("6.6.6.6", "alice")).toBe(0);
    // A success clears the name's failures.
    await throttle.noteFailure("192.0.2.1", "bob");
    await throttle.clear("192.0.2.1", "Bob");
    for (let i = 0; i < 4; i++) await throttle.noteFailure("192.0.2.1", "bob");
    expect(await throttle.blockedFor("192.0.2.1", "bob")).toBe(0);
  });

  it("holds back an address that tries many names", async () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      await throttle.noteFailure("6.6.6.7", `user-${i}`);
    }
    expect(await throttle.blockedFor("6.6.6.7", "never-tried")).toBeGreaterThan(800);
    expect(await throttle.blockedFor("6.6.6.8", "never-tried")).toBe(0);
  });
});

describe("return path after sign-in", () => {
  it("stays inside the console", () => {
    expect(safeReturnPath("/support/runs/abc?x=1")).toBe("/support/runs/abc?x=1");
    expect(safeReturnPath("https://evil.example/support")).toBe("/support");
    expect(safeReturnPath("//evil.example")).toBe("/support");
    expect(safeReturnPath("/support/sign-in")).toBe("/support");
    expect(safeReturnPath(null)).toBe("/support");
  });
});

describe("hashPasswordSync", () => {
  it("makes hashes the async verifier accepts", async () => {
    const { hashPasswordSync } = await import("./password");
    expect(await verifyPassword("sync-pass", hashPasswordSync("sync-pass"))).toBe(true);
    expect(await verifyPassword("other", hashPasswordSync("sync-pass"))).toBe(false);
  });
});
