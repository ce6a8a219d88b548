// The app's added latency per route handler: the same call made to the
// Routing Service directly and through the app's route handler (list, grant,
// process), p50 and p99 of each, side by side, with the difference and ratio.
// The service is bench/overhead.ts's child (a provider of fixed latency); the
// app is the production build (`next start`), so run `next build` first.
//
// The calls are a browser's: sequential, on kept-alive connections (Node's
// fetch keeps them, as browsers do), gzip accepted, the buyer cookie sent back,
// the rate limiter and same-origin check running. Direct and app calls
// alternate, so both see the same load on a shared machine. The no-op row
// (GET /api/health against the service's /healthz) is the floor of the app's
// route handlers, which the other rows are read against; the stock row is the
// same no-op in a blank Next.js app (bench/blank.ts), Next's own floor as it
// ships. The app's CPU per call is the figure other load inflates least.
//
//   npx next build && npx tsx bench/app.ts   # goal: the stock forward + 0.5 ms at p50, 10 ms p99
import { type ChildProcess, fork, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildBlank, startBlank } from "./blank";
import { exitWith } from "./exit";
import { freshDataDir, hasBuild, root } from "./setup";

const CALLS = Number(process.env.BENCH_APP_CALLS ?? 200);
const WARMUP = 30;
/** Goal (issue 18): what a handler adds at p50 is at most a stock handler's + 0.5 ms. */
const GOAL_ABOVE_STOCK_MS = 0.5;
const GOAL_P99_MS = 10;
/** The floors the other rows are read against, not judged. */
const REFERENCE_ROWS: Record<string, string> = {
  "no-op": "(the app's floor)",
  stock: "(Next's floor)",
  forward: "(Next's floor with a service call)",
};
const KEY = "bench-key-0123456789abcdef"; // bench/overhead.ts's service key
const OCR = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
const fixtures = path.resolve(root, "fixtures");

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startService(dataDir: string): Promise<{ address: string; child: ChildProcess }> {
  const child = fork(
    path.join(root, "bench/overhead.ts"),
    ["--serve-for-overhead-bench", dataDir],
    {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  const address = await new Promise<string>((resolve, reject) => {
    child.once("message", (m) => resolve((m as { address: string }).address));
    child.once("exit", (code) => reject(new Error(`benchmark service exited with ${code}`)));
  });
  return { address, child };
}

/**
 * The real Routing Service (embedded storage, real providers) as its own process,
 * on a fixed port, allowing browser uploads from corsOrigin. Other benches reuse it.
 */
export async function startRealService(options: {
  port: number;
  dataDir: string;
  key: string;
  corsOrigin: string;
  env?: Record<string, string>;
}): Promise<{ url: string; child: ChildProcess }> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(root, "service/src/main.ts")],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        SERVICE_PORT: String(options.port),
        SERVICE_API_KEYS: options.key,
        SERVICE_DATA_DIR: options.dataDir,
        SERVICE_CORS_ORIGINS: options.corsOrigin,
        SERVICE_PUBLIC_URL: url,
        LOG_LEVEL: "warn",
        ...options.env,
      },
    },
  );
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error("the service exited");
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("the service did not answer in 30 s");
}

/** `next start` of the production build against the service at serviceUrl (other benches reuse it). */
export async function startApp(
  serviceUrl: string,
  dataDir: string,
  options: {
    port?: number;
    key?: string;
    env?: Record<string, string>;
    /** Serve through scripts/app-server.ts, as `npm start` does, instead of `next start`. */
    peerServer?: boolean;
  } = {},
) {
  const port = options.port ?? (await freePort());
  const args = options.peerServer
    ? ["--import", "tsx", path.join(root, "scripts/app-server.ts")]
    : [createRequire(import.meta.url).resolve("next/dist/bin/next"), "start", "-p", String(port)];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      ROUTING_API_URL: serviceUrl,
      ROUTING_API_KEY: options.key ?? KEY,
      APP_RATE_LIMIT_PER_MINUTE: "0",
      BUYER_SERVICE_CALLS_PER_MINUTE: "0",
      LEDGER_SQLITE_PATH: path.join(dataDir, "ledger.sqlite"),
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      ...options.env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error("next start exited");
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("next start did not answer in 30 s");
}

/**
 * For the page benchmarks (bundle, Lighthouse): the real service, the app's production
 * build and the blank app, each on its port, with the data in `.data/bench/<name>`.
 */
export async function startAppAndBlank(options: {
  name: string;
  ports: { service: number; app: number; blank: number };
  key: string;
}): Promise<{ appUrl: string; blankUrl: string; dataDir: string; stop: () => Promise<void> }> {
  await buildBlank();
  const dataDir = await freshDataDir(options.name);
  const service = await startRealService({
    port: options.ports.service,
    dataDir: path.join(dataDir, "service"),
    key: options.key,
    corsOrigin: `http://127.0.0.1:${options.ports.app}`,
  });
  const children: ChildProcess[] = [service.child];
  const stop = async () => {
    for (const child of children) child.kill();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const app = await startApp(service.url, dataDir, { port: options.ports.app, key: options.key });
    children.push(app.child);
    const blank = await startBlank(options.ports.blank);
    children.push(blank.child);
    return { appUrl: app.url, blankUrl: blank.url, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface Timing {
  p50: number;
  p99: number;
}

interface Row {
  name: string;
  direct: Timing;
  app: Timing;
  /** CPU time of the app's process per call through it (user + system). */
  appCpuMs: number;
}

/** CPU milliseconds a process has used (user + system), from /proc; NaN where there is none. */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * The same call made directly and through the app, alternately (the order
 * swapped every call), so both sides see the same load on a shared machine.
 * Sequential, over kept-alive connections: what a browser's calls are.
 */
async function pair(
  name: string,
  direct: (i: number) => Promise<Response>,
  viaApp: (i: number) => Promise<Response>,
  appPid: number | undefined,
): Promise<Row> {
  const samples = { direct: [] as number[], app: [] as number[] };
  let appCpu = 0;
  const one = async (side: "direct" | "app", i: number) => {
    const cpuBefore = side === "app" ? cpuMs(appPid) : 0;
    const started = performance.now();
    const response = await (side === "direct" ? direct : viaApp)(i);
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`${name} ${side} call ${i} answered ${response.status}`);
    if (i < WARMUP) return;
    samples[side].push(elapsed);
    if (side === "app") appCpu += cpuMs(appPid) - cpuBefore;
  };
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const order = i % 2 === 0 ? (["direct", "app"] as const) : (["app", "direct"] as const);
    for (const side of order) await one(side, i);
  }
  const timing = (values: number[]): Timing => {
    values.sort((a, b) => a - b);
    return { p50: percentile(values, 50), p99: percentile(values, 99) };
  };
  return {
    name,
    direct: timing(samples.direct),
    app: timing(samples.app),
    appCpuMs: appCpu / CALLS,
  };
}

/** A browser's cookie: the buyer session the app sets on the first grant, sent back after. */
function cookieJar() {
  let cookie = "";
  return {
    header: (): Record<string, string> => (cookie ? { Cookie: cookie } : {}),
    keep(response: Response): Response {
      const set = response.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
      if (set.length > 0) cookie = set.join("; ");
      return response;
    },
  };
}

async function main(): Promise<boolean> {
  if (!hasBuild()) return false;
  await buildBlank();
  const dataDir = await mkdtemp(path.join(tmpdir(), "docroute-bench-app-"));
  const service = await startService(dataDir);
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  let blank: Awaited<ReturnType<typeof startBlank>> | undefined;
  try {
    // The rate limiter runs as it does for a browser (counting every call), with a
    // limit the benchmark never reaches.
    app = await startApp(service.address, dataDir, {
      env: { APP_RATE_LIMIT_PER_MINUTE: "1000000", BUYER_SERVICE_CALLS_PER_MINUTE: "1000000" },
    });
    blank = await startBlank(await freePort(), { url: service.address, key: KEY });
    const direct = service.address;
    const via = app.url;
    const pid = app.child.pid;
    const json = { "Content-Type": "application/json" };
    const keyed = { ...json, "X-API-Key": KEY };
    const jar = cookieJar();

    // One document for every process call (each with its own Idempotency-Key).
    const grant = (await (
      await fetch(`${direct}/v1/categories/${OCR}/uploads`, {
        method: "POST",
        headers: keyed,
        body: JSON.stringify({ content_type: "image/png" }),
      })
    ).json()) as { upload_url: string; s3_uri: string; object_key: string };
    const put = await fetch(grant.upload_url.replace(/^https?:\/\/[^/]+/, direct), {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(await readFile(path.join(fixtures, "invoice.png"))),
    });
    if (!put.ok) throw new Error(`upload failed: ${put.status}`);

    const rows: Row[] = [];
    // The app's floor: a route handler that does nothing (GET /api/health) against
    // the service's GET /healthz.
    rows.push(
      await pair(
        "no-op",
        () => fetch(`${direct}/healthz`),
        () => fetch(`${via}/api/health`),
        pid,
      ),
    );
    // The same no-op in a blank Next.js app, as Next ships it (Response.json).
    const stock = blank.url;
    rows.push(
      await pair(
        "stock",
        () => fetch(`${direct}/healthz`),
        () => fetch(`${stock}/api/health`),
        blank.child.pid,
      ),
    );
    // The floor of a handler that calls the service: a blank app's handler that
    // forwards the list request and returns the answer, nothing else.
    rows.push(
      await pair(
        "forward",
        () => fetch(`${direct}/v1/categories`, { headers: keyed }),
        () => fetch(`${stock}/api/forward`),
        blank.child.pid,
      ),
    );
    rows.push(
      await pair(
        "list",
        () => fetch(`${direct}/v1/categories`, { headers: keyed }),
        () => fetch(`${via}/api/categories`, { headers: jar.header() }),
        pid,
      ),
    );
    rows.push(
      await pair(
        "grant",
        () =>
          fetch(`${direct}/v1/categories/${OCR}/uploads`, {
            method: "POST",
            headers: keyed,
            body: JSON.stringify({ content_type: "image/png" }),
          }),
        async () =>
          jar.keep(
            await fetch(`${via}/api/categories/${OCR}/uploads`, {
              method: "POST",
              headers: { ...json, Origin: via, ...jar.header() },
              body: JSON.stringify({ contentType: "image/png" }),
            }),
          ),
        pid,
      ),
    );
    // The buyer's own upload for the app's process calls: the app processes only
    // documents granted to the buyer's session (issue 13).
    const appGrant = (await (
      await fetch(`${via}/api/categories/${OCR}/uploads`, {
        method: "POST",
        headers: { ...json, Origin: via, ...jar.header() },
        body: JSON.stringify({ contentType: "image/png" }),
      })
    ).json()) as { uploadUrl: string; s3Uri: string; objectKey: string };
    const appPut = await fetch(appGrant.uploadUrl.replace(/^https?:\/\/[^/]+/, direct), {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(await readFile(path.join(fixtures, "invoice.png"))),
    });
    if (!appPut.ok) throw new Error(`upload through the app's grant failed: ${appPut.status}`);
    rows.push(
      await pair(
        "process",
        (i) =>
          fetch(`${direct}/v1/categories/${OCR}/process`, {
            method: "POST",
            headers: { ...keyed, "Idempotency-Key": `direct-${i}` },
            body: JSON.stringify({ input: { document: grant.s3_uri, mime_type: "image/png" } }),
          }),
        async (i) =>
          jar.keep(
            await fetch(`${via}/api/categories/${OCR}/process`, {
              method: "POST",
              headers: { ...json, Origin: via, "Idempotency-Key": `app-${i}`, ...jar.header() },
              body: JSON.stringify({
                document: appGrant.s3Uri,
                mimeType: "image/png",
                objectKey: appGrant.objectKey,
              }),
            }),
          ),
        pid,
      ),
    );

    const ms = (n: number) => `${n.toFixed(2)} ms`;
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(
      `${CALLS} calls each way after ${WARMUP} warm-up, direct and through the app alternately, sequential,` +
        ` kept-alive connections, loopback (load average ${load}, ${cpus().length} cores)`,
    );
    const added = (name: string) => {
      const row = rows.find((r) => r.name === name);
      return row ? row.app.p50 - row.direct.p50 : Number.NaN;
    };
    // A handler that calls the service cannot add less than Next plus one call of its
    // own: the stock forward is the floor it is judged against.
    const goal50 = added("forward") + GOAL_ABOVE_STOCK_MS;
    console.log(
      `Goal: list, grant and process add at most the stock forward's ${ms(added("forward"))} + ${GOAL_ABOVE_STOCK_MS} ms` +
        ` = ${ms(goal50)} at p50, under ${GOAL_P99_MS} ms at p99\n`,
    );
    console.log(
      `${"".padEnd(9)}${"service p50".padStart(13)}${"app p50".padStart(11)}${"added".padStart(10)}${"ratio".padStart(8)}` +
        `${"service p99".padStart(14)}${"app p99".padStart(11)}${"added".padStart(10)}${"ratio".padStart(8)}` +
        `${"app CPU/call".padStart(14)}`,
    );
    let ok = true;
    for (const { name, direct: d, app: a, appCpuMs } of rows) {
      const add50 = a.p50 - d.p50;
      const add99 = a.p99 - d.p99;
      const pass = add50 <= goal50 && add99 < GOAL_P99_MS;
      // The no-op rows are the floor the others are read against, not goals.
      const reference = REFERENCE_ROWS[name];
      const verdict = reference ?? (pass ? "✓" : "✗ over goal");
      if (!reference) ok &&= pass;
      console.log(
        `${name.padEnd(9)}${ms(d.p50).padStart(13)}${ms(a.p50).padStart(11)}${ms(add50).padStart(10)}` +
          `${`${(a.p50 / d.p50).toFixed(2)}×`.padStart(8)}${ms(d.p99).padStart(14)}${ms(a.p99).padStart(11)}` +
          `${ms(add99).padStart(10)}${`${(a.p99 / d.p99).toFixed(2)}×`.padStart(8)}` +
          `${ms(appCpuMs).padStart(14)}  ${verdict}`,
      );
    }
    console.log(
      "\nservice: the client calling the Routing Service directly; app: the same call through the app's route handler" +
        "\n(which then calls the service). added = app − service; ratio = app ÷ service. no-op: GET /api/health, a route" +
        "\nhandler that does nothing, against the service's GET /healthz; stock: the same in a blank Next.js app, whose" +
        "\nResponse.json() Next gzips (its CPU/call is that app's); forward: a blank app's handler that fetches the" +
        "\nservice's list and returns it, against the same list called directly. app CPU/call: the app process's CPU time per call" +
        "\n(user + system), which other load on the machine inflates much less than wall time.",
    );
    const stockNoop = added("stock");
    console.log(
      `\nAgainst the stock no-op (${ms(stockNoop)} added): ` +
        ["list", "grant", "process"]
          .map((name) => `${name} +${ms(added(name) - stockNoop)}`)
          .join(", ") +
        `; the stock forward alone is +${ms(added("forward") - stockNoop)}: Next plus one call to the service is the floor` +
        " of a handler that calls it.",
    );
    return ok;
  } finally {
    app?.child.kill();
    blank?.child.kill();
    service.child.disconnect();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) exitWith(main);
