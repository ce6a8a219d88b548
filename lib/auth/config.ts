// Sessions and support accounts, read from the environment once. Server only.
import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { type Accounts, parseAccounts } from "./accounts";

const unsetIfEmpty = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const authEnvSchema = z.object({
  // Signs the buyer and staff cookies (HMAC-SHA256). At least 32 characters.
  // When unset, one is made once and kept in .data/app/session-secret.
  SESSION_SECRET: z.preprocess(
    unsetIfEmpty,
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  // Support staff: "alice:<hash>,bob:<hash>", hashes from `npm run support:hash-password`.
  SUPPORT_ACCOUNTS: z.preprocess(unsetIfEmpty, z.string().optional()),
  // How long a support sign-in lasts.
  SUPPORT_SESSION_HOURS: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().min(0.01).max(720).default(8),
  ),
});

export interface AuthConfig {
  secret: string;
  accounts: Accounts;
  staffSessionMs: number;
}

const SECRET_FILE = path.join(".data", "app", "session-secret");

let cached: AuthConfig | undefined;

export function authConfig(): AuthConfig {
  if (cached) return cached;
  const parsed = authEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment for sessions:\n${problems.join("\n")}`);
  }
  const env = parsed.data;
  cached = {
    secret: env.SESSION_SECRET ?? localSecret(),
    accounts: parseAccounts(env.SUPPORT_ACCOUNTS),
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
