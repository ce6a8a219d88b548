// Memory soak (issue 31): the real Routing Service, its resident memory read from
// outside (/proc/<pid>/status: VmRSS polled, VmHWM for peaks, reset through
// /proc/<pid>/clear_refs), while it reads documents made at run time from the
// fixtures (bench/memory-documents.ts). Three parts:
//   1. soak: 200 mixed documents (receipts, photos, a 12 MP phone photo, scanned
//      and text PDFs of several pages, invoices, tables, and the largest image the
//      service accepts) through every category, one after another; printed: the
//      peak and the resident memory after each 20, and the time per document;
//   2. two of the largest accepted images sent at once: both finish, or one waits
//      (a 503 with Retry-After is retried as a client would), the service lives;
//   3. four jobs and two synchronous calls of the largest accepted image at once, with
//      the default settings: every one answered, the peak ≤ 1.5 GiB;
//   4. the peak while one document is processed, in every category, for the
//      largest image and the longest scanned PDF accepted, each in a fresh service
//      with OCR_MIN_CONFIDENCE=1, so that every engine a failover reaches runs.
// Targets: peak ≤ 1.5 GiB in 3 and 4; after the soak, resident memory within 20 % of
// what it was after the first 20; in 2 both answer and the service lives.
//
//   npx tsx bench/soak.ts                     # all three (about 40 min on 2 busy cores)
//   npx tsx bench/soak.ts --parts soak --documents 40 --verbose   # a line per document
//   npx tsx bench/soak.ts --parts mixed
//   npx tsx bench/soak.ts --parts peaks --pdf-pages 100
//   npx tsx bench/soak.ts --parts peaks --pdf-pages 12 --only text-recognition:scanned-12p
import type { ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { parseArgs } from "node:util";
import { CATALOG } from "../service/src/catalog";
import { exitWith, freePort, freshDataDir, startRealService } from "./harness";
import {
  a4At600,
  type BenchDocument,
  fixture,
  largestAccepted,
  pdfFixture,
  phonePhoto,
  scannedPdf,
} from "./memory-documents";

const KEY = "bench-soak-key-0123456789abcdef";
const GiB = 1024;
const PEAK_TARGET_MIB = 1.5 * GiB;
const DRIFT_TARGET = 0.2;

type Slug = "text-recognition" | "pdf-text-extraction" | "invoice-data" | "table-extraction";
const categoryId = (slug: Slug) => {
  const entry = CATALOG.find((c) => c.slug === slug);
  if (!entry) throw new Error(`no category ${slug}`);
  return entry.id;
};

/** Resident memory of a process, from outside (MiB). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
}

/** CPU seconds the process used (user, system), and those of its children it waited for (native tesseract, pdftoppm). */
function cpuOf(pid: number): { user: number; system: number; children: number } {
  // Fields after the command's closing parenthesis: utime is the 12th, stime, cutime, cstime follow.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = (i: number) => Number(fields[i] ?? 0) / 100;
  return { user: ticks(11), system: ticks(12), children: ticks(13) + ticks(14) };
}

/** Polls the service's memory; `peak()` is the highest seen since `reset()`, VmHWM included. */
function watch(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
    } catch {
      // The process is gone: the caller sees it exit.
    }
  }, 50);
  return {
    reset() {
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
      peak = memoryOf(pid).rss;
    },
    peak: () => Math.max(peak, memoryOf(pid).hwm),
    rss: () => memoryOf(pid).rss,
    stop: () => clearInterval(timer),
  };
}

interface Answer {
  status: number;
  ms: number;
  provider?: string;
  attempts?: string;
  detail?: string;
}

/** Grant, PUT, process, as a client does; a 503 is retried after its Retry-After. */
interface Reply {
  meta?: { provider: string; attempts: { provider: string; outcome: string }[] };
  detail?: unknown;
  attempts?: { provider: string; outcome: string }[];
  /** A job's (202, GET /v1/jobs/{id}). */
  id?: string;
  status?: string;
  error?: { status?: number; detail?: unknown; attempts?: { provider: string; outcome: string }[] };
}

/** GET /v1/jobs/{id} until the job has ended. */
async function finishedJob(url: string, id: string): Promise<Reply> {
  for (;;) {
    const res = await fetch(`${url}/v1/jobs/${id}`, { headers: { "X-API-Key": KEY } });
    const job = (await res.json()) as Reply;
    if (!res.ok) return { status: "failed", error: { status: res.status, detail: job.detail } };
    if (job.status === "succeeded" || job.status === "failed" || job.status === "cancelled") {
      return job;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function processDocument(
  url: string,
  slug: Slug,
  doc: BenchDocument,
  asJob = false,
): Promise<Answer> {
  const id = categoryId(slug);
  const headers = {
    "X-API-Key": KEY,
    "Content-Type": "application/json",
    ...(asJob ? { Prefer: "respond-async" } : {}),
  };
  const grant = await fetch(`${url}/v1/categories/${id}/uploads`, {
    method: "POST",
    headers,
    body: JSON.stringify({ content_type: doc.mimeType }),
  });
  if (!grant.ok) throw new Error(`upload grant ${grant.status}: ${await grant.text()}`);
  const { upload_url, s3_uri } = (await grant.json()) as { upload_url: string; s3_uri: string };
  const put = await fetch(upload_url, {
    method: "PUT",
    headers: { "Content-Type": doc.mimeType },
    body: new Uint8Array(doc.bytes),
  });
  if (!put.ok) throw new Error(`upload ${put.status}: ${await put.text()}`);
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${url}/v1/categories/${id}/process`, {
      method: "POST",
      headers,
      body: JSON.stringify({ input: { document: s3_uri, mime_type: doc.mimeType } }),
      signal: AbortSignal.timeout(600_000),
    });
    let body = (await res.json()) as Reply;
    const retry = Number(res.headers.get("retry-after") ?? 0);
    if (res.status === 503 && retry > 0) {
      await new Promise((resolve) => setTimeout(resolve, retry * 1000));
      continue;
    }
    let status = res.status;
    // A long PDF is made a job (202, past ASYNC_OVER_PAGES): it runs in this service,
    // so it is followed to its end and its memory counted like a synchronous call's.
    if (status === 202 && body.id) {
      body = await finishedJob(url, body.id);
      status = body.status === "succeeded" ? 200 : (body.error?.status ?? 500);
      if (body.error) body = { ...body, detail: body.error.detail, attempts: body.error.attempts };
    }
    const attempts = body.meta?.attempts ?? body.attempts ?? [];
    return {
      status,
      ms: performance.now() - started,
      provider: body.meta?.provider,
      attempts: attempts.map((a) => `${a.provider}:${a.outcome}`).join(" "),
      detail: typeof body.detail === "string" ? body.detail : undefined,
    };
  }
}

async function startService(name: string, env: Record<string, string> = {}) {
  // A folder of this run's own: two soaks at once must not share (or wipe) a database.
  const dataDir = await freshDataDir(`soak-${name}-${process.pid}`);
  const { url, child } = await startRealService({
    port: await freePort(),
    dataDir,
    key: KEY,
    corsOrigin: "http://127.0.0.1:1",
    // As npm run service and the Docker image start it (docs/memory.md).
    env: { LOG_LEVEL: "error", MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2", ...env },
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error("the service has no pid");
  return { url, child, pid, dataDir };
}

async function stop({ child, dataDir }: { child: ChildProcess; dataDir: string }): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
}

const mib = (n: number) => `${n.toFixed(0)} MiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Item {
  slug: Slug;
  doc: BenchDocument;
}

/** One cycle of 20 documents across the categories; the soak repeats it. */
async function cycle(): Promise<Item[]> {
  const [receipt1, receipt2, receipt3, photo1, photo2, letter] = await Promise.all([
    fixture("calibration/receipt-1.png"),
    fixture("calibration/receipt-2.jpg"),
    fixture("calibration/receipt-3.png"),
    fixture("calibration/photo-1.jpg"),
    fixture("calibration/photo-2.jpg"),
    fixture("letter.png"),
  ]);
  const invoicePng = await fixture("invoice.png");
  const noTruth = async (file: string): Promise<BenchDocument> => {
    const bytes = readFileSync(`${import.meta.dirname}/../fixtures/${file}`);
    const mimeType = file.endsWith(".jpg") ? "image/jpeg" : "image/png";
    return { name: file.split("/").pop() ?? file, bytes, mimeType, pixels: 0, pages: 1, truth: "" };
  };
  const [invoiceJpg, tablePhoto, tableImage] = await Promise.all([
    noTruth("calibration/invoices/invoice-1-photo.jpg"),
    noTruth("calibration/tables/ruled-1-photo.jpg"),
    noTruth("calibration/tables/borderless-2-image.png"),
  ]);
  const [textPdf, scanned1, invoicePdf, tablePdf] = await Promise.all([
    pdfFixture("text-layer.pdf"),
    pdfFixture("scanned.pdf"),
    pdfFixture("calibration/invoices/invoice-2.pdf"),
    pdfFixture("calibration/tables/ruled-3.pdf"),
  ]);
  const [phone, largest, scanned4, scanned8] = await Promise.all([
    phonePhoto(),
    largestAccepted(),
    scannedPdf(4, 200),
    scannedPdf(8, 150),
  ]);
  return [
    { slug: "text-recognition", doc: receipt1 },
    { slug: "text-recognition", doc: photo1 },
    { slug: "pdf-text-extraction", doc: textPdf },
    { slug: "invoice-data", doc: invoiceJpg },
    { slug: "text-recognition", doc: receipt2 },
    { slug: "table-extraction", doc: tablePhoto },
    { slug: "text-recognition", doc: phone },
    { slug: "pdf-text-extraction", doc: scanned4 },
    { slug: "invoice-data", doc: invoicePdf },
    { slug: "text-recognition", doc: largest },
    { slug: "table-extraction", doc: tablePdf },
    { slug: "text-recognition", doc: receipt3 },
    { slug: "text-recognition", doc: scanned8 },
    { slug: "invoice-data", doc: invoicePng },
    { slug: "text-recognition", doc: photo2 },
    { slug: "pdf-text-extraction", doc: scanned1 },
    { slug: "table-extraction", doc: tableImage },
    { slug: "text-recognition", doc: letter },
    { slug: "invoice-data", doc: largest },
    { slug: "table-extraction", doc: largest },
  ];
}

async function soak(documents: number, verbose: boolean): Promise<boolean> {
  console.log(`\n1. Soak: ${documents} documents, one after another`);
  const items = await cycle();
  const service = await startService("soak");
  const memory = watch(service.pid);
  const idle = memory.rss();
  console.log(`  idle: ${mib(idle)}`);
  const times = new Map<string, number[]>();
  const peaks = new Map<string, number>();
  const failures: string[] = [];
  let afterFirst20 = 0;
  let last = 0;
  let cpu = { user: 0, system: 0, children: 0 };
  const wall = performance.now();
  try {
    let peak = 0;
    for (let i = 0; i < documents; i++) {
      const item = items[i % items.length] as Item;
      memory.reset();
      const answer = await processDocument(service.url, item.slug, item.doc);
      if (service.child.exitCode !== null) throw new Error("the service died");
      const key = `${item.slug} ${item.doc.name}`;
      times.set(key, [...(times.get(key) ?? []), answer.ms]);
      peaks.set(key, Math.max(peaks.get(key) ?? 0, memory.peak()));
      peak = Math.max(peak, memory.peak());
      if (verbose) {
        console.log(
          `    ${String(i + 1).padStart(3)} ${key.padEnd(48)} ${seconds(answer.ms).padStart(8)}  peak ${mib(memory.peak())}  after ${mib(memory.rss())}  ${answer.provider ?? answer.status}`,
        );
      }
      if (answer.status !== 200) {
        failures.push(`${key}: ${answer.status} ${answer.detail ?? ""} ${answer.attempts ?? ""}`);
      }
      if ((i + 1) % 20 === 0 || i + 1 === documents) {
        last = memory.rss();
        if (i + 1 === 20) afterFirst20 = last;
        console.log(
          `  after ${String(i + 1).padStart(3)}: rss ${mib(last).padStart(9)}   peak so far ${mib(peak).padStart(9)}`,
        );
      }
    }
    cpu = cpuOf(service.pid);
  } finally {
    memory.stop();
    await stop(service);
  }
  console.log(
    `  the whole soak: ${seconds(performance.now() - wall)} wall, the service's CPU ${cpu.user.toFixed(0)} s user + ${cpu.system.toFixed(0)} s system, its child processes' ${cpu.children.toFixed(0)} s`,
  );
  console.log("\n  per document: time (median, max), count, the service's peak while it ran");
  for (const [key, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(
      `    ${key.padEnd(48)} ${seconds(median).padStart(8)} ${seconds(sorted.at(-1) ?? 0).padStart(8)} ${String(list.length).padStart(4)}  ${mib(peaks.get(key) ?? 0).padStart(9)}`,
    );
  }
  if (failures.length > 0) {
    console.log(`\n  not 200 (${failures.length}):`);
    for (const line of failures.slice(0, 20)) console.log(`    ${line}`);
  }
  const base = afterFirst20 || last;
  const drift = base > 0 ? (last - base) / base : 0;
  const ok = Math.abs(drift) <= DRIFT_TARGET;
  console.log(
    `\n  resident after the last: ${mib(last)}, ${(drift * 100).toFixed(1)} % from after the first 20 (${mib(base)})  ${ok ? "✓" : "✗"} within ${DRIFT_TARGET * 100} %`,
  );
  return ok;
}

async function twoLargest(): Promise<boolean> {
  console.log("\n2. Two of the largest accepted images at once (text recognition)");
  const largest = await largestAccepted();
  let ok = true;
  for (const budget of [undefined, "1536"]) {
    const env: Record<string, string> = budget ? { MEMORY_BUDGET_MB: budget } : {};
    const service = await startService("two", env);
    const memory = watch(service.pid);
    try {
      memory.reset();
      const started = performance.now();
      const answers = await Promise.all(
        [0, 1].map(async () => {
          const answer = await processDocument(service.url, "text-recognition", largest);
          return { ...answer, end: performance.now() - started };
        }),
      );
      const alive = service.child.exitCode === null;
      const both = answers.every((a) => a.status === 200);
      ok &&= alive && both;
      const label = budget ? `MEMORY_BUDGET_MB=${budget}` : "default budget";
      console.log(
        `  ${label}: ${answers.map((a) => `${a.status} after ${seconds(a.end)} (${a.provider ?? a.detail})`).join(", ")}; peak ${mib(memory.peak())}; service ${alive ? "alive" : "DEAD"}  ${alive && both ? "✓" : "✗"}`,
      );
    } finally {
      memory.stop();
      await stop(service);
    }
  }
  return ok;
}

async function jobsAndCalls(): Promise<boolean> {
  console.log(
    "\n3. Four jobs and two synchronous calls of the largest accepted image at once (text recognition, default settings)",
  );
  const largest = await largestAccepted();
  const service = await startService("mixed");
  const memory = watch(service.pid);
  try {
    memory.reset();
    const started = performance.now();
    const runs = [true, true, true, true, false, false].map(async (asJob) => {
      const answer = await processDocument(service.url, "text-recognition", largest, asJob);
      return { ...answer, asJob, end: performance.now() - started };
    });
    const answers = await Promise.all(runs);
    const alive = service.child.exitCode === null;
    const peak = memory.peak();
    const ok = alive && answers.every((a) => a.status === 200) && peak <= PEAK_TARGET_MIB;
    for (const a of answers) {
      console.log(
        `  ${a.asJob ? "job " : "call"} ${a.status} after ${seconds(a.end)} (${a.provider ?? a.detail})`,
      );
    }
    console.log(
      `  peak ${mib(peak)}; service ${alive ? "alive" : "DEAD"}  ${ok ? "✓" : "✗"} every one answered, peak ≤ 1.5 GiB`,
    );
    return ok;
  } finally {
    memory.stop();
    await stop(service);
  }
}

async function peaks(pdfPages: number, only?: readonly string[]): Promise<boolean> {
  console.log(
    `\n4. Peak while one document is processed, fresh service, OCR_MIN_CONFIDENCE=1 (every engine a failover reaches)`,
  );
  const largest = await largestAccepted();
  const a4 = await a4At600();
  const pdf = await scannedPdf(pdfPages, 150);
  console.log(
    `  documents: ${largest.name} ${(largest.pixels / 1e6).toFixed(1)} MP, ${a4.name} ${(a4.pixels / 1e6).toFixed(1)} MP, ${pdf.name} ${(pdf.bytes.length / 2 ** 20).toFixed(1)} MiB`,
  );
  const runs: { slug: Slug; doc: BenchDocument }[] = [
    { slug: "text-recognition", doc: largest },
    { slug: "text-recognition", doc: a4 },
    { slug: "text-recognition", doc: pdf },
    { slug: "pdf-text-extraction", doc: pdf },
    { slug: "invoice-data", doc: largest },
    { slug: "invoice-data", doc: pdf },
    { slug: "table-extraction", doc: largest },
    { slug: "table-extraction", doc: pdf },
  ];
  let ok = true;
  for (const { slug, doc } of runs) {
    if (only && !only.includes(slug) && !only.includes(`${slug}:${doc.name}`)) continue;
    const service = await startService("peak", { OCR_MIN_CONFIDENCE: "1" });
    const memory = watch(service.pid);
    try {
      const idle = memory.rss();
      memory.reset();
      const answer = await processDocument(service.url, slug, doc);
      const peak = memory.peak();
      const pass = peak <= PEAK_TARGET_MIB && service.child.exitCode === null;
      ok &&= pass;
      console.log(
        `  ${slug.padEnd(20)} ${doc.name.padEnd(14)} ${String(answer.status)} ${seconds(answer.ms).padStart(8)}  idle ${mib(idle)}  peak ${mib(peak).padStart(9)}  after ${mib(memory.rss())}  ${pass ? "✓" : "✗"} ≤ 1.5 GiB`,
      );
      console.log(`    ${answer.attempts ?? answer.detail ?? ""}`);
    } finally {
      memory.stop();
      await stop(service);
    }
  }
  return ok;
}

exitWith(async () => {
  const { values } = parseArgs({
    options: {
      parts: { type: "string", default: "soak,two,mixed,peaks" },
      documents: { type: "string", default: "200" },
      "pdf-pages": { type: "string", default: "100" },
      // Peaks of these runs alone: a category, or category:document (text-recognition:scanned-12p).
      only: { type: "string" },
      verbose: { type: "boolean", default: false },
    },
  });
  const parts = new Set(values.parts.split(","));
  let ok = true;
  if (parts.has("soak")) ok = (await soak(Number(values.documents), values.verbose)) && ok;
  if (parts.has("two")) ok = (await twoLargest()) && ok;
  if (parts.has("mixed")) ok = (await jobsAndCalls()) && ok;
  if (parts.has("peaks"))
    ok = (await peaks(Number(values["pdf-pages"]), values.only?.split(","))) && ok;
  return ok;
});
