// The app's environment, read and checked once. Server only: it holds the
// Routing Service key, which must never reach a browser. No NEXT_PUBLIC_ names.
import "server-only";
import { z } from "zod";
import { parseTrustedProxies } from "@/lib/http/client-address";

// An empty variable (`ROUTING_API_KEY=` in a .env file) counts as unset.
const unsetIfEmpty = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const envSchema = z.object({
  // Where the Routing Service lives: scheme, host, port (no /v1).
  ROUTING_API_URL: z.preprocess(
    unsetIfEmpty,
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .default("http://127.0.0.1:8000"),
  ),
  // Sent as X-API-Key. Optional at start so the app still runs without it:
  // each request then shows the "service misconfigured" state instead.
  ROUTING_API_KEY: z.preprocess(unsetIfEmpty, z.string().trim().optional()),

  // Timeouts in milliseconds: listing and upload grants, then processing
  // (which waits for providers and failover, so it gets much longer).
  ROUTING_TIMEOUT_MS: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int().min(100).max(600_000).default(10_000),
  ),
  ROUTING_PROCESS_TIMEOUT_MS: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int().min(100).max(1_800_000).default(130_000),
  ),

  // Requests a minute one client may make to the app's route handlers
  // (lib/http/rate-limit.ts); 0 turns the limit off.
  APP_RATE_LIMIT_PER_MINUTE: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int().min(0).max(1_000_000).default(600),
  ),
  // Calls to the Routing Service (upload grants and process calls) one buyer
  // may cause a minute: a fair share below the service's per-key limit
  // (RATE_LIMIT_PER_MINUTE, 600 by default), which all buyers share; 0 = off.
  BUYER_SERVICE_CALLS_PER_MINUTE: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int().min(0).max(1_000_000).default(120),
  ),
  // Reverse proxies whose X-Forwarded-For is believed (addresses or CIDR
  // ranges, comma-separated). Unset: none, the socket's address counts.
  TRUSTED_PROXIES: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseTrustedProxies(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
  ),
  // Redis for the rate-limit counters, shared by several app machines
  // (redis://[user:password@]host:port/db). Unset: counters in memory.
  REDIS_URL: z.preprocess(
    unsetIfEmpty,
    z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
  ),

  // The unit estimated costs are shown in. Never guessed as a currency symbol.
  COST_UNIT_LABEL: z.preprocess(unsetIfEmpty, z.string().trim().max(16).default("USD")),
});

export type AppEnv = z.infer<typeof envSchema>;

/** Checks an environment; a bad one fails with a message naming each variable. */
export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new Error(`Invalid environment for the web app:\n${problems.join("\n")}`);
}

export const env: AppEnv = parseEnv(process.env);
