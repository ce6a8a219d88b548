// Sign-out ends a support session on the server: the cookie, or any copy of
// it, is refused afterwards. Real signing and a real SQLite ledger.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { jar } from "@/lib/testing/cookie-jar";
import { hashPasswordSync } from "./password";

vi.mock("next/headers", async () => (await import("@/lib/testing/cookie-jar")).nextHeaders);

Object.assign(process.env, {
  SESSION_SECRET: "staff-session-test-secret-0123456789",
  SUPPORT_ACCOUNTS: `ann:${hashPasswordSync("pw")}`,
  LEDGER_SQLITE_PATH: path.join(mkdtempSync(path.join(tmpdir(), "docroute-staff-")), "l.sqlite"),
});
const { endStaffSession, getStaffSession, startStaffSession } = await import("./staff-session");
const { STAFF_COOKIE } = await import("./cookies");

describe("staff sessions", () => {
  it("stop working at sign-out, even a stolen copy of the cookie", async () => {
    await startStaffSession("ann");
    const stolen = jar.current.get(STAFF_COOKIE);
    expect(stolen).toBeDefined();
    expect((await getStaffSession())?.username).toBe("ann");

    await endStaffSession();
    expect(await getStaffSession()).toBeNull();
    jar.current.set(STAFF_COOKIE, String(stolen));
    expect(await getStaffSession()).toBeNull();

    // Signing in again makes a new session that works.
    await startStaffSession("ann");
    expect((await getStaffSession())?.username).toBe("ann");
  });
});
