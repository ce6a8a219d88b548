// The service's own added latency per process call: wall time of the HTTP call as the
// client sees it, minus the time the provider spent. The provider here sleeps a known,
// fixed time and measures itself, so what is left is the service: HTTP parsing, auth,
// rate limit, validation, the grant lookup, reading the bytes, magic-byte sniffing,
// the work queue, the router and (with a key) the idempotency claim and record.
//
//   npx tsx bench/overhead.ts            # target: under 2 ms at p50
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildApp } from "../service/src/app";
import { loadConfig } from "../service/src/config";
import { openDatabase } from "../service/src/db";
import { loadProcessConfig } from "../service/src/process/config";
import type { Provider } from "../service/src/providers/types";
import { createRouter, loadRoutingConfig } from "../service/src/routing";
import { createObjectStore } from "../service/src/storage";

const TARGET_P50_MS = 2;
const PROVIDER_MS = 5;
const CALLS = 300;
const WARMUP = 30;
const KEY = "bench-key-0123456789abcdef";
const OCR = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../shared/fixtures",
);

export interface OverheadResult {
  label: string;
  calls: number;
  p50: number;
  p99: number;
  /** The same, measured inside the service (meta.latency_ms − provider time). */
  serviceP50: number;
  serviceP99: number;
}

/** Sleeps PROVIDER_MS and reports how long it really took (timers overshoot a little). */
function fixedProvider(spent: number[]): Provider {
  return {
    name: "fixed-latency",
    offers: [{ category: "text-recognition", pricePerPage: 0.001, quality: 1 }],
    available: async () => true,
    async run() {
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, PROVIDER_MS));
      spent.push(performance.now() - started);
      return {
        pages: 1,
        data: { text: "", language: "eng", pages: [] },
      };
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

export async function measureOverhead(): Promise<OverheadResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "docroute-bench-"));
  const spent: number[] = [];
  const config = {
    ...loadConfig({
      SERVICE_API_KEYS: KEY,
      SERVICE_DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      SERVICE_PORT: "0",
    }),
    // The rate limit is not what is measured.
    rateLimitPerMinute: 1_000_000,
  };
  const db = await openDatabase(config.databaseUrl, config.dataDir);
  const store = await createObjectStore(config);
  const router = createRouter(
    loadRoutingConfig({}),
    new Map([["fixed-latency", fixedProvider(spent)]]),
  );
  const app = await buildApp({ config, db, store, router, processConfig: loadProcessConfig({}) });
  try {
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    // Upload URLs point at the public address; use the one we really listen on.
    config.publicUrl = address;
    const headers = { "X-API-Key": KEY, "Content-Type": "application/json" };

    const grantRes = await fetch(`${address}/v1/categories/${OCR}/uploads`, {
      method: "POST",
      headers,
      body: JSON.stringify({ content_type: "image/png" }),
    });
    const grant = (await grantRes.json()) as { upload_url: string; s3_uri: string };
    const bytes = await readFile(path.join(fixtures, "invoice.png"));
    const put = await fetch(grant.upload_url.replace(/^https?:\/\/[^/]+/, address), {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(bytes),
    });
    if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
    const body = JSON.stringify({ input: { document: grant.s3_uri, mime_type: "image/png" } });

    const run = async (label: string, withKey: boolean): Promise<OverheadResult> => {
      const client: number[] = [];
      const service: number[] = [];
      for (let i = 0; i < WARMUP + CALLS; i++) {
        const extra: Record<string, string> = withKey
          ? { "Idempotency-Key": `bench-${label}-${i}` }
          : {};
        const before = spent.length;
        const started = performance.now();
        const res = await fetch(`${address}/v1/categories/${OCR}/process`, {
          method: "POST",
          headers: { ...headers, ...extra },
          body,
        });
        const json = (await res.json()) as { meta?: { latency_ms: number } };
        const wall = performance.now() - started;
        if (res.status !== 200 || !json.meta) throw new Error(`process failed: ${res.status}`);
        const provider = spent[before] ?? 0;
        if (i >= WARMUP) {
          client.push(wall - provider);
          service.push(json.meta.latency_ms - provider);
        }
      }
      client.sort((a, b) => a - b);
      service.sort((a, b) => a - b);
      return {
        label,
        calls: CALLS,
        p50: percentile(client, 50),
        p99: percentile(client, 99),
        serviceP50: percentile(service, 50),
        serviceP99: percentile(service, 99),
      };
    };

    return [await run("no Idempotency-Key", false), await run("with Idempotency-Key", true)];
  } finally {
    await app.close();
    await router.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function printOverhead(results: OverheadResult[]): boolean {
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  console.log(
    `\nRouting overhead per process call (provider fixed at ${PROVIDER_MS} ms, target p50 < ${TARGET_P50_MS} ms)`,
  );
  console.log(
    "  client wall time − provider time; in brackets the service's own meta.latency_ms − provider time",
  );
  let ok = true;
  for (const r of results) {
    const pass = r.p50 < TARGET_P50_MS;
    ok &&= pass;
    console.log(
      `  ${r.label.padEnd(22)} p50 ${ms(r.p50).padStart(9)}  p99 ${ms(r.p99).padStart(9)}` +
        `  [p50 ${ms(r.serviceP50)}, p99 ${ms(r.serviceP99)}]  n=${r.calls}  ${pass ? "✓ under target" : "✗ over target"}`,
    );
  }
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  measureOverhead()
    .then((results) => {
      printOverhead(results);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
