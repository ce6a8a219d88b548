// Browser upload throughput: Chromium PUTs a 25 MB file picked through an <input>,
// with XHR as lib/upload/put-file.ts sends it, to an upload URL granted by the real
// Routing Service (embedded storage), against `curl -T` of the same file to a freshly
// granted URL of the same service. Goal: the browser reaches at least 90% of curl.
//
// Beside it, both clients PUT the same file to a plain node:http server that reads the
// body and drops it: what Chromium reaches there is its own upload ceiling on this
// machine, which no server can raise. Storage ÷ that ceiling is the part the service
// owns. The CPU each process spends per PUT (Linux /proc, every thread) shows where
// Chromium's time goes: its network service sends the body through a 16 KiB buffer,
// one read then one socket write at a time (net/http/http_stream_parser.cc; strace
// shows a read of the file on a worker thread for every 16 KiB, each handed to the
// I/O thread through an eventfd, and as many socket writes; curl writes 64 KiB at a
// time). fetch()
// instead of XHR, and a Blob built in memory instead of a picked file, were measured
// too and were no faster (the Blob costs the browser process a data pipe as well).
//
//   npx tsx bench/browser-upload.ts
//   npx tsx bench/browser-upload.ts --write    # also into docs/performance-web.md
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { createServer, type OutgoingHttpHeaders } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { crc32 } from "node:zlib";
import { chromium } from "@playwright/test";
import {
  benchArgs,
  chromiumArgs,
  chromiumPath,
  cpuMs,
  docFigures,
  exitWith,
  freshDataDir,
  grantUpload,
  machineLoad,
  markdownTable,
  median,
  startRealService,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const SERVICE_PORT = 8950;
const PAGE_PORT = 3950;
const DISCARD_PORT = 3951;
const KEY = "bench-upload-key-0123456789";
const BYTES = 25_000_000; // 25 MB, under the category's 25 MiB limit
const RUNS = 5;
const GOAL_RATIO = 0.9;
const run = promisify(execFile);

/** Bytes that do not compress to nothing. */
function patternBytes(): Uint8Array {
  const bytes = new Uint8Array(BYTES);
  let x = 2463534242;
  for (let i = 0; i < BYTES; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

const grant = async (serviceUrl: string) => (await grantUpload(serviceUrl, KEY)).upload_url;

/** Reads the body and drops it, answering CORS the way the service does. */
function discardServer(origin: string) {
  const cors: OutgoingHttpHeaders = {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "PUT",
    "Access-Control-Allow-Headers": "content-type",
    "Access-Control-Expose-Headers": "x-bytes",
    "Access-Control-Max-Age": "600",
  };
  return createServer((request, response) => {
    if (request.method === "OPTIONS") {
      response.writeHead(204, cors).end();
      return;
    }
    let bytes = 0;
    request.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on("end", () => response.writeHead(200, { ...cors, "x-bytes": bytes }).end());
  });
}

/** Processes under `root` (itself included), by parent pid. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] ?? -1) ?? []));
  return tree;
}

/** Chromium's role of a process ("network service", "renderer", …) from its command line. */
function chromiumRole(pid: number): string {
  // Chromium rewrites its command line into one space-separated string.
  const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split(/[\0 ]/);
  const sub = args.find((a) => a.startsWith("--utility-sub-type="));
  if (sub?.endsWith("NetworkService")) return "network service";
  const type = args.find((a) => a.startsWith("--type="))?.slice("--type=".length);
  return type === undefined ? "browser process" : type;
}

/** CPU milliseconds so far of Chromium's processes, by role. */
function chromiumCpuMs(pids: number[]): Map<string, number> {
  const byRole = new Map<string, number>();
  for (const pid of pids) {
    try {
      const role = chromiumRole(pid);
      const ms = cpuMs(pid);
      // NaN: it ended meanwhile.
      if (!Number.isNaN(ms)) byRole.set(role, (byRole.get(role) ?? 0) + ms);
    } catch {
      // ended meanwhile
    }
  }
  return byRole;
}

async function main(): Promise<boolean> {
  const { write } = benchArgs({});
  const dataDir = await freshDataDir("browser-upload");
  const origin = `http://127.0.0.1:${PAGE_PORT}`;
  const page = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end('<!doctype html><title>upload bench</title><input type="file" id="file">');
  });
  await new Promise<void>((resolve) => page.listen(PAGE_PORT, "127.0.0.1", resolve));
  const discard = discardServer(origin);
  await new Promise<void>((resolve) => discard.listen(DISCARD_PORT, "127.0.0.1", resolve));
  const discardUrl = `http://127.0.0.1:${DISCARD_PORT}`;
  const service = await startRealService({
    port: SERVICE_PORT,
    dataDir: path.join(dataDir, "service"),
    key: KEY,
    corsOrigin: origin,
    env: { RATE_LIMIT_PER_MINUTE: "100000" },
  });
  // A server, so that its process id is known: the CPU of its process tree is measured.
  const browserServer = await chromium.launchServer({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  const browser = await chromium.connect(browserServer.wsEndpoint());
  try {
    const file = path.join(dataDir, "upload.bin");
    const bytes = patternBytes();
    await writeFile(file, bytes);
    // What storage must answer as x-amz-checksum-crc32 (exposed by CORS) for these bytes.
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(bytes));
    const expectedCrc = crc.toString("base64");

    const tab = await browser.newPage();
    await tab.goto(origin);
    // A file picked through the input, as a person picks or drops one: a File backed by
    // the file on disk, which Chromium's network service reads itself.
    await tab.setInputFiles("#file", file);
    const chromiumPid = browserServer.process().pid;
    if (chromiumPid === undefined) throw new Error("Chromium's process id is unknown");
    const chromiumPids = () => processTree(chromiumPid);
    const servicePid = service.child.pid;
    if (servicePid === undefined) throw new Error("the service's process id is unknown");

    /** One XHR PUT of the picked file, sent as put-file.ts sends it; ms from send() to loadend. */
    const browserPut = async (url: string) => {
      const result = await tab.evaluate(
        (url) =>
          new Promise<{ status: number; ms: number; crc32: string; bytes: string }>((resolve) => {
            const input = document.getElementById("file") as HTMLInputElement;
            const picked = input.files?.[0];
            if (!picked) throw new Error("no file picked");
            const xhr = new XMLHttpRequest();
            xhr.open("PUT", url);
            xhr.setRequestHeader("Content-Type", "image/png");
            xhr.upload.onprogress = () => {};
            let started = 0;
            xhr.onloadend = () =>
              resolve({
                status: xhr.status,
                ms: performance.now() - started,
                crc32: xhr.getResponseHeader("x-amz-checksum-crc32") ?? "",
                bytes: xhr.getResponseHeader("x-bytes") ?? "",
              });
            started = performance.now();
            xhr.send(picked);
          }),
        url,
      );
      if (result.status !== 200) throw new Error(`browser PUT answered ${result.status}`);
      return result;
    };
    /** One curl -T of the same file; seconds from time_total and curl's own CPU (sh `times`). */
    const curlPut = async (url: string) => {
      const { stdout } = await run("sh", [
        "-c",
        // `times` prints the CPU of the shell's children: curl's.
        'curl -sS --fail -T "$1" -H "Content-Type: image/png" -H "Expect:" -o /dev/null -w "%{time_total} %header{x-amz-checksum-crc32} %header{x-bytes}\\n" "$2" && times',
        "sh",
        file,
        url,
      ]);
      const [result = "", , children = ""] = stdout.trim().split("\n");
      const [seconds, crc32Header = "", bytesHeader = ""] = result.split(" ");
      const cpuSeconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
        (sum, [, m, s]) => sum + Number(m) * 60 + Number(s),
        0,
      );
      return {
        ms: Number(seconds) * 1000,
        crc32: crc32Header,
        bytes: bytesHeader,
        cpuMs: cpuSeconds * 1000,
      };
    };
    const checkStored = (who: string, crc32Header: string) => {
      if (crc32Header !== expectedCrc) {
        throw new Error(
          `${who} PUT stored other bytes (x-amz-checksum-crc32 ${crc32Header || "missing"}, expected ${expectedCrc})`,
        );
      }
    };
    const checkDiscarded = (who: string, bytesHeader: string) => {
      if (bytesHeader !== String(BYTES)) {
        throw new Error(`${who} PUT to the discard server sent ${bytesHeader} bytes`);
      }
    };

    type Side = "browserStorage" | "curlStorage" | "browserDiscard" | "curlDiscard";
    const rates: Record<Side, number[]> = {
      browserStorage: [],
      curlStorage: [],
      browserDiscard: [],
      curlDiscard: [],
    };
    const rate = (ms: number) => BYTES / 1e6 / (ms / 1000);
    const browserCpu = new Map<string, number[]>();
    const serviceCpu = { browser: [] as number[], curl: [] as number[] };
    const curlCpu: number[] = [];
    let n = 0;
    // One warm-up each way (JIT, page cache), then rounds alternating so drift hits all.
    checkStored("browser", (await browserPut(await grant(service.url))).crc32);
    checkStored("curl", (await curlPut(await grant(service.url))).crc32);
    checkDiscarded("browser", (await browserPut(`${discardUrl}/discard/warm-up`)).bytes);
    checkDiscarded("curl", (await curlPut(`${discardUrl}/discard/warm-up`)).bytes);
    for (let i = 0; i < RUNS; i++) {
      let url = await grant(service.url);
      const pids = chromiumPids();
      const browserBefore = chromiumCpuMs(pids);
      let serviceBefore = cpuMs(servicePid);
      const toStorage = await browserPut(url);
      serviceCpu.browser.push(cpuMs(servicePid) - serviceBefore);
      for (const [role, ms] of chromiumCpuMs(pids)) {
        browserCpu.set(role, [
          ...(browserCpu.get(role) ?? []),
          ms - (browserBefore.get(role) ?? 0),
        ]);
      }
      checkStored("browser", toStorage.crc32);
      rates.browserStorage.push(rate(toStorage.ms));

      url = await grant(service.url);
      serviceBefore = cpuMs(servicePid);
      const curlToStorage = await curlPut(url);
      serviceCpu.curl.push(cpuMs(servicePid) - serviceBefore);
      checkStored("curl", curlToStorage.crc32);
      rates.curlStorage.push(rate(curlToStorage.ms));
      curlCpu.push(curlToStorage.cpuMs);

      // A fresh path each time: the browser sends a CORS preflight first, as to a fresh grant.
      const toDiscard = await browserPut(`${discardUrl}/discard/${n++}`);
      checkDiscarded("browser", toDiscard.bytes);
      rates.browserDiscard.push(rate(toDiscard.ms));
      const curlToDiscard = await curlPut(`${discardUrl}/discard/${n++}`);
      checkDiscarded("curl", curlToDiscard.bytes);
      rates.curlDiscard.push(rate(curlToDiscard.ms));
    }

    const m = (side: Side) => median(rates[side]);
    const ratio = m("browserStorage") / m("curlStorage");
    const ceiling = m("browserDiscard") / m("curlDiscard");
    const mbs = (side: Side) => `${m(side).toFixed(0)} MB/s`;
    const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
    const ms = (xs: number[]) => median(xs).toFixed(0);
    const intro = `${RUNS} PUTs of ${BYTES / 1e6} MB each way, medians, loopback (${machineLoad()})`;
    const goal = `Goal: the browser reaches at least ${GOAL_RATIO * 100}% of curl`;
    const table: Table = {
      columns: ["", "Chromium XHR", "curl -T", "Chromium ÷ curl"],
      left: [1, 2, 3],
      rows: [
        [
          "to the embedded storage",
          mbs("browserStorage"),
          mbs("curlStorage"),
          `${pct(ratio)} ${ratio >= GOAL_RATIO ? "✓" : "✗ under goal"}`,
        ],
        [
          "to a discard server",
          mbs("browserDiscard"),
          mbs("curlDiscard"),
          `${pct(ceiling)} (each one's ceiling)`,
        ],
        [
          "storage ÷ discard",
          pct(m("browserStorage") / m("browserDiscard")),
          pct(m("curlStorage") / m("curlDiscard")),
          "",
        ],
      ],
    };
    const runs = (
      [
        ["browserStorage", "Chromium → storage"],
        ["curlStorage", "curl → storage"],
        ["browserDiscard", "Chromium → discard"],
        ["curlDiscard", "curl → discard"],
      ] as const
    ).map(([side, label]) => `${label}: ${rates[side].map((x) => x.toFixed(0)).join(", ")}`);
    const roles = [...browserCpu.entries()]
      .filter(([, xs]) => median(xs) >= 1)
      .sort((a, b) => median(b[1]) - median(a[1]))
      .map(([role, xs]) => `${role} ${ms(xs)}`)
      .join(", ");
    const cpu =
      `CPU ms per PUT to storage: Chromium ${roles}; curl ${ms(curlCpu)}.` +
      `\nThe storage service spends ${ms(serviceCpu.browser)} ms on Chromium's PUT, ${ms(serviceCpu.curl)} ms on curl's.`;
    const legend =
      "The discard row is each client's ceiling: a server that drops the body gets no more." +
      "\nChromium's network service sends a picked file 16 KiB at a time: a read on a worker" +
      `\nthread, a wake-up of its I/O thread, a socket write (${Math.ceil(BYTES / 16384)} of each for ${BYTES / 1e6} MB);` +
      `\ncurl reads and writes 64 KiB at a time on one thread (${Math.ceil(BYTES / 65536)} of each).` +
      "\nBrowser time: xhr.send() to loadend in the page (CORS preflight included);" +
      "\ncurl time: time_total (Expect: 100-continue off). Each PUT to a fresh URL.";
    console.log(`${intro}\n${goal}\n`);
    console.log(textTable(table));
    console.log(`\nRuns (MB/s):\n${runs.map((line) => `  ${line}`).join("\n")}`);
    console.log(`\n${cpu}\n\n${legend}`);
    if (write) {
      writeDocSection(
        "performance-web",
        "browser-upload",
        docFigures(
          "browser-upload",
          `${intro}. ${goal}.`,
          markdownTable(table),
          `Runs (MB/s): ${runs.join("; ")}.`,
          cpu.replace("\n", " "),
          legend.replaceAll("\n", " "),
        ),
      );
    }
    return ratio >= GOAL_RATIO;
  } finally {
    await browser.close();
    await browserServer.close();
    service.child.kill();
    page.close();
    discard.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

exitWith(main);
