// The router with providers of known behaviour: ranking by weights, failover
// with injected faults (PROVIDER_FAULTS), per-attempt timeouts, the request
// deadline and the circuit breaker. What a client sees is what is checked:
// which provider answered, failover_depth, attempts, cost, 502/504 errors.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type Attempt, type OcrData, ocrDataSchema } from "@/lib/kernel/contract";
import type { CatalogEntry, ProviderSlot, RoutingWeights } from "../src/catalog";
import { CATALOG } from "../src/catalog";
import { loadProviderConfig, loadRoutingConfig } from "../src/config";
import type { AnswerCheck, Provider, ProviderInput } from "../src/providers/interface/types";
import { UnreadableDocumentError } from "../src/providers/interface/types";
import { closeAll, createProviders } from "../src/registry";
import { faultsSchema } from "../src/router/faults";
import { createRouter } from "../src/router/router";
import type { RoutingConfig } from "../src/router/types";
import { AllProvidersFailedError, DeadlineExceededError } from "../src/router/types";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FIXTURES = path.resolve(repoRoot, "fixtures");

const data = (text: string): OcrData => ({ text, language: "eng", pages: [] });

interface FakeOptions {
  fail?: boolean | (() => boolean);
  delayMs?: number;
  pages?: number;
  available?: boolean;
  /** Ignores the abort signal, like a stuck engine. */
  deaf?: boolean;
  error?: () => Error;
  /** The answer's own check (quality failover). */
  check?: AnswerCheck;
  /** The engine under it (Provider.engine). */
  engine?: string;
}

interface Fake extends Provider {
  calls: number;
}

function fake(name: string, options: FakeOptions = {}): Fake {
  const provider: Fake = {
    name,
    engine: options.engine,
    calls: 0,
    available: async () => options.available ?? true,
    async run(input: ProviderInput) {
      provider.calls++;
      if (options.delayMs) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, options.delayMs);
          if (!options.deaf) {
            input.signal.addEventListener("abort", () => {
              clearTimeout(timer);
              reject(input.signal.reason);
            });
          }
        });
      }
      const fail = typeof options.fail === "function" ? options.fail() : options.fail;
      if (fail) throw options.error?.() ?? new Error(`${name} is down`);
      return { data: data(`from ${name}`), pages: options.pages ?? 1, check: options.check };
    },
  };
  return provider;
}

const slot = (provider: string, pricePerPage: number, quality: number): ProviderSlot => ({
  provider,
  pricePerPage,
  quality,
});

/** A category of three providers: a is best and dearest, c worst and cheapest. */
function category(weights: RoutingWeights = { quality: 1, price: 0, latency: 0, success: 0 }) {
  const base = CATALOG[0] as CatalogEntry;
  return {
    ...base,
    providers: [slot("a", 0.003, 0.95), slot("b", 0.002, 0.9), slot("c", 0.001, 0.8)],
    weights,
  } satisfies CatalogEntry;
}

const input = {
  bytes: Buffer.from("x"),
  mimeType: "image/png",
  languageHints: [],
  passthrough: {},
  traceId: "0123456789abcdef0123456789abcdef",
};

function config(env: Record<string, string> = {}): RoutingConfig {
  return loadRoutingConfig({ ROUTING_BREAKER_FAILURES: "100", ...env });
}

function registry(...providers: Provider[]): Map<string, Provider> {
  return new Map(providers.map((p) => [p.name, p]));
}

const outcomes = (attempts: Attempt[]) => attempts.map((a) => `${a.provider}:${a.outcome}`);

describe("ranking", () => {
  it("follows the quality weight: best quality first", async () => {
    const router = createRouter(config(), registry(fake("a"), fake("b"), fake("c")));
    const ranking = await router.rank(category());
    expect(ranking.map((r) => r.provider)).toEqual(["a", "b", "c"]);
  });

  it("scores quality by error rate, so a far better provider outweighs a lower price", async () => {
    const cat = {
      ...category({ quality: 0.4, price: 0.2, latency: 0.2, success: 0.2 }),
      providers: [slot("cheap", 0.0005, 0.85), slot("good", 0.0015, 0.99)],
    };
    const router = createRouter(config(), registry(fake("cheap"), fake("good")));
    const ranking = await router.rank(cat);
    expect(ranking.map((r) => r.provider)).toEqual(["good", "cheap"]);
    // Errors 1 % and 15 %: the cheap one's quality part is (0.01 + 0.01) / (0.15 + 0.01).
    expect(ranking[0]?.score).toBeCloseTo(0.4 + 0.2 + 0.2, 6);
    expect(ranking[1]?.score).toBeCloseTo(0.4 * (0.02 / 0.16) + 0.2 + 0.2 + 0.2, 6);
  });

  it("follows the price weight: cheapest first", async () => {
    const router = createRouter(config(), registry(fake("a"), fake("b"), fake("c")));
    const ranking = await router.rank(category({ quality: 0, price: 1, latency: 0, success: 0 }));
    expect(ranking.map((r) => r.provider)).toEqual(["c", "b", "a"]);
    expect(ranking.map((r) => r.score)).toEqual([1, 0.5, 0]);
  });

  it("follows the latency weight once latencies are observed", async () => {
    const providers = registry(
      fake("a", { delayMs: 200 }),
      fake("b", { delayMs: 5 }),
      fake("c", { delayMs: 80 }),
    );
    const router = createRouter(config(), providers);
    const byLatency = category({ quality: 0, price: 0, latency: 1, success: 0 });
    // Requests to each provider alone. The first answer of each is its cold start
    // and is not counted: no latency is known yet, so all rank equal.
    const alone = (name: string) => ({
      ...category(),
      providers: category().providers.filter((s) => s.provider === name),
    });
    for (const name of ["a", "b", "c"]) await router.route({ category: alone(name), input });
    expect((await router.rank(byLatency)).map((r) => r.score)).toEqual([1, 1, 1]);
    for (const name of ["a", "b", "c"]) await router.route({ category: alone(name), input });
    const ranking = await router.rank(byLatency);
    expect(ranking.map((r) => r.provider)).toEqual(["b", "c", "a"]);
  });

  it("follows the success weight: a provider that fails drops behind", async () => {
    const router = createRouter(
      config(),
      registry(fake("a", { fail: true }), fake("b"), fake("c")),
    );
    await router.route({ category: category(), input });
    const ranking = await router.rank(category({ quality: 0, price: 0, latency: 0, success: 1 }));
    expect(ranking.map((r) => r.provider)).toEqual(["b", "c", "a"]);
  });

  it("takes weight overrides from ROUTING_WEIGHTS by category slug", async () => {
    const cat = category();
    const router = createRouter(
      config({ ROUTING_WEIGHTS: JSON.stringify({ [cat.slug]: { quality: 0, price: 1 } }) }),
      registry(fake("a"), fake("b"), fake("c")),
    );
    const result = await router.route({ category: cat, input });
    expect(result.provider).toBe("c");
  });

  it("skips providers that are not available or not registered", async () => {
    const router = createRouter(config(), registry(fake("a", { available: false }), fake("c")));
    const result = await router.route({ category: category(), input });
    expect(result.provider).toBe("c");
    expect(result.failoverDepth).toBe(0);
    expect(outcomes(result.attempts)).toEqual(["c:ok"]);
  });

  it("passes over a provider that does not read the hinted languages", async () => {
    const englishOnly: Provider = {
      ...fake("a"),
      reads: async (hints) => hints.every((h) => h === "en"),
    };
    const router = createRouter(config(), registry(englishOnly, fake("b")));
    const german = await router.route({
      category: category(),
      input: { ...input, languageHints: ["de"] },
    });
    expect(outcomes(german.attempts)).toEqual(["b:ok"]);
    expect(german.failoverDepth).toBe(0);
    const english = await router.route({
      category: category(),
      input: { ...input, languageHints: ["en"] },
    });
    expect(english.provider).toBe("a");
  });

  it("lets a provider join a category by its offers", async () => {
    const outside: Provider = {
      ...fake("outside"),
      offers: [{ category: category().slug, pricePerPage: 0.0001, quality: 0.99 }],
    };
    const router = createRouter(config(), registry(fake("a"), outside));
    const result = await router.route({ category: category(), input });
    expect(result.provider).toBe("outside");
    expect(result.estimatedCost).toBeCloseTo(0.0001);
  });
});

describe("failover with injected faults", () => {
  it("answers from the next provider when the first fails (error:1)", async () => {
    const providers = registry(fake("a"), fake("b"), fake("c"));
    const router = createRouter(config({ PROVIDER_FAULTS: "a=error:1" }), providers);
    const result = await router.route({ category: category(), input });
    expect(result.provider).toBe("b");
    expect(result.output.data.text).toBe("from b");
    expect(result.failoverDepth).toBe(1);
    expect(outcomes(result.attempts)).toEqual(["a:error", "b:ok"]);
    expect(result.attempts[0]?.error).toMatch(/Injected fault/);
    expect(result.attempts[0]?.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it("times out a hanging provider and answers from the next", async () => {
    const router = createRouter(
      config({ PROVIDER_FAULTS: "a=hang;b=error:1", ROUTING_ATTEMPT_TIMEOUT_MS: "100" }),
      registry(fake("a"), fake("b"), fake("c")),
    );
    const started = performance.now();
    const result = await router.route({ category: category(), input });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result.provider).toBe("c");
    expect(result.failoverDepth).toBe(2);
    expect(outcomes(result.attempts)).toEqual(["a:timeout", "b:error", "c:ok"]);
    expect(result.attempts[0]?.error).toBe("No answer within 100 ms");
    expect(result.attempts[0]?.latency_ms).toBeGreaterThanOrEqual(95);
  });

  it("gives up on a provider that ignores the abort signal", async () => {
    const router = createRouter(
      config({ ROUTING_ATTEMPT_TIMEOUT_MS: "80" }),
      registry(fake("a", { delayMs: 5_000, deaf: true }), fake("b")),
    );
    const result = await router.route({ category: category(), input });
    expect(outcomes(result.attempts)).toEqual(["a:timeout", "b:ok"]);
  });

  it("waits out an added delay that fits in the attempt timeout", async () => {
    const router = createRouter(
      config({ PROVIDER_FAULTS: "a=delay:60" }),
      registry(fake("a"), fake("b")),
    );
    const result = await router.route({ category: category(), input });
    expect(result.provider).toBe("a");
    expect(result.attempts[0]?.latency_ms).toBeGreaterThanOrEqual(55);
  });

  it("applies an error rate: error:0.5 fails when the draw is under 0.5", async () => {
    const draws = [0.2, 0.7];
    const router = createRouter(
      config({ PROVIDER_FAULTS: "a=error:0.5" }),
      registry(fake("a"), fake("b")),
      {
        random: () => draws.shift() ?? 0,
      },
    );
    expect((await router.route({ category: category(), input })).provider).toBe("b");
    expect((await router.route({ category: category(), input })).provider).toBe("a");
  });

  it("charges the answering provider's price per page", async () => {
    const router = createRouter(
      config({ PROVIDER_FAULTS: "a=error:1" }),
      registry(fake("a"), fake("b", { pages: 3 })),
    );
    const result = await router.route({ category: category(), input });
    expect(result.estimatedCost).toBeCloseTo(0.002 * 3, 10);
  });

  it("throws AllProvidersFailedError with every attempt when all fail", async () => {
    const router = createRouter(
      config({ PROVIDER_FAULTS: "a=error:1;b=error:1;c=error:1" }),
      registry(fake("a"), fake("b"), fake("c")),
    );
    const error = await router.route({ category: category(), input }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AllProvidersFailedError);
    expect(outcomes((error as AllProvidersFailedError).attempts)).toEqual([
      "a:error",
      "b:error",
      "c:error",
    ]);
  });

  it("throws DeadlineExceededError when the request deadline passes", async () => {
    const router = createRouter(
      config({ ROUTING_DEADLINE_MS: "150", ROUTING_ATTEMPT_TIMEOUT_MS: "100" }),
      registry(fake("a", { delayMs: 1_000 }), fake("b", { delayMs: 1_000 }), fake("c")),
    );
    const started = performance.now();
    const error = await router.route({ category: category(), input }).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(600);
    expect(error).toBeInstanceOf(DeadlineExceededError);
    const attempts = (error as DeadlineExceededError).attempts;
    expect(outcomes(attempts)).toEqual(["a:timeout", "b:timeout"]);
    expect(attempts[1]?.error).toBe("Request deadline reached after 150 ms");
  });

  it("stops at once when the client goes away", async () => {
    const seen: string[] = [];
    const router = createRouter(config(), registry(fake("a", { delayMs: 5_000 }), fake("b")));
    router.onAttempt((a) => seen.push(`${a.category}:${a.provider}:${a.outcome}`));
    const client = new AbortController();
    setTimeout(() => client.abort(new Error("client left")), 50);
    const error = await router
      .route({ category: category(), input, signal: client.signal })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe("client left");
    expect(seen).toEqual([`${category().slug}:a:aborted`]);
  });

  it("reports every attempt to onAttempt listeners with the category", async () => {
    const seen: string[] = [];
    const router = createRouter(
      config({ PROVIDER_FAULTS: "a=error:1" }),
      registry(fake("a"), fake("b")),
    );
    router.onAttempt((a) => seen.push(`${a.category}:${a.provider}:${a.outcome}`));
    await router.route({ category: category(), input });
    const slug = category().slug;
    expect(seen).toEqual([`${slug}:a:error`, `${slug}:b:ok`]);
  });
});

describe("quality failover", () => {
  const unsure = (score: number): FakeOptions => ({
    check: { confident: false, score, reason: `low confidence ${score.toFixed(2)}` },
  });
  const sure: FakeOptions = { check: { confident: true, score: 0.95 } };

  it("tries the next provider after an unsure answer and returns the sure one", async () => {
    const b = fake("b", sure);
    const router = createRouter(config(), registry(fake("a", unsure(0.41)), b, fake("c")));
    const result = await router.route({ category: category(), input });
    expect(result.provider).toBe("b");
    expect(result.output.data.text).toBe("from b");
    expect(result.failoverDepth).toBe(1);
    expect(outcomes(result.attempts)).toEqual(["a:low_quality", "b:ok"]);
    expect(result.attempts[0]?.reason).toBe("low confidence 0.41");
    expect(result.attempts[0]?.error).toBeUndefined();
    expect(result.estimatedCost).toBeCloseTo(0.002, 10);
  });

  it("after an unsure answer passes over the same engine's other models", async () => {
    // a and b are one engine; c, ranked last, is another.
    const b = fake("b", { ...sure, engine: "tesseract" });
    const route = (a: FakeOptions, c: FakeOptions) =>
      createRouter(
        config(),
        registry(fake("a", { ...a, engine: "tesseract" }), b, fake("c", c)),
      ).route({ category: category(), input });
    const result = await route(unsure(0.4), sure);
    expect(result.provider).toBe("c");
    expect(outcomes(result.attempts)).toEqual(["a:low_quality", "c:ok"]);
    expect(b.calls).toBe(0);
    // The other engine unsure too: the better unsure answer, b never read.
    const second = await route(unsure(0.4), unsure(0.3));
    expect(second.provider).toBe("a");
    expect(outcomes(second.attempts)).toEqual(["a:low_quality", "c:low_quality"]);
    expect(b.calls).toBe(0);
    // An error is no reading: the same engine's next model is tried.
    const third = await route({ fail: true }, sure);
    expect(third.provider).toBe("b");
    expect(outcomes(third.attempts)).toEqual(["a:error", "b:ok"]);
  });

  it("pays nothing extra for a sure first answer", async () => {
    const b = fake("b");
    const router = createRouter(config(), registry(fake("a", sure), b));
    const result = await router.route({ category: category(), input });
    expect(result.provider).toBe("a");
    expect(result.failoverDepth).toBe(0);
    expect(outcomes(result.attempts)).toEqual(["a:ok"]);
    expect(b.calls).toBe(0);
  });

  it("returns the best unsure answer when no provider is sure", async () => {
    const router = createRouter(
      config(),
      registry(fake("a", unsure(0.5)), fake("b", unsure(0.7)), fake("c", unsure(0.6))),
    );
    const result = await router.route({ category: category(), input });
    expect(result.provider).toBe("b");
    expect(result.output.data.text).toBe("from b");
    expect(result.failoverDepth).toBe(2);
    expect(outcomes(result.attempts)).toEqual(["a:low_quality", "b:low_quality", "c:low_quality"]);
    expect(result.estimatedCost).toBeCloseTo(0.002, 10);
  });

  it("returns an unsure answer rather than an error when the rest fail", async () => {
    const router = createRouter(
      config({ PROVIDER_FAULTS: "b=error:1;c=hang", ROUTING_ATTEMPT_TIMEOUT_MS: "80" }),
      registry(fake("a", unsure(0.3)), fake("b"), fake("c")),
    );
    const result = await router.route({ category: category(), input });
    expect(result.provider).toBe("a");
    expect(outcomes(result.attempts)).toEqual(["a:low_quality", "b:error", "c:timeout"]);
    expect(result.failoverDepth).toBe(2);
  });

  it("returns an unsure answer rather than a 504 when the deadline passes", async () => {
    const router = createRouter(
      config({ ROUTING_DEADLINE_MS: "150", ROUTING_ATTEMPT_TIMEOUT_MS: "1000" }),
      registry(fake("a", unsure(0.3)), fake("b", { delayMs: 1_000 })),
    );
    const result = await router.route({ category: category(), input });
    expect(result.provider).toBe("a");
    expect(outcomes(result.attempts)).toEqual(["a:low_quality", "b:timeout"]);
  });

  it("does not count an unsure answer against the provider's health", async () => {
    const router = createRouter(
      config({ ROUTING_BREAKER_FAILURES: "1" }),
      registry(fake("a", unsure(0.3)), fake("b")),
    );
    await router.route({ category: category(), input });
    const again = await router.route({ category: category(), input });
    expect(outcomes(again.attempts)).toEqual(["a:low_quality", "b:ok"]);
  });
});

describe("with the real providers and catalog", () => {
  it("answers from the third choice when the first two fail", async () => {
    const textRecognition = CATALOG.find((c) => c.slug === "text-recognition") as CatalogEntry;
    const providers = createProviders(loadProviderConfig({}));
    // The catalog decides the order; the test fails whichever two come first.
    const order = (await createRouter(config(), providers).rank(textRecognition)).map(
      (r) => r.provider,
    );
    const [first, second, third] = order;
    const router = createRouter(
      config({ PROVIDER_FAULTS: `${first}=error:1;${second}=error:0.5,delay:50` }),
      providers,
      { random: () => 0.1 },
    );
    try {
      const bytes = readFileSync(path.join(FIXTURES, "invoice.png"));
      const result = await router.route({
        category: textRecognition,
        input: { ...input, bytes, languageHints: ["en"] },
      });
      expect(outcomes(result.attempts)).toEqual([
        `${first}:error`,
        `${second}:error`,
        `${third}:ok`,
      ]);
      expect(result.failoverDepth).toBe(2);
      expect(result.provider).toBe(third);
      const price = textRecognition.providers.find((s) => s.provider === third)?.pricePerPage;
      expect(result.estimatedCost).toBeCloseTo(price ?? Number.NaN, 10);
      expect(ocrDataSchema.parse(result.output.data).text).toContain("Total due: 1,234.56 EUR");
    } finally {
      await closeAll(providers);
    }
  });
});

describe("circuit breaker", () => {
  it("opens after consecutive failures, skips the provider, and closes after a good probe", async () => {
    let clock = 0;
    let down = true;
    const a = fake("a", { fail: () => down });
    const router = createRouter(
      config({ ROUTING_BREAKER_FAILURES: "3", ROUTING_BREAKER_COOLDOWN_MS: "1000" }),
      registry(a, fake("b")),
      { now: () => clock },
    );
    for (let i = 0; i < 3; i++) {
      const result = await router.route({ category: category(), input });
      expect(outcomes(result.attempts)).toEqual(["a:error", "b:ok"]);
    }
    // Open: a is not tried at all.
    const skipped = await router.route({ category: category(), input });
    expect(outcomes(skipped.attempts)).toEqual(["b:ok"]);
    expect(skipped.failoverDepth).toBe(0);
    expect(a.calls).toBe(3);

    // Still open just before the cool-down ends.
    clock = 999;
    expect(outcomes((await router.route({ category: category(), input })).attempts)).toEqual([
      "b:ok",
    ]);

    // Half-open: one probe; it fails, so the circuit opens again for a new cool-down.
    clock = 1_000;
    expect(outcomes((await router.route({ category: category(), input })).attempts)).toEqual([
      "a:error",
      "b:ok",
    ]);
    clock = 1_500;
    expect(outcomes((await router.route({ category: category(), input })).attempts)).toEqual([
      "b:ok",
    ]);

    // The provider recovers; the next probe succeeds and the circuit closes.
    down = false;
    clock = 2_000;
    expect((await router.route({ category: category(), input })).provider).toBe("a");
    expect((await router.route({ category: category(), input })).provider).toBe("a");
  });

  it("opens on the failure rate over its window", async () => {
    let n = 0;
    // Succeeds, then fails, in turn: never 3 failures in a row, but the 4th call makes
    // half of the last 4 failed.
    const a = fake("a", { fail: () => n++ % 2 === 1 });
    const router = createRouter(
      config({
        ROUTING_BREAKER_FAILURES: "3",
        ROUTING_BREAKER_WINDOW: "4",
        ROUTING_BREAKER_FAILURE_RATE: "0.5",
      }),
      registry(a, fake("b")),
      { now: () => 0 },
    );
    for (let i = 0; i < 4; i++) await router.route({ category: category(), input });
    expect(a.calls).toBe(4);
    await router.route({ category: category(), input });
    expect(a.calls).toBe(4);
  });

  it("lets only one request probe a half-open provider", async () => {
    let clock = 0;
    const a = fake("a", { fail: () => clock === 0, delayMs: 50 });
    const router = createRouter(
      config({ ROUTING_BREAKER_FAILURES: "1", ROUTING_BREAKER_COOLDOWN_MS: "10" }),
      registry(a, fake("b")),
      { now: () => clock },
    );
    await router.route({ category: category(), input });
    clock = 10;
    const [first, second] = await Promise.all([
      router.route({ category: category(), input }),
      router.route({ category: category(), input }),
    ]);
    expect([first?.provider, second?.provider].sort()).toEqual(["a", "b"]);
  });

  it("does not count an unreadable document against the provider", async () => {
    const a = fake("a", { fail: true, error: () => new UnreadableDocumentError("not an image") });
    const router = createRouter(config({ ROUTING_BREAKER_FAILURES: "2" }), registry(a, fake("b")));
    for (let i = 0; i < 5; i++) {
      const result = await router.route({ category: category(), input });
      expect(outcomes(result.attempts)).toEqual(["a:error", "b:ok"]);
      expect(result.attempts[0]?.error).toBe("not an image");
    }
  });
});

describe("configuration", () => {
  it("parses PROVIDER_FAULTS", () => {
    expect(
      faultsSchema.parse(
        "tesseract-native=error:1; tesseractjs-best=delay:2000,error:0.25;tesseractjs-fast=hang",
      ),
    ).toEqual({
      "tesseract-native": { errorRate: 1, delayMs: 0, hang: false },
      "tesseractjs-best": { errorRate: 0.25, delayMs: 2000, hang: false },
      "tesseractjs-fast": { errorRate: 0, delayMs: 0, hang: true },
    });
  });

  it.each([
    ["PROVIDER_FAULTS", "a=error:2"],
    ["PROVIDER_FAULTS", "a=explode"],
    ["PROVIDER_FAULTS", "=hang"],
    ["ROUTING_WEIGHTS", "{not json"],
    ["ROUTING_WEIGHTS", '{"no-such-category":{"quality":1}}'],
    ["ROUTING_WEIGHTS", '{"text-recognition":{"quality":-1}}'],
    ["ROUTING_DEADLINE_MS", "soon"],
    ["ROUTING_BREAKER_FAILURE_RATE", "1.5"],
  ])("refuses %s=%s and names the variable", (name, value) => {
    expect(() => loadRoutingConfig({ [name]: value })).toThrow(name);
  });

  it("refuses faults for a provider that does not exist", () => {
    expect(() =>
      createRouter(config({ PROVIDER_FAULTS: "tesseract-natve=error:1" }), registry(fake("a"))),
    ).toThrow(/PROVIDER_FAULTS: no provider named tesseract-natve/);
  });

  it("has the documented defaults", () => {
    const c = loadRoutingConfig({});
    expect(c.attemptTimeoutMs).toBe(60_000);
    expect(c.deadlineMs).toBe(120_000);
    expect(c.breaker).toEqual({ failures: 5, failureRate: 0.5, window: 20, cooldownMs: 30_000 });
    expect(c.faults).toEqual({});
  });
});
