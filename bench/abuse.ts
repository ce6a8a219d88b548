// Abuse: does a flood from one client raise the other clients' error rate?
// The real service and the app as `npm start` serves it (scripts/app-server.ts),
// behind a reverse proxy on loopback (TRUSTED_PROXIES=127.0.0.1) that appends
// each client's address to X-Forwarded-For. Five ordinary buyers ask for an
// upload grant twice a second each; then, for the same time, they do it again
// while one buyer floods grant requests from 16 connections and forges a new
// X-Forwarded-For on every request. Every setting is the default: the app's
// 600 requests a minute per address and per buyer, 120 service calls a minute
// per buyer, the service's 600 a minute per key.
// Goal: the ordinary buyers' error rate with the flood is no higher than without.
//
//   npx next build && npx tsx bench/abuse.ts
//   npx tsx bench/abuse.ts --write    # also into docs/performance.md
import { request } from "undici";
import {
  benchArgs,
  docFigures,
  exitWith,
  freshDataDir,
  hasBuild,
  machineLoad,
  markdownTable,
  OCR_CATEGORY,
  percentile,
  startApp,
  startRealService,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const SERVICE_PORT = 8954;
const APP_PORT = 3954;
const KEY = "bench-abuse-key-0123456789abc";
const OCR = OCR_CATEGORY;
const PHASE_MS = 10_000;
const BUYERS = 5;
const FLOOD_CONNECTIONS = 16;

interface Client {
  /** The address the proxy appends for this client. */
  address: string;
  cookie?: string;
}

interface Tally {
  sent: number;
  statuses: Map<number, number>;
  latencies: number[];
}

const tally = (): Tally => ({ sent: 0, statuses: new Map(), latencies: [] });
const errors = (t: Tally) => t.sent - (t.statuses.get(200) ?? 0);

async function askGrant(appUrl: string, client: Client, forged?: string): Promise<number> {
  const response = await request(`${appUrl}/api/categories/${OCR}/uploads`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": forged ? `${forged}, ${client.address}` : client.address,
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
    body: JSON.stringify({ contentType: "image/png" }),
  });
  const setCookie = response.headers["set-cookie"];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (first && !client.cookie) client.cookie = first.split(";")[0];
  await response.body.dump();
  return response.statusCode;
}

async function timed(into: Tally, ask: () => Promise<number>): Promise<void> {
  const started = performance.now();
  let status = 0;
  try {
    status = await ask();
  } catch {
    // counted as status 0: no answer
  }
  into.sent += 1;
  into.latencies.push(performance.now() - started);
  into.statuses.set(status, (into.statuses.get(status) ?? 0) + 1);
}

/** Each ordinary buyer: one grant every 500 ms until `until`. */
async function ordinary(appUrl: string, clients: Client[], until: number, into: Tally) {
  await Promise.all(
    clients.map(async (client) => {
      while (Date.now() < until) {
        const next = Date.now() + 500;
        await timed(into, () => askGrant(appUrl, client));
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
      }
    }),
  );
}

/** One buyer, as fast as 16 connections go, with a forged address on every request. */
async function flood(appUrl: string, client: Client, until: number, into: Tally) {
  let n = 0;
  await Promise.all(
    Array.from({ length: FLOOD_CONNECTIONS }, async () => {
      while (Date.now() < until) {
        n += 1;
        const forged = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
        await timed(into, () => askGrant(appUrl, client, forged));
      }
    }),
  );
}

const p50 = (t: Tally) => percentile(t.latencies, 50);
const describeStatuses = (t: Tally) =>
  [...t.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
const percent = (part: number, whole: number) =>
  whole === 0 ? "—" : `${((100 * part) / whole).toFixed(1)}%`;

async function main(): Promise<boolean> {
  const { write } = benchArgs({});
  if (!hasBuild()) return false;
  const dataDir = await freshDataDir("abuse");
  const service = await startRealService({
    port: SERVICE_PORT,
    dataDir: `${dataDir}/service`,
    key: KEY,
    corsOrigin: `http://127.0.0.1:${APP_PORT}`,
  });
  try {
    const app = await startApp(service.url, dataDir, {
      port: APP_PORT,
      key: KEY,
      peerServer: true,
      env: {
        APP_RATE_LIMIT_PER_MINUTE: "600",
        BUYER_SERVICE_CALLS_PER_MINUTE: "120",
        TRUSTED_PROXIES: "127.0.0.1,::1",
      },
    });
    try {
      const buyers = Array.from({ length: BUYERS }, (_, i) => ({ address: `198.51.100.${i + 1}` }));
      const flooder: Client = { address: "203.0.113.66" };
      const quiet = tally();
      await ordinary(app.url, buyers, Date.now() + PHASE_MS, quiet);
      const during = tally();
      const flooded = tally();
      const until = Date.now() + PHASE_MS;
      await Promise.all([
        ordinary(app.url, buyers, until, during),
        flood(app.url, flooder, until, flooded),
      ]);

      const intro = `${BUYERS} buyers, a grant every 500 ms each, ${PHASE_MS / 1000} s per phase`;
      const table: Table = {
        columns: [
          "Phase",
          "Ordinary buyers: requests",
          "errors",
          "p50",
          "Flooder: requests",
          "refused (429)",
        ],
        rows: [
          [
            "alone",
            `${quiet.sent}`,
            percent(errors(quiet), quiet.sent),
            `${p50(quiet).toFixed(0)} ms`,
            "—",
            "—",
          ],
          [
            "with the flood",
            `${during.sent}`,
            percent(errors(during), during.sent),
            `${p50(during).toFixed(0)} ms`,
            `${flooded.sent}`,
            percent(flooded.statuses.get(429) ?? 0, flooded.sent),
          ],
        ],
      };
      const answers =
        `Ordinary buyers' answers: alone ${describeStatuses(quiet)}; with the flood ${describeStatuses(during)}` +
        `\nFlooder's answers: ${describeStatuses(flooded)}`;
      const ok =
        errors(during) / Math.max(1, during.sent) <= errors(quiet) / Math.max(1, quiet.sent);
      const verdict = `Goal: the flood raises no other buyer's error rate: ${ok ? "met" : "NOT met"}`;
      console.log(`${intro}\n`);
      console.log(textTable(table));
      console.log(`\n${answers}\n\n${verdict}`);
      if (write) {
        writeDocSection(
          "performance",
          "abuse",
          docFigures(
            "abuse",
            `${intro} (${machineLoad()}).`,
            markdownTable(table),
            answers.replace("\n", "; "),
            verdict,
          ),
        );
      }
      return ok;
    } finally {
      app.child.kill();
    }
  } finally {
    service.child.kill();
  }
}

exitWith(main);
