// The router's environment, parsed once at start with the service's parseEnv:
// a bad value stops the start with a message that names the variable.
//
//   ROUTING_ATTEMPT_TIMEOUT_MS   one provider attempt, ms (default 60000)
//   ROUTING_DEADLINE_MS          the whole request, all attempts, ms (default 120000)
//   ROUTING_WEIGHTS              per category slug, any of quality/price/latency/success;
//                                the rest keep the catalog's weights, e.g.
//                                {"text-recognition":{"quality":0.7,"latency":0.1}}
//   ROUTING_EWMA_ALPHA           weight of the newest observation in the latency and
//                                success averages, 0–1 (default 0.2)
//   ROUTING_BREAKER_FAILURES     consecutive failures that open a circuit (default 5)
//   ROUTING_BREAKER_FAILURE_RATE share of failures over the window that opens it (default 0.5)
//   ROUTING_BREAKER_WINDOW       attempts that share is measured over (default 20)
//   ROUTING_BREAKER_COOLDOWN_MS  how long an open circuit is skipped (default 30000)
//   PROVIDER_FAULTS              fault injection, see faults.ts
//
// main.ts wiring:
//   const providers = createProviders(loadProviderConfig(process.env));
//   const router = createRouter(loadRoutingConfig(process.env), providers);
//   …; await closeAll(providers);   // the registry closes what it built, not the router
import { z } from "zod";
import { CATALOG, type RoutingWeights } from "../catalog";
import { int, parseEnv } from "../config";
import type { BreakerSettings } from "./breaker";
import type { Fault } from "./faults";
import { faultsSchema } from "./faults";

export interface RoutingConfig {
  attemptTimeoutMs: number;
  deadlineMs: number;
  ewmaAlpha: number;
  breaker: BreakerSettings;
  /** Overrides of the catalog's weights, by category slug. */
  weights: Readonly<Record<string, Partial<RoutingWeights>>>;
  /** Injected faults by provider name. */
  faults: Readonly<Record<string, Fault>>;
}

const share = z
  .string()
  .regex(/^\d+(\.\d+)?$/, "must be a number from 0 to 1")
  .transform(Number)
  .pipe(z.number().min(0).max(1, "must be a number from 0 to 1"));

const weight = z.number().min(0, "weights cannot be negative");
const slugs = new Set(CATALOG.map((c) => c.slug));

const weightsSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be JSON" });
      return z.NEVER;
    }
  })
  .pipe(
    z.record(
      z.string().refine((slug) => slugs.has(slug), "names a category slug that does not exist"),
      z.strictObject({
        quality: weight.optional(),
        price: weight.optional(),
        latency: weight.optional(),
        success: weight.optional(),
      }),
    ),
  );

const routingEnvSchema = z.object({
  ROUTING_ATTEMPT_TIMEOUT_MS: int(1, 3_600_000).default(60_000),
  ROUTING_DEADLINE_MS: int(1, 3_600_000).default(120_000),
  ROUTING_WEIGHTS: weightsSchema.default({}),
  ROUTING_EWMA_ALPHA: share.default(0.2),
  ROUTING_BREAKER_FAILURES: int(1, 1_000).default(5),
  ROUTING_BREAKER_FAILURE_RATE: share.default(0.5),
  ROUTING_BREAKER_WINDOW: int(1, 10_000).default(20),
  ROUTING_BREAKER_COOLDOWN_MS: int(0, 86_400_000).default(30_000),
  PROVIDER_FAULTS: faultsSchema.default({}),
});

export function loadRoutingConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): RoutingConfig {
  const e = parseEnv(routingEnvSchema, env);
  return {
    attemptTimeoutMs: e.ROUTING_ATTEMPT_TIMEOUT_MS,
    deadlineMs: e.ROUTING_DEADLINE_MS,
    ewmaAlpha: e.ROUTING_EWMA_ALPHA,
    breaker: {
      failures: e.ROUTING_BREAKER_FAILURES,
      failureRate: e.ROUTING_BREAKER_FAILURE_RATE,
      window: e.ROUTING_BREAKER_WINDOW,
      cooldownMs: e.ROUTING_BREAKER_COOLDOWN_MS,
    },
    weights: e.ROUTING_WEIGHTS,
    faults: e.PROVIDER_FAULTS,
  };
}
