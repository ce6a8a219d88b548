// Browser upload throughput: an XHR PUT of a 25 MB file from Chromium to an
// upload URL granted by the real Routing Service (embedded storage), against
// `curl -T` of the same bytes to a freshly granted URL of the same service.
// Median of 3 each, MB/s side by side and the ratio (goal: at least 90%).
// The page doing the XHR is served from the service's CORS-allowed origin.
//
//   npx tsx bench/browser-upload.ts
import { execFile } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { crc32 } from "node:zlib";
import { chromium } from "@playwright/test";
import { startRealService } from "./app";
import { exitWith } from "./exit";
import { chromiumArgs, chromiumPath, freshDataDir } from "./setup";

const SERVICE_PORT = 8950;
const PAGE_PORT = 3950;
const KEY = "bench-upload-key-0123456789";
const OCR = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
const BYTES = 25_000_000; // 25 MB, under the category's 25 MiB limit
const RUNS = 3;
const GOAL_RATIO = 0.9;
const run = promisify(execFile);

const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** The same bytes the page generates: a repeating pattern that does not compress to nothing. */
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

async function grant(serviceUrl: string): Promise<string> {
  const response = await fetch(`${serviceUrl}/v1/categories/${OCR}/uploads`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-API-Key": KEY },
    body: JSON.stringify({ content_type: "image/png" }),
  });
  if (!response.ok) throw new Error(`grant answered ${response.status}`);
  return ((await response.json()) as { upload_url: string }).upload_url;
}

async function main(): Promise<boolean> {
  const dataDir = await freshDataDir("browser-upload");
  const origin = `http://127.0.0.1:${PAGE_PORT}`;
  const page = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end("<!doctype html><title>upload bench</title><p>upload bench</p>");
  });
  await new Promise<void>((resolve) => page.listen(PAGE_PORT, "127.0.0.1", resolve));
  const service = await startRealService({
    port: SERVICE_PORT,
    dataDir: path.join(dataDir, "service"),
    key: KEY,
    corsOrigin: origin,
    env: { RATE_LIMIT_PER_MINUTE: "100000" },
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
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
    // Generate the same bytes in the page once; each run PUTs them as a Blob.
    await tab.evaluate((size) => {
      const bytes = new Uint8Array(size);
      let x = 2463534242;
      for (let i = 0; i < size; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        bytes[i] = x & 0xff;
      }
      (globalThis as unknown as { benchBlob: Blob }).benchBlob = new Blob([bytes], {
        type: "image/png",
      });
    }, BYTES);

    const browserRates: number[] = [];
    const curlRates: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const browserUrl = await grant(service.url);
      const result = await tab.evaluate(
        (url) =>
          new Promise<{ status: number; ms: number; crc32: string }>((resolve) => {
            const blob = (globalThis as unknown as { benchBlob: Blob }).benchBlob;
            const xhr = new XMLHttpRequest();
            xhr.open("PUT", url);
            xhr.setRequestHeader("Content-Type", "image/png");
            let started = 0;
            xhr.onloadend = () =>
              resolve({
                status: xhr.status,
                ms: performance.now() - started,
                crc32: xhr.getResponseHeader("x-amz-checksum-crc32") ?? "",
              });
            started = performance.now();
            xhr.send(blob);
          }),
        browserUrl,
      );
      if (result.status !== 200) throw new Error(`browser PUT answered ${result.status}`);
      if (result.crc32 !== expectedCrc) {
        throw new Error(
          `browser PUT stored other bytes (x-amz-checksum-crc32 ${result.crc32 || "missing"}, expected ${expectedCrc})`,
        );
      }
      browserRates.push(BYTES / 1e6 / (result.ms / 1000));

      const curlUrl = await grant(service.url);
      const { stdout } = await run("curl", [
        "-sS",
        "--fail",
        "-T",
        file,
        "-H",
        "Content-Type: image/png",
        "-H",
        "Expect:",
        "-o",
        "/dev/null",
        "-w",
        "%{time_total}",
        curlUrl,
      ]);
      curlRates.push(BYTES / 1e6 / Number(stdout.trim()));
    }

    const b = median(browserRates);
    const c = median(curlRates);
    const ratio = b / c;
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
    console.log(
      `${RUNS} PUTs of ${BYTES / 1e6} MB each way to the real service's embedded storage, loopback (load average ${load}, ${cpus().length} cores)`,
    );
    console.log(`Goal: the browser reaches at least ${GOAL_RATIO * 100}% of curl\n`);
    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(", ");
    console.log(
      `Chromium XHR PUT  median ${b.toFixed(1).padStart(7)} MB/s   (runs: ${fmt(browserRates)})`,
    );
    console.log(
      `curl -T           median ${c.toFixed(1).padStart(7)} MB/s   (runs: ${fmt(curlRates)})`,
    );
    const ok = ratio >= GOAL_RATIO;
    console.log(
      `ratio browser ÷ curl: ${(ratio * 100).toFixed(0)}%  ${ok ? "✓" : "✗ under goal"}` +
        "\n\nBrowser time: xhr.send() to loadend in the page (CORS preflight included);" +
        "\ncurl time: time_total (Expect: 100-continue off). Each PUT to a freshly granted URL.",
    );
    return ok;
  } finally {
    await browser.close();
    service.child.kill();
    page.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

exitWith(main);
