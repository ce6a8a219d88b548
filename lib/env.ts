// The app's environment: every variable it reads, parsed once when the server
// starts (the first module to import this), every problem reported at once with
// the variable's name, like the service's config.ts. Server only: it holds the
// Routing Service key and the session secret, which must never reach a
// browser. No NEXT_PUBLIC_ names.
import "server-only";
import path from "node:path";
import { z } from "zod";
// Only pure parsers (lib/settings/, the OTLP headers'): env is a leaf, imported by
// the modules that use it and importing none of them.
import { parseOtlpHeaders } from "@/lib/kernel/tracing";
import { sharedSettingsProblems } from "@/lib/settings/shared-settings";
import { type Accounts, parseAccounts } from "@/lib/settings/support-accounts";
import { parseTrustedProxies } from "@/lib/settings/trusted-proxies";
import { uploadOrigins } from "@/lib/settings/upload-origins";

const count = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .default(fallback);

const envSchema = z.object({
  // --- The Routing Service (lib/routing/) ---
  // Where it lives: scheme, host, port (no /v1).
  ROUTING_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .default("http://127.0.0.1:8000"),
  // Sent as X-API-Key. Optional at start so the app still runs without it:
  // each request then shows the "service misconfigured" state instead.
  ROUTING_API_KEY: z.string().trim().optional(),
  // Timeouts in milliseconds: listing and upload grants, then processing
  // (which waits for providers and failover, so it gets much longer).
  ROUTING_TIMEOUT_MS: count(100, 600_000, 10_000),
  ROUTING_PROCESS_TIMEOUT_MS: count(100, 1_800_000, 130_000),

  // --- The app's route handlers (lib/http/) ---
  // Requests a minute one client may make (lib/http/rate-limit.ts); 0 turns the limit off.
  APP_RATE_LIMIT_PER_MINUTE: count(0, 1_000_000, 600),
  // Calls to the Routing Service (upload grants and process calls) one buyer
  // may cause a minute: a fair share below the service's per-key limit
  // (RATE_LIMIT_PER_MINUTE, 600 by default), which all buyers share; 0 = off.
  BUYER_SERVICE_CALLS_PER_MINUTE: count(0, 1_000_000, 120),
  // Reverse proxies whose X-Forwarded-For is believed (addresses or CIDR
  // ranges, comma-separated). Unset: none, the socket's address counts.
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: messageOf(error) });
        return z.NEVER;
      }
    }),
  // Redis for the rate-limit counters, shared by several app machines
  // (redis://[user:password@]host:port/db). Unset: counters in memory.
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" })
    .optional(),
  // Origins the browser may PUT uploads to, comma-separated, for the
  // Content-Security-Policy (proxy.ts). Unset: the origin of ROUTING_API_URL.
  UPLOAD_ORIGINS: z.string().optional(),

  // --- Pages ---
  // The unit estimated costs are shown in. Never guessed as a currency symbol.
  COST_UNIT_LABEL: z.string().trim().max(16, "must be at most 16 characters").default("USD"),

  // --- The run ledger (lib/ledger/) ---
  // Unset: a SQLite file (LEDGER_SQLITE_PATH); postgres://… or postgresql://…:
  // PostgreSQL (tables prefixed `ledger_`, so it can share the service's database).
  DATABASE_URL: z.string().trim().optional(),
  LEDGER_SQLITE_PATH: z
    .string()
    .trim()
    .default(path.join(".data", "app", "ledger.sqlite")),
  // Runs older than this many days are deleted, data and all.
  LEDGER_RETENTION_DAYS: count(1, 3650, 30),

  // --- Sessions and support staff (lib/auth/) ---
  // Signs the buyer and staff cookies (HMAC-SHA256). At least 32 characters.
  // When unset, one is made once and kept in .data/app/session-secret.
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  // Support staff: "alice:<hash>,bob:<hash>", hashes from `npm run support:hash-password`.
  SUPPORT_ACCOUNTS: z
    .string()
    .optional()
    .transform((value, ctx): Accounts => {
      try {
        return parseAccounts(value);
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: messageOf(error).replace(/^SUPPORT_ACCOUNTS: /, ""),
        });
        return z.NEVER;
      }
    }),
  // How long a support sign-in lasts, in hours.
  SUPPORT_SESSION_HOURS: z.coerce
    .number({ error: "must be a number" })
    .min(0.01, "must be at least 0.01")
    .max(720, "must be at most 720")
    .default(8),

  // --- Traces (lib/kernel/tracing/, lib/http/tracing.ts), as the service reads them ---
  // An OTLP/HTTP collector's base address; unset: no span is exported.
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .optional(),
  // Headers sent to it, name=value,… (e.g. its API key).
  OTEL_EXPORTER_OTLP_HEADERS: z
    .string()
    .default("")
    .transform((text, ctx) => {
      const headers = parseOtlpHeaders(text);
      if (headers) return headers;
      ctx.addIssue({ code: "custom", message: "must be name=value pairs, comma-separated" });
      return z.NEVER;
    }),
});

export type AppEnv = Omit<z.output<typeof envSchema>, "UPLOAD_ORIGINS"> & {
  /** The origins for the Content-Security-Policy, worked out from UPLOAD_ORIGINS or ROUTING_API_URL. */
  UPLOAD_ORIGINS: string[];
};

/** Values of these never appear in a message (they go to logs). */
const SECRET = /KEY|SECRET|PASSWORD|TOKEN|ACCOUNTS|DATABASE_URL|REDIS_URL|HEADERS/;

/**
 * Checks an environment; a bad one fails with one message that names every
 * bad variable (never a secret's value). Empty values count as unset.
 */
export function parseEnv(source: Readonly<Record<string, string | undefined>>): AppEnv {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ""),
  );
  const result = envSchema.safeParse(cleaned);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "(environment)");
        const got = SECRET.test(name) ? undefined : cleaned[name];
        return `${name}: ${issue.message}${got === undefined ? "" : ` (got ${JSON.stringify(got)})`}`;
      });
  // Settings every instance must share once several run (a PostgreSQL ledger).
  problems.push(...sharedSettingsProblems(cleaned));
  let origins: string[] = [];
  try {
    origins = uploadOrigins(cleaned);
  } catch (error) {
    problems.push(messageOf(error).replace(/^Invalid environment: /, ""));
  }
  if (!result.success || problems.length > 0) {
    throw new Error(
      `Invalid environment for the web app:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
  }
  return { ...result.data, UPLOAD_ORIGINS: origins };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const env: AppEnv = parseEnv(process.env);
