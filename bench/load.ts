// Load: many concurrent clients against the app (`next start`) and the real
// Routing Service on loopback, with autocannon: listing categories (app and
// service), asking for upload grants and PUTting small documents, then
// processing them through the app (fewer clients: OCR is CPU-heavy). Bounded
// in requests and time (under 60 s of load). Reports throughput, p50/p99
// latency and status codes per phase, then checks:
//   - no 5xx other than 503/429 with Retry-After;
//   - every accepted upload is stored whole (the file in the service's data dir
//     and the x-amz-checksum-crc32 storage answered both match the bytes sent);
//   - every 2xx process call has exactly one ledger row (by trace id);
//   - the RSS of both processes stays bounded.
//
// The ledger check opens the app's SQLite file read-only after the run, and the
// upload check reads the service's stored objects: the two stores are what is
// checked, so those are read directly; every call under load goes over HTTP.
//
//   npx next build && npx tsx bench/load.ts
//   npx tsx bench/load.ts --write    # also into docs/performance.md
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { grantSchema } from "../lib/api/documents";
import {
  benchArgs,
  docFigures,
  exitWith,
  freshDataDir,
  hasBuild,
  machineLoad,
  markdownTable,
  OCR_CATEGORY,
  root,
  startApp,
  startRealService,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const SERVICE_PORT = 8953;
const APP_PORT = 3953;
const KEY = "bench-load-key-0123456789abc";
const OCR = OCR_CATEGORY;
const RSS_LIMIT_MB = 1024;
const fixtures = path.resolve(root, "fixtures");

interface Phase {
  name: string;
  requests: number;
  durationS: number;
  rps: number;
  p50: number;
  p99: number;
  statuses: Map<number, number>;
  errors: number;
  timeouts: number;
}

/** One buyer's grants through the app, each with the document PUT to storage. */
async function buyerUploads(appUrl: string, bytes: Buffer, count: number) {
  let cookie = "";
  const uploads: { s3Uri: string; objectKey: string }[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${appUrl}/api/categories/${OCR}/uploads`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: appUrl, Cookie: cookie },
      body: JSON.stringify({ contentType: "image/png" }),
    });
    cookie ||= response.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    if (!response.ok) continue;
    const grant = grantSchema.parse(await response.json());
    const put = await fetch(grant.uploadUrl, {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(bytes),
    });
    if (put.ok) uploads.push({ s3Uri: grant.s3Uri, objectKey: grant.objectKey });
  }
  return { cookie, uploads };
}

interface Seen {
  statuses: Map<number, number>;
  /** 5xx other than 503, and 503/429 without Retry-After. */
  bad: string[];
}

function observe(
  seen: Seen,
  status: number,
  headers: Record<string, string | string[] | undefined> | undefined,
) {
  seen.statuses.set(status, (seen.statuses.get(status) ?? 0) + 1);
  const retryAfter = headers?.["retry-after"] ?? headers?.["Retry-After"];
  if (status >= 500 && status !== 503) seen.bad.push(`${status}`);
  if ((status === 503 || status === 429) && !retryAfter)
    seen.bad.push(`${status} without Retry-After`);
}

async function phase(name: string, options: autocannon.Options, seen: Seen): Promise<Phase> {
  const result = await autocannon({ ...options, timeout: 30 });
  return {
    name,
    requests: result.requests.total,
    durationS: result.duration,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses: new Map(seen.statuses),
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function rssMb(child: ChildProcess): number {
  if (!child.pid) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function main(): Promise<boolean> {
  const { write } = benchArgs({});
  if (!hasBuild()) return false;
  const dataDir = await freshDataDir("load");
  const serviceDir = path.join(dataDir, "service");
  const appUrl = `http://127.0.0.1:${APP_PORT}`;
  const service = await startRealService({
    port: SERVICE_PORT,
    dataDir: serviceDir,
    key: KEY,
    corsOrigin: appUrl,
    env: { RATE_LIMIT_PER_MINUTE: "1000000" },
  });
  const children: ChildProcess[] = [service.child];
  try {
    const app = await startApp(service.url, dataDir, {
      port: APP_PORT,
      key: KEY,
      env: { SESSION_SECRET: "bench-load-session-secret-0123456789abcdef" },
    });
    children.push(app.child);
    const document = await readFile(path.join(fixtures, "letter.png"));
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(document));
    const expectedCrc = crc.toString("base64");

    const rss = { service: [rssMb(service.child)], app: [rssMb(app.child)] };
    const rssBefore = { service: rss.service[0] ?? Number.NaN, app: rss.app[0] ?? Number.NaN };
    const sampler = setInterval(() => {
      rss.service.push(rssMb(service.child));
      rss.app.push(rssMb(app.child));
    }, 500);

    const phases: Phase[] = [];
    const all: Seen = { statuses: new Map(), bad: [] };
    const track = () => {
      const seen: Seen = { statuses: new Map(), bad: all.bad };
      return {
        seen,
        onResponse: (
          status: number,
          _body: string,
          _context: object,
          headers: Record<string, string | string[] | undefined> | undefined,
        ) => {
          observe(seen, status, headers);
          all.statuses.set(status, (all.statuses.get(status) ?? 0) + 1);
        },
      };
    };

    // 1. Listing, app and service: 50 clients, 8 s each.
    {
      const t = track();
      phases.push(
        await phase(
          "app GET /api/categories (50 clients)",
          {
            url: appUrl,
            connections: 50,
            duration: 8,
            requests: [{ path: "/api/categories", onResponse: t.onResponse }],
          },
          t.seen,
        ),
      );
    }
    {
      const t = track();
      phases.push(
        await phase(
          "service GET /v1/categories (50 clients)",
          {
            url: service.url,
            connections: 50,
            duration: 8,
            headers: { "X-API-Key": KEY },
            requests: [{ path: "/v1/categories", onResponse: t.onResponse }],
          },
          t.seen,
        ),
      );
    }

    // 2. Grants through the app: 30 clients, 8 s.
    {
      const t = track();
      phases.push(
        await phase(
          "app POST grant (30 clients)",
          {
            url: appUrl,
            connections: 30,
            duration: 8,
            requests: [
              {
                method: "POST",
                path: `/api/categories/${OCR}/uploads`,
                headers: { "Content-Type": "application/json", Origin: appUrl },
                body: JSON.stringify({ contentType: "image/png" }),
                onResponse: t.onResponse,
              },
            ],
          },
          t.seen,
        ),
      );
    }

    // 3. Grant then PUT the document, against the service: 20 clients, 10 s.
    interface Upload {
      objectKey: string;
      s3Uri: string;
      crc32: string;
    }
    const accepted: Upload[] = [];
    {
      const t = track();
      type Ctx = { grant?: { upload_url: string; object_key: string; s3_uri: string } };
      phases.push(
        await phase(
          "service grant + PUT letter.png (20 clients)",
          {
            url: service.url,
            connections: 20,
            duration: 10,
            requests: [
              {
                method: "POST",
                path: `/v1/categories/${OCR}/uploads`,
                headers: { "Content-Type": "application/json", "X-API-Key": KEY },
                body: JSON.stringify({ content_type: "image/png" }),
                onResponse: (status, body, context, headers) => {
                  t.onResponse(status, body, context, headers);
                  const ctx = context as Ctx;
                  ctx.grant = status === 201 || status === 200 ? JSON.parse(body) : undefined;
                },
              },
              {
                method: "PUT",
                headers: { "Content-Type": "image/png" },
                body: document,
                setupRequest: (request, context) => {
                  const grant = (context as Ctx).grant;
                  if (!grant) return request; // PUT to "/" answers 4xx and is counted
                  return {
                    ...request,
                    path: new URL(grant.upload_url).pathname + new URL(grant.upload_url).search,
                  };
                },
                onResponse: (status, body, context, headers) => {
                  t.onResponse(status, body, context, headers);
                  const grant = (context as Ctx).grant;
                  // Raw header names, as the server cased them.
                  const checksum = Object.entries(headers ?? {}).find(
                    ([name]) => name.toLowerCase() === "x-amz-checksum-crc32",
                  )?.[1];
                  if (status === 200 && grant) {
                    accepted.push({
                      objectKey: grant.object_key,
                      s3Uri: grant.s3_uri,
                      crc32: typeof checksum === "string" ? checksum : "",
                    });
                  }
                },
              },
            ],
          },
          t.seen,
        ),
      );
    }

    // 4. Process through the app: 4 clients, at most 60 calls or 20 s, as one
    // buyer with uploads of its own (the app refuses anyone else's).
    const buyer = await buyerUploads(appUrl, document, 8);
    const traces: string[] = [];
    let processOk = 0;
    {
      const t = track();
      let n = 0;
      phases.push(
        await phase(
          "app POST process letter.png (4 clients)",
          {
            url: appUrl,
            connections: 4,
            amount: 60,
            duration: 20,
            requests: [
              {
                method: "POST",
                path: `/api/categories/${OCR}/process`,
                setupRequest: (request) => {
                  const upload = buyer.uploads[n % Math.max(1, buyer.uploads.length)];
                  n += 1;
                  return {
                    ...request,
                    headers: {
                      "Content-Type": "application/json",
                      Origin: appUrl,
                      Cookie: buyer.cookie,
                      "Idempotency-Key": `load-${n}`,
                    },
                    body: JSON.stringify({
                      document: upload?.s3Uri ?? "s3://missing/none.png",
                      mimeType: "image/png",
                      objectKey: upload?.objectKey,
                    }),
                  };
                },
                onResponse: (status, body, context, headers) => {
                  t.onResponse(status, body, context, headers);
                  if (status >= 200 && status < 300) {
                    processOk += 1;
                    const trace = (JSON.parse(body) as { meta?: { trace_id?: string } }).meta
                      ?.trace_id;
                    traces.push(trace ?? "");
                  }
                },
              },
            ],
          },
          t.seen,
        ),
      );
    }
    clearInterval(sampler);
    const rssAfter = { service: rssMb(service.child), app: rssMb(app.child) };

    // Report.
    const intro = `autocannon against next start and the real service, loopback (${machineLoad()})`;
    const table: Table = {
      columns: ["phase", "requests", "req/s", "p50", "p99", "status codes"],
      left: [5],
      rows: phases.map((p) => {
        const codes = [...p.statuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([code, count]) => `${code}×${count}`)
          .join(" ");
        const extra =
          p.errors || p.timeouts ? ` (socket errors ${p.errors}, timeouts ${p.timeouts})` : "";
        return [
          p.name,
          String(p.requests),
          p.rps.toFixed(0),
          `${p.p50} ms`,
          `${p.p99} ms`,
          `${codes}${extra}`,
        ];
      }),
    };
    console.log(`${intro}\n`);
    console.log(textTable(table));

    // Checks.
    const results: [string, boolean, string][] = [];
    results.push([
      "no 5xx other than 503/429 with Retry-After",
      all.bad.length === 0,
      all.bad.length === 0 ? "none" : `${all.bad.length}: ${[...new Set(all.bad)].join(", ")}`,
    ]);

    let whole = 0;
    const broken: string[] = [];
    for (const upload of accepted) {
      const file = path.join(serviceDir, "objects", upload.objectKey);
      const stored = existsSync(file) ? await readFile(file) : undefined;
      const sameFile = stored?.equals(document) === true;
      const sameCrc = upload.crc32 === expectedCrc;
      if (sameFile && sameCrc) whole += 1;
      else
        broken.push(
          `${upload.objectKey} (file ${sameFile ? "ok" : "differs/missing"}, CRC32 ${upload.crc32 || "none"})`,
        );
    }
    results.push([
      "every accepted upload stored whole",
      accepted.length > 0 && broken.length === 0,
      `${whole}/${accepted.length} byte-identical to letter.png with the CRC32 answered${broken.length ? `; ${broken.slice(0, 3).join("; ")}` : ""}`,
    ]);

    const ledger = new Database(path.join(dataDir, "ledger.sqlite"), {
      readonly: true,
      fileMustExist: true,
    });
    const count = ledger.prepare<[string], { n: number }>(
      "SELECT COUNT(*) AS n FROM ledger_runs WHERE trace_id = ?",
    );
    const wrong: string[] = [];
    for (const trace of traces) {
      const n = trace ? (count.get(trace)?.n ?? 0) : 0;
      if (n !== 1) wrong.push(`${trace || "(no trace id)"}: ${n} rows`);
    }
    ledger.close();
    results.push([
      "every 2xx process call has exactly one ledger row",
      processOk > 0 && wrong.length === 0,
      `${processOk - wrong.length}/${processOk}${wrong.length ? `; ${wrong.slice(0, 3).join("; ")}` : ""}`,
    ]);

    const max = (xs: number[]) => Math.max(...xs.filter((x) => Number.isFinite(x)));
    const mb = (x: number) => `${x.toFixed(0)} MB`;
    const rssOk = max(rss.service) < RSS_LIMIT_MB && max(rss.app) < RSS_LIMIT_MB;
    results.push([
      `RSS bounded (under ${RSS_LIMIT_MB} MB each)`,
      rssOk,
      `service ${mb(rssBefore.service)} → ${mb(rssAfter.service)} (max ${mb(max(rss.service))}); ` +
        `app ${mb(rssBefore.app)} → ${mb(rssAfter.app)} (max ${mb(max(rss.app))})`,
    ]);

    const checks = results.map(
      ([name, pass, detail]) => `${pass ? "PASS" : "FAIL"}  ${name}: ${detail}`,
    );
    console.log(`\n${checks.join("\n")}`);
    if (write) {
      writeDocSection(
        "performance",
        "load",
        docFigures(
          "load",
          `${intro}:`,
          markdownTable(table),
          checks.map((check) => `- ${check}`).join("\n"),
        ),
      );
    }
    return results.every(([, pass]) => pass);
  } finally {
    for (const child of children) child.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
}

exitWith(main);
