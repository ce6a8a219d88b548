// Sessions and support accounts, from the app's environment (lib/env.ts). Server only.
import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import type { Accounts } from "@/lib/settings/support-accounts";

export interface AuthConfig {
  secret: string;
  accounts: Accounts;
  staffSessionMs: number;
}

const SECRET_FILE = path.join(".data", "app", "session-secret");

let cached: AuthConfig | undefined;

export function authConfig(): AuthConfig {
  if (cached) return cached;
  cached = {
    // The generated secret is made on first use, not at start, so a build writes nothing.
    secret: env.SESSION_SECRET ?? localSecret(),
    accounts: env.SUPPORT_ACCOUNTS,
    staffSessionMs: env.SUPPORT_SESSION_HOURS * 3_600_000,
  };
  return cached;
}

/** A secret made once for this checkout, so sessions survive a restart without setup. */
function localSecret(): string {
  try {
    const existing = readFileSync(SECRET_FILE, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: made below.
  }
  if (process.env.NODE_ENV === "production") {
    console.warn("[auth] SESSION_SECRET is not set; using a generated one kept in .data/app/");
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(SECRET_FILE), { recursive: true });
  try {
    writeFileSync(SECRET_FILE, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch {
    // Another process made it first: use theirs, so both sign alike.
    return readFileSync(SECRET_FILE, "utf8").trim();
  }
}
