// The service's own added latency per process call: total time minus the time the
// provider spent. The provider sleeps a known, fixed time and measures itself, so
// what is left is the service: HTTP, auth, rate limit, validation, the grant lookup,
// reading the bytes, magic-byte sniffing, the work queue, the router and (with a
// key) the idempotency claim and record.
//
// The service runs in a child process, so the benchmark's own HTTP client does not
// share its event loop. Two totals are reported: meta.latency_ms (the service's wall
// time of the call, INTERFACE.md) and the client's round trip over loopback.
//
// This one reaches into the service on purpose: what it measures is the service
// around a provider of known latency, so it builds the service (buildApp) with
// that provider in a child of its own; no public entry takes a provider.
//
//   npx tsx bench/overhead.ts            # target: under 1 ms at p50
//   npx tsx bench/overhead.ts --write    # also into docs/performance-web.md
//   BENCH_CPU_PROFILE_DIR=/tmp/prof npx tsx bench/overhead.ts   # + a CPU profile of the service
import { fork } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Provider } from "../service/src/providers/interface/types";
import {
  BENCH_KEY,
  benchArgs,
  docFigures,
  grantUpload,
  machineLoad,
  markdownTable,
  OCR_CATEGORY,
  percentile,
  putUpload,
  root,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const TARGET_P50_MS = 1;
const PROVIDER_MS = 5;
const CALLS = 300;
const WARMUP = 50;
const BLOCK = 25;
const KEY = BENCH_KEY;
const OCR = OCR_CATEGORY;
const SERVE_FLAG = "--serve-for-overhead-bench";
const FLOOR_FLAG = "--serve-floor-for-overhead-bench";
const self = fileURLToPath(import.meta.url);
const fixtures = path.join(root, "fixtures");

export interface OverheadResult {
  label: string;
  /** The stock Fastify row: read against, not judged. */
  floor: boolean;
  calls: number;
  /** meta.latency_ms − provider time. */
  serviceP50: number;
  serviceP99: number;
  /** Client round trip − provider time. */
  roundTripP50: number;
  roundTripP99: number;
  /** The service's CPU time per call (user + system), all of the call. */
  cpuPerCall: number;
}

/** A provider of fixed latency that reports its own time. */
function fixedLatencyProvider(): Provider {
  return {
    name: "fixed-latency",
    offers: [{ category: "text-recognition", pricePerPage: 0.001, quality: 1 }],
    available: async () => true,
    async run() {
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, PROVIDER_MS));
      const providerMs = performance.now() - started;
      // data is free-form beyond the OCR fields; the benchmark reads the provider's own time here.
      return { pages: 1, data: { text: "", language: "eng", pages: [], provider_ms: providerMs } };
    },
  };
}

/** Child side of the floor: stock Fastify, the same body parsed, the same provider, the same fields. */
async function serveFloor(): Promise<void> {
  const { default: fastify } = await import("fastify");
  const provider = fixedLatencyProvider();
  const app = fastify();
  const started = new WeakMap<object, number>();
  app.addHook("onRequest", async (request) => {
    started.set(request, performance.now());
  });
  app.post("/process", async (request) => {
    const output = await provider.run({
      bytes: Buffer.alloc(0),
      mimeType: "image/png",
      languageHints: [],
      passthrough: {},
      traceId: request.id,
      signal: new AbortController().signal,
    });
    const latency = performance.now() - (started.get(request) ?? 0);
    return { data: output.data, meta: { latency_ms: latency } };
  });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  reportAndServe(app, address);
}

/** Child side: the real app with one provider of fixed latency that reports its own time. */
async function serve(dataDir: string): Promise<void> {
  const { buildApp } = await import("../service/src/app");
  const { loadConfig } = await import("../service/src/config");
  const { openServiceDb } = await import("../service/src/db");
  const { createRouter } = await import("../service/src/router");
  const { createDocumentRunner } = await import("../service/src/run/runner");
  const { createObjectStore } = await import("../service/src/storage");

  const provider = fixedLatencyProvider();
  // The rate limit is not what is measured.
  const env = {
    SERVICE_API_KEYS: KEY,
    SERVICE_DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "1000000",
  };
  const { service: config, routing, run } = loadConfig(env);
  const db = await openServiceDb(config.databaseUrl, config.dataDir);
  const store = await createObjectStore(config);
  const router = createRouter(routing, new Map([[provider.name, provider]]));
  const runner = createDocumentRunner({ router, grants: db.grants, store, config: run });
  const app = await buildApp({ config, db, store, runner });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  reportAndServe(app, address, () => db.close());
}

/** Tells the parent where the child listens, answers its CPU questions, stops with it. */
function reportAndServe(
  app: { close: () => Promise<unknown> },
  address: string,
  after: () => Promise<unknown> = async () => {},
): void {
  process.send?.({ address });
  // CPU the service spent, asked for around each run: a figure other processes'
  // load on the machine does not inflate the way it inflates wall time.
  process.on("message", (message) => {
    if (message === "cpu") process.send?.({ cpu: process.cpuUsage() });
  });
  process.once("disconnect", () => {
    void app
      .close()
      .then(after)
      .finally(() => process.exit(0));
  });
}

interface Child {
  address: string;
  /** The child's user + system CPU time so far, ms. */
  cpuMs: () => Promise<number>;
  stop: () => void;
}

async function startChild(args: string[]): Promise<Child> {
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const child = fork(self, args, {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    execArgv: [
      ...process.execArgv,
      ...(profileDir
        ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "--cpu-prof-interval=50"]
        : []),
    ],
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once("message", (m) => resolve((m as { address: string }).address));
    child.once("exit", (code) => reject(new Error(`benchmark service exited with ${code}`)));
  });
  const cpuMs = () =>
    new Promise<number>((resolve) => {
      const onMessage = (message: unknown) => {
        const cpu = (message as { cpu?: NodeJS.CpuUsage }).cpu;
        if (!cpu) return;
        child.off("message", onMessage);
        resolve((cpu.user + cpu.system) / 1000);
      };
      child.on("message", onMessage);
      child.send("cpu");
    });
  return { address, cpuMs, stop: () => child.disconnect() };
}

/**
 * The real service with a provider of fixed latency, in a child process, for
 * bench/app.ts to put the app in front of.
 */
export const startFixedLatencyService = (dataDir: string) => startChild([SERVE_FLAG, dataDir]);

export async function measureOverhead(): Promise<OverheadResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "docroute-bench-"));
  const [service, floor] = await Promise.all([
    startChild([SERVE_FLAG, dataDir]),
    startChild([FLOOR_FLAG]),
  ]);
  try {
    const { address } = service;
    const headers = { "X-API-Key": KEY, "Content-Type": "application/json" };
    const grant = await grantUpload(address, KEY);
    await putUpload(grant.upload_url, await readFile(path.join(fixtures, "invoice.png")));
    const body = JSON.stringify({ input: { document: grant.s3_uri, mime_type: "image/png" } });

    const rows = [
      { label: "stock Fastify (floor)", child: floor, url: `${floor.address}/process`, key: false },
      {
        label: "no Idempotency-Key",
        child: service,
        url: `${address}/v1/categories/${OCR}/process`,
        key: false,
      },
      {
        label: "with Idempotency-Key",
        child: service,
        url: `${address}/v1/categories/${OCR}/process`,
        key: true,
      },
    ].map((row) => ({ ...row, service: [] as number[], roundTrip: [] as number[], cpu: 0 }));

    const call = async (row: (typeof rows)[number], i: number) => {
      const extra: Record<string, string> = row.key ? { "Idempotency-Key": `bench-${i}` } : {};
      const started = performance.now();
      const res = await fetch(row.url, { method: "POST", headers: { ...headers, ...extra }, body });
      const json = (await res.json()) as {
        data?: { provider_ms?: number };
        meta?: { latency_ms: number };
      };
      const wall = performance.now() - started;
      const providerMs = json.data?.provider_ms;
      if (res.status !== 200 || !json.meta || providerMs === undefined) {
        throw new Error(`${row.label}: ${res.status} ${JSON.stringify(json)}`);
      }
      if (i >= WARMUP) {
        row.service.push(json.meta.latency_ms - providerMs);
        row.roundTrip.push(wall - providerMs);
      }
    };
    for (let i = 0; i < WARMUP; i++) for (const row of rows) await call(row, i);
    // Blocks of calls by turns: CPU is asked for around a block, so the question's
    // own cost is spread over its calls, and the service's two rows share one process.
    for (let i = WARMUP; i < WARMUP + CALLS; i += BLOCK) {
      for (const row of rows) {
        const before = await row.child.cpuMs();
        for (let j = i; j < Math.min(i + BLOCK, WARMUP + CALLS); j++) await call(row, j);
        row.cpu += (await row.child.cpuMs()) - before;
      }
    }
    return rows.map((row) => ({
      label: row.label,
      floor: row.child === floor,
      calls: CALLS,
      cpuPerCall: row.cpu / CALLS,
      serviceP50: percentile(row.service, 50),
      serviceP99: percentile(row.service, 99),
      roundTripP50: percentile(row.roundTrip, 50),
      roundTripP99: percentile(row.roundTrip, 99),
    }));
  } finally {
    service.stop();
    floor.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Prints the table and the goal (and with `write`, into docs/performance-web.md); true when met. */
export function printOverhead(results: OverheadResult[], write = false): boolean {
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  const intro =
    `Time minus provider time, provider fixed at ${PROVIDER_MS} ms, ${CALLS} calls after ${WARMUP} warm-up` +
    ` (${machineLoad()})`;
  const target = `Target: the service's own overhead ${TARGET_P50_MS} ms at most at p50`;
  let ok = true;
  const table: Table = {
    columns: ["", "service p50", "p99", "round trip p50", "p99", "CPU/call", "target"],
    left: [6],
    rows: results.map((r) => {
      const pass = r.floor || r.serviceP50 <= TARGET_P50_MS;
      ok &&= pass;
      const verdict = r.floor ? "(read against)" : pass ? "✓ met" : "✗ over target";
      return [
        r.label,
        ms(r.serviceP50),
        ms(r.serviceP99),
        ms(r.roundTripP50),
        ms(r.roundTripP99),
        ms(r.cpuPerCall),
        verdict,
      ];
    }),
  };
  const floor = results.find((r) => r.floor);
  const aboveFloor = floor
    ? results
        .filter((row) => !row.floor)
        .map(
          (r) =>
            `${r.label}: ${(r.serviceP50 - floor.serviceP50).toFixed(2)} ms at p50 above the stock Fastify floor` +
            ` (${(r.serviceP50 / Math.max(floor.serviceP50, 0.001)).toFixed(1)}×), CPU/call ${(r.cpuPerCall / Math.max(floor.cpuPerCall, 0.001)).toFixed(1)}× the floor's`,
        )
    : [];
  const legend =
    "service: meta.latency_ms (the service's wall time of the call); round trip: the client's, over loopback;" +
    "\nCPU/call: the service process's CPU time per call, which other load on the machine inflates least.";
  console.log(`${intro}\n${target}\n`);
  console.log(textTable(table));
  for (const line of aboveFloor) console.log(line);
  console.log(`\n${legend}`);
  if (write) {
    writeDocSection(
      "performance-web",
      "overhead",
      docFigures(
        "overhead",
        `${intro}. ${target}.`,
        markdownTable(table),
        aboveFloor.map((line) => `- ${line}`).join("\n"),
        legend.replace("\n", " "),
      ),
    );
  }
  return ok;
}

const entry = process.argv[1] ? pathToFileURL(process.argv[1]).href : "";
if (process.argv[2] === SERVE_FLAG || process.argv[2] === FLOOR_FLAG) {
  const serving =
    process.argv[2] === FLOOR_FLAG ? serveFloor() : serve(process.argv[3] ?? tmpdir());
  serving.catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (import.meta.url === entry) {
  const { write } = benchArgs({});
  measureOverhead()
    .then((results) => {
      printOverhead(results, write);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
