// Upload throughput of the embedded storage (the service's signed PUT URL: signature
// and grant checks, streaming through the size/CRC32 meter into a temp file, rename,
// grant marked uploaded) against a plain static server that streams the PUT body to a
// file, both fed the same bytes by `curl -T`, in one run, rounds alternating.
// Target: the embedded storage at least 90% of the plain PUT.
//
// A third server, the plain one plus a CRC32 of the body (zlib.crc32, the same extra work
// the embedded storage does for its x-amz-checksum-crc32 and ETag), splits the gap:
// embedded / plain+CRC32 is the service's own overhead beyond the checksum. The embedded
// storage also writes the file through a 1 MiB buffer (storage/embedded-routes.ts), which
// saves CPU; a fourth server, plain + CRC32 with that same buffer, shows what is left of
// the service's overhead when the plain server is tuned the same way. The baseline of the
// target stays the untuned plain server.
//
// The ratio is judged on each side's fastest round (the one least disturbed by other
// work on the machine); medians are printed beside it, with the load average, because
// on a busy 2-core machine the medians move with whatever else runs.
//
// The service is built in this process (buildApp), not started as its own: the
// CPU figure is this process's, the servers compared all living in it.
//
//   npx tsx bench/storage.ts            # a few seconds
//   npx tsx bench/storage.ts --write    # also into docs/performance-web.md
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { crc32 } from "node:zlib";
import { buildApp } from "../service/src/app";
import { loadServiceConfig } from "../service/src/config";
import { openServiceDb } from "../service/src/db";
import { createObjectStore } from "../service/src/storage";
import {
  BENCH_KEY,
  benchArgs,
  docFigures,
  grantUpload,
  machineLoad,
  markdownTable,
  median,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const TARGET_RATIO = 0.9;
const SIZE_MIB = 20;
const ROUNDS = 10;
const KEY = BENCH_KEY;
const run = promisify(execFile);

export interface StorageBenchResult {
  label: string;
  rounds: number;
  medianSeconds: number;
  bestSeconds: number;
  /** Throughput of the fastest round. */
  mibPerSecond: number;
  medianMibPerSecond: number;
  /** Median CPU time of this process (all servers live in it) during one PUT. */
  medianCpuMs: number;
}

/** The baseline: PUT streams the body into a temp file that is renamed into place. */
function plainServer(root: string, withCrc32: boolean, highWaterMark?: number): Server {
  let n = 0;
  return createServer((req, res) => {
    const target = path.join(root, `object-${n}`);
    const temp = path.join(root, `.tmp-${n++}`);
    let crc = 0;
    if (withCrc32) req.on("data", (chunk: Buffer) => (crc = crc32(chunk, crc)));
    pipeline(req, createWriteStream(temp, highWaterMark ? { highWaterMark } : {}))
      .then(() => rename(temp, target))
      .then(
        () => res.writeHead(200, withCrc32 ? { ETag: `"${crc.toString(16)}"` } : {}).end(),
        () => res.writeHead(500).end(),
      );
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
}

/** Seconds of one PUT; with `crc32`, the answer must carry that x-amz-checksum-crc32. */
async function curlPut(url: string, file: string, crc32?: string): Promise<number> {
  const { stdout } = await run("curl", [
    "-sS",
    "-o",
    "/dev/null",
    "-w",
    "%{http_code} %{time_total} %header{x-amz-checksum-crc32}",
    "-H",
    "Content-Type: image/png",
    // No 100-continue round trip: both servers are measured on the body alone.
    "-H",
    "Expect:",
    "-T",
    file,
    url,
  ]);
  const [status, seconds, checksum] = stdout.trim().split(" ");
  if (status !== "200") throw new Error(`PUT ${url.split("?")[0]} answered ${status}`);
  if (crc32 !== undefined && checksum !== crc32) {
    throw new Error(`PUT ${url.split("?")[0]} answered CRC32 ${checksum}, the body's is ${crc32}`);
  }
  return Number(seconds);
}

export async function benchStorage(): Promise<StorageBenchResult[]> {
  const work = await mkdtemp(path.join(tmpdir(), "docroute-bench-storage-"));
  const plainRoot = path.join(work, "plain");
  await mkdir(plainRoot);
  const file = path.join(work, "payload.bin");
  const payload = randomBytes(SIZE_MIB * 1024 * 1024);
  await writeFile(file, payload);
  // What the embedded storage must answer for it (checked on every round, not timed).
  const expectedCrc = Buffer.alloc(4);
  expectedCrc.writeUInt32BE(crc32(payload));

  const config = loadServiceConfig({
    SERVICE_API_KEYS: KEY,
    SERVICE_DATA_DIR: path.join(work, "service"),
    SERVICE_PORT: "0",
    LOG_LEVEL: "silent",
  });
  const db = await openServiceDb(config.databaseUrl, config.dataDir);
  const store = await createObjectStore(config);
  const app = await buildApp({ config, db, store });
  const servicePort = (await app.listen({ host: "127.0.0.1", port: 0 })).split(":").at(-1);
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const plain = plainServer(plainRoot, false);
  const plainUrl = await listen(plain);
  const hashing = plainServer(plainRoot, true);
  const hashingUrl = await listen(hashing);
  const tuned = plainServer(plainRoot, true, 1024 * 1024);
  const tunedUrl = await listen(tuned);

  /** A fresh grant (not timed): the URL the browser would PUT to, on the service's real port. */
  const grantUrl = async () => (await grantUpload(serviceUrl, KEY)).upload_url;

  const sides = () => ({
    embedded: [] as number[],
    plain: [] as number[],
    hashing: [] as number[],
    tuned: [] as number[],
  });
  const times = sides();
  const cpu = sides();
  /**
   * One timed PUT; also the CPU this process spent meanwhile (user + system, every
   * thread: the server's parsing, hashing and file writes, plus spawning curl, the
   * same for all three), which other load on the machine inflates far less than time.
   */
  const measure = async (side: keyof typeof times, url: string, crc?: string) => {
    const before = process.cpuUsage();
    times[side].push(await curlPut(url, file, crc));
    const used = process.cpuUsage(before);
    cpu[side].push((used.user + used.system) / 1000);
  };
  const crc = expectedCrc.toString("base64");
  try {
    // One warm-up each (JIT, file system), then alternating rounds so drift hits all.
    await curlPut(await grantUrl(), file, crc);
    await curlPut(plainUrl, file);
    await curlPut(hashingUrl, file);
    await curlPut(tunedUrl, file);
    for (let i = 0; i < ROUNDS; i++) {
      await measure("embedded", await grantUrl(), crc);
      await measure("plain", plainUrl);
      await measure("hashing", hashingUrl);
      await measure("tuned", tunedUrl);
    }
  } finally {
    await app.close();
    await db.close();
    await new Promise((resolve) => plain.close(resolve));
    await new Promise((resolve) => hashing.close(resolve));
    await new Promise((resolve) => tuned.close(resolve));
    await rm(work, { recursive: true, force: true });
  }

  return [
    { label: "plain PUT (node http → file)", values: times.plain, cpuMs: cpu.plain },
    { label: "plain PUT + CRC32 of the body", values: times.hashing, cpuMs: cpu.hashing },
    { label: "plain + CRC32 + 1 MiB buffer", values: times.tuned, cpuMs: cpu.tuned },
    { label: "embedded storage (signed URL)", values: times.embedded, cpuMs: cpu.embedded },
  ].map(({ label, values, cpuMs }) => {
    const medianSeconds = median(values);
    const bestSeconds = Math.min(...values);
    return {
      label,
      rounds: values.length,
      medianSeconds,
      bestSeconds,
      mibPerSecond: SIZE_MIB / bestSeconds,
      medianMibPerSecond: SIZE_MIB / medianSeconds,
      medianCpuMs: median(cpuMs),
    };
  });
}

function print(results: StorageBenchResult[], write: boolean): boolean {
  const intro = `${SIZE_MIB} MiB per PUT with curl -T, ${ROUNDS} rounds each (${machineLoad()})`;
  const table: Table = {
    columns: ["", "best MiB/s", "median MiB/s", "CPU ms/PUT"],
    rows: results.map((r) => [
      r.label,
      r.mibPerSecond.toFixed(0),
      r.medianMibPerSecond.toFixed(0),
      r.medianCpuMs.toFixed(1),
    ]),
  };
  const [plain, hashing, tuned, embedded] = results;
  const ratio = (a?: StorageBenchResult, b?: StorageBenchResult) =>
    `${((a?.mibPerSecond ?? 0) / (b?.mibPerSecond ?? 1)).toFixed(2)} best, ${((a?.medianMibPerSecond ?? 0) / (b?.medianMibPerSecond ?? 1)).toFixed(2)} median`;
  const ok = (embedded?.mibPerSecond ?? 0) / (plain?.mibPerSecond ?? 1) >= TARGET_RATIO;
  const ratios = [
    `embedded / plain         = ${ratio(embedded, plain)} (target ≥ ${TARGET_RATIO}) ${ok ? "✓" : "✗ below target"}`,
    `embedded / plain + CRC32 = ${ratio(embedded, hashing)} (the service's overhead beyond the checksum)`,
    `embedded / plain + CRC32 + 1 MiB buffer = ${ratio(embedded, tuned)} (the same work and buffer: the service's own overhead)`,
  ];
  console.log(`${intro}\n`);
  console.log(textTable(table));
  console.log(`\n${ratios.join("\n")}`);
  if (write) {
    writeDocSection(
      "performance-web",
      "storage",
      docFigures(
        "storage",
        `${intro}:`,
        markdownTable(table),
        ratios.map((line) => `- ${line.replace(/ +=/, " =")}`).join("\n"),
      ),
    );
  }
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { write } = benchArgs({});
  benchStorage()
    .then((results) => {
      print(results, write);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
