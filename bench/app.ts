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
// same no-op in a blank Next.js app (bench/harness/blank-app.ts), Next's own
// floor as it ships. The app's CPU per call is the figure other load inflates
// least.
//
//   npx next build && npx tsx bench/app.ts   # goal: the stock forward + 0.5 ms at p50, 10 ms p99
//   npx tsx bench/app.ts --write             # also into docs/performance-web.md
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  BENCH_KEY,
  benchArgs,
  buildBlank,
  cpuMs,
  docFigures,
  exitWith,
  freePort,
  grantUpload,
  hasBuild,
  machineLoad,
  markdownTable,
  OCR_CATEGORY,
  percentile,
  putUpload,
  root,
  startApp,
  startBlank,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";
import { startFixedLatencyService } from "./overhead";

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
const KEY = BENCH_KEY; // the key of bench/overhead.ts's service
const OCR = OCR_CATEGORY;
const fixtures = path.resolve(root, "fixtures");

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
  const timing = (values: number[]): Timing => ({
    p50: percentile(values, 50),
    p99: percentile(values, 99),
  });
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
  const { write } = benchArgs({});
  if (!hasBuild()) return false;
  await buildBlank();
  const dataDir = await mkdtemp(path.join(tmpdir(), "docroute-bench-app-"));
  const service = await startFixedLatencyService(dataDir);
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
    const grant = await grantUpload(direct, KEY);
    await putUpload(grant.upload_url, await readFile(path.join(fixtures, "invoice.png")));

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
    // The grant names the service's configured public address, not where it listens here.
    await putUpload(
      appGrant.uploadUrl.replace(/^https?:\/\/[^/]+/, direct),
      await readFile(path.join(fixtures, "invoice.png")),
    );
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
    const intro =
      `${CALLS} calls each way after ${WARMUP} warm-up, direct and through the app alternately, sequential,` +
      ` kept-alive connections, loopback (${machineLoad()})`;
    const added = (name: string) => {
      const row = rows.find((r) => r.name === name);
      return row ? row.app.p50 - row.direct.p50 : Number.NaN;
    };
    // A handler that calls the service cannot add less than Next plus one call of its
    // own: the stock forward is the floor it is judged against.
    const goal50 = added("forward") + GOAL_ABOVE_STOCK_MS;
    const goal =
      `Goal: list, grant and process add at most the stock forward's ${ms(added("forward"))} + ${GOAL_ABOVE_STOCK_MS} ms` +
      ` = ${ms(goal50)} at p50, under ${GOAL_P99_MS} ms at p99`;
    let ok = true;
    const table: Table = {
      columns: [
        "",
        "service p50",
        "app p50",
        "added",
        "ratio",
        "service p99",
        "app p99",
        "added",
        "ratio",
        "app CPU/call",
        "goal",
      ],
      left: [10],
      rows: rows.map(({ name, direct: d, app: a, appCpuMs }) => {
        const add50 = a.p50 - d.p50;
        const add99 = a.p99 - d.p99;
        const pass = add50 <= goal50 && add99 < GOAL_P99_MS;
        // The no-op rows are the floor the others are read against, not goals.
        const reference = REFERENCE_ROWS[name];
        if (!reference) ok &&= pass;
        return [
          name,
          ms(d.p50),
          ms(a.p50),
          ms(add50),
          `${(a.p50 / d.p50).toFixed(2)}×`,
          ms(d.p99),
          ms(a.p99),
          ms(add99),
          `${(a.p99 / d.p99).toFixed(2)}×`,
          ms(appCpuMs),
          reference ?? (pass ? "✓" : "✗ over goal"),
        ];
      }),
    };
    const legend =
      "service: the client calling the Routing Service directly; app: the same call through the app's route handler" +
      "\n(which then calls the service). added = app − service; ratio = app ÷ service. no-op: GET /api/health, a route" +
      "\nhandler that does nothing, against the service's GET /healthz; stock: the same in a blank Next.js app, whose" +
      "\nResponse.json() Next gzips (its CPU/call is that app's); forward: a blank app's handler that fetches the" +
      "\nservice's list and returns it, against the same list called directly. app CPU/call: the app process's CPU time per call" +
      "\n(user + system), which other load on the machine inflates much less than wall time.";
    const stockNoop = added("stock");
    const againstStock =
      `Against the stock no-op (${ms(stockNoop)} added): ` +
      ["list", "grant", "process"]
        .map((name) => `${name} +${ms(added(name) - stockNoop)}`)
        .join(", ") +
      `; the stock forward alone is +${ms(added("forward") - stockNoop)}: Next plus one call to the service is the floor` +
      " of a handler that calls it.";
    console.log(`${intro}\n${goal}\n`);
    console.log(textTable(table));
    console.log(`\n${legend}\n\n${againstStock}`);
    if (write) {
      writeDocSection(
        "performance-web",
        "app",
        docFigures(
          "app",
          `${intro}. ${goal}.`,
          markdownTable(table),
          legend.replaceAll("\n", " "),
          againstStock,
        ),
      );
    }
    return ok;
  } finally {
    app?.child.kill();
    blank?.child.kill();
    service.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

exitWith(main);
