// Jobs (issue 28 targets), against the real service in a process of its own:
//
// 1. A 100-page scanned PDF (the calibration invoices drawn at 200 dpi, pictures
//    only, made here) sent as a job to PDF text extraction: the time from the
//    job's start to the first page's text in `partial` (target ≤ 3 s), the
//    service's memory while it runs (VmRSS sampled, VmHWM at the end, from
//    /proc/<pid>/status: target ≤ 1 GiB) with what it is made of at its highest
//    (V8's heap and the buffers outside it, from the service's /metrics), and its
//    pages per second. The service starts as `npm run service` starts it
//    (MALLOC_ARENA_MAX=2 unless the environment sets it; MALLOC_ARENA_MAX=0 for
//    glibc's default).
// 2. Fairness: buyer A's 20-document batch (5 scanned pages each) running, buyer
//    B (another API key) sends a one-page image as a job: B's wait in line (its
//    time from the 202 to its end, less its own reading) against one page of
//    A's (target: at most one page's time). B's image is also sent once as a
//    synchronous call under the same load, for the figure a buyer of the app
//    (which sends a one-page image synchronously) would see.
//
//   npx tsx bench/jobs.ts            # the figures
//   npx tsx bench/jobs.ts --write    # also into docs/performance.md (bench:jobs)
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type Job, jobSchema } from "../lib/kernel/contract";
import { imagePage, type PdfPage, writePdf } from "../scripts/calibration/simple-pdf";
import { drawPage, openPdf } from "../service/src/pages/pdf";
import {
  benchArgs,
  docFigures,
  exitWith,
  freePort,
  freshDataDir,
  grantUpload,
  machineLoad,
  markdownTable,
  median,
  OCR_CATEGORY,
  putUpload,
  root,
  startRealService,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const PDF_CATEGORY = "8e2d4f60-7a1b-4c3d-8e9f-0a1b2c3d4e5f";
const KEY_A = "bench-jobs-buyer-a-0123456789";
const KEY_B = "bench-jobs-buyer-b-0123456789";
const PAGES = 100;
const BATCH = 20;
const BATCH_PAGES = 3;
const DPI = 200;
const TARGET_FIRST_PAGE_S = 3;
const TARGET_RSS_BYTES = 1024 ** 3;
const args = benchArgs({});
const invoices = path.join(root, "fixtures/calibration/invoices");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The 16 calibration invoices as scanned pages (pictures only), drawn once. */
async function scannedPages(): Promise<PdfPage[]> {
  const pages: PdfPage[] = [];
  for (let i = 1; i <= 16; i++) {
    const bytes = await readFile(path.join(invoices, `invoice-${i}.pdf`));
    const pdf = await openPdf(bytes);
    const png = await drawPage(
      { bytes, pdf, page: await pdf.getPage(1) },
      DPI,
      AbortSignal.timeout(60_000),
    );
    pages.push(await imagePage(png, DPI));
    await pdf.destroy();
  }
  return pages;
}

const scannedPdf = (pages: readonly PdfPage[], count: number, offset = 0) =>
  writePdf(Array.from({ length: count }, (_, i) => pages[(offset + i) % pages.length] as PdfPage));

/** Bytes of the status line `field` (VmRSS, VmHWM) of a process; NaN when it is gone. */
function memoryOf(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    return kb === undefined ? Number.NaN : Number(kb) * 1024;
  } catch {
    return Number.NaN;
  }
}

/** The process and every process below it (native OCR engines run as children). */
function family(pid: number): number[] {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    const parent = found[i] as number;
    try {
      const children = readFileSync(`/proc/${parent}/task/${parent}/children`, "utf8").trim();
      if (children) found.push(...children.split(/\s+/).map(Number));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/** Samples the service's memory every 200 ms until stopped: its own, and with its children. */
function sampleMemory(pid: number) {
  let own = 0;
  let withChildren = 0;
  const timer = setInterval(() => {
    own = Math.max(own, memoryOf(pid, "VmRSS") || 0);
    const all = family(pid).reduce((sum, p) => sum + (memoryOf(p, "VmRSS") || 0), 0);
    withChildren = Math.max(withChildren, all);
  }, 200);
  return {
    stop() {
      clearInterval(timer);
      return { own, withChildren, hwm: memoryOf(pid, "VmHWM") };
    },
  };
}

/** Lines of the service's /metrics (prom-client's process and Node figures) read here. */
const BREAKDOWN = {
  resident: "docroute_process_resident_memory_bytes",
  heap: "docroute_nodejs_heap_size_total_bytes",
  external: "docroute_nodejs_external_memory_bytes",
} as const;
type Breakdown = Record<keyof typeof BREAKDOWN, number>;

/**
 * Reads the service's memory by kind every 500 ms until stopped; keeps the reading whose
 * resident size was highest, so the peak's make-up is known (heap, buffers, the rest native).
 */
function sampleBreakdown(url: string, metricsKey: string) {
  let highest: Breakdown = { resident: 0, heap: 0, external: 0 };
  let reading = Promise.resolve();
  const read = async () => {
    const response = await fetch(`${url}/metrics`, {
      headers: { Authorization: `Bearer ${metricsKey}` },
    });
    const text = await response.text();
    const value = (name: string) =>
      Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN);
    const now: Breakdown = {
      resident: value(BREAKDOWN.resident),
      heap: value(BREAKDOWN.heap),
      external: value(BREAKDOWN.external),
    };
    if (now.resident > highest.resident) highest = now;
  };
  const timer = setInterval(() => {
    reading = reading.then(read).catch(() => {});
  }, 500);
  return {
    async stop(): Promise<Breakdown> {
      clearInterval(timer);
      await reading;
      return highest;
    },
  };
}

async function main(): Promise<boolean> {
  console.log("Drawing the scanned pages…");
  const pages = await scannedPages();
  const port = await freePort();
  const dataDir = await freshDataDir("jobs");
  const metricsKey = randomBytes(16).toString("hex");
  const arenas = process.env.MALLOC_ARENA_MAX ?? "2";
  const service = await startRealService({
    port,
    dataDir,
    key: `${KEY_A},${KEY_B}`,
    corsOrigin: "http://127.0.0.1",
    env: { RATE_LIMIT_PER_MINUTE: "100000", METRICS_KEY: metricsKey, MALLOC_ARENA_MAX: arenas },
  });
  const pid = service.child.pid;
  if (pid === undefined) throw new Error("no service pid");
  const base = service.url;

  const call = async (key: string, pathname: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${pathname}`, {
      ...init,
      headers: { "X-API-Key": key, "Content-Type": "application/json", ...init.headers },
    });
    const body: unknown = await response.json();
    return { status: response.status, body };
  };
  const upload = async (key: string, bytes: Buffer, type: string, category: string) => {
    const grant = await grantUpload(base, key, type, category);
    await putUpload(grant.upload_url, bytes, type);
    return { input: { document: grant.s3_uri, mime_type: type } };
  };
  const submit = async (key: string, category: string, body: unknown, prefer = true) => {
    const answer = await call(key, `/v1/categories/${category}/process`, {
      method: "POST",
      headers: prefer ? { Prefer: "respond-async" } : {},
      body: JSON.stringify(body),
    });
    return answer;
  };
  const readJob = async (key: string, id: string): Promise<Job> =>
    jobSchema.parse((await call(key, `/v1/jobs/${id}`)).body);
  const untilDone = async (key: string, id: string, everyMs = 1000): Promise<Job> => {
    for (;;) {
      const job = await readJob(key, id);
      if (["succeeded", "failed", "cancelled"].includes(job.status)) return job;
      await sleep(everyMs);
    }
  };

  try {
    // Engines load once, before anything is timed.
    console.log("Warming up…");
    const onePage = scannedPdf(pages, 1);
    const warm = await submit(
      KEY_A,
      PDF_CATEGORY,
      await upload(KEY_A, onePage, "application/pdf", PDF_CATEGORY),
      false,
    );
    if (warm.status !== 200) throw new Error(`warm-up answered ${warm.status}`);
    const image = await readFile(path.join(root, "fixtures/invoice.png"));
    const warmImage = await submit(
      KEY_B,
      OCR_CATEGORY,
      await upload(KEY_B, image, "image/png", OCR_CATEGORY),
      false,
    );
    if (warmImage.status !== 200) throw new Error(`warm-up answered ${warmImage.status}`);

    // 1. One 100-page job.
    console.log(`A ${PAGES}-page scanned PDF as a job…`);
    const long = await upload(KEY_A, scannedPdf(pages, PAGES), "application/pdf", PDF_CATEGORY);
    // Engines are loaded by now: what the job adds is measured against this.
    const before = memoryOf(pid, "VmRSS");
    const memory = sampleMemory(pid);
    const breakdown = sampleBreakdown(base, metricsKey);
    const submitted = Date.now();
    const accepted = await submit(KEY_A, PDF_CATEGORY, long);
    if (accepted.status !== 202) throw new Error(`the job answered ${accepted.status}`);
    const { id } = jobSchema.parse(accepted.body);
    let firstPageAt = Number.NaN;
    let startedAt = Number.NaN;
    for (;;) {
      const job = await readJob(KEY_A, id);
      if (job.started_at) startedAt = Date.parse(job.started_at);
      const first = (job.partial?.pages as { number: number; text: string }[] | undefined)?.find(
        (page) => page.number === 1,
      );
      if (first?.text || job.status === "succeeded" || job.status === "failed") {
        firstPageAt = Date.now();
        break;
      }
      await sleep(50);
    }
    const done = await untilDone(KEY_A, id);
    const finished = Date.now();
    const peak = memory.stop();
    const make = await breakdown.stop();
    if (done.status !== "succeeded") throw new Error(`the 100-page job ${done.status}`);
    const firstFromStart = (firstPageAt - startedAt) / 1000;
    const firstFromSubmit = (firstPageAt - submitted) / 1000;
    const pagesPerSecond = PAGES / ((finished - startedAt) / 1000);
    const longPageSeconds = median((done.meta?.attempts ?? []).map((a) => a.latency_ms)) / 1000;

    // 2. A's batch of 20 documents, then B's one-page image.
    console.log(
      `Buyer A's batch of ${BATCH} documents, ${BATCH_PAGES} pages each, and buyer B's image…`,
    );
    const documents = [];
    for (let i = 0; i < BATCH; i++) {
      documents.push(
        await upload(KEY_A, scannedPdf(pages, BATCH_PAGES, i), "application/pdf", PDF_CATEGORY),
      );
    }
    const batch = await call(KEY_A, `/v1/categories/${PDF_CATEGORY}/batches`, {
      method: "POST",
      body: JSON.stringify({ documents }),
    });
    if (batch.status !== 202) throw new Error(`the batch answered ${batch.status}`);
    const batchJobs = (batch.body as { jobs: Job[] }).jobs.map((job) => job.id);
    // B comes once A's jobs hold the workers.
    for (;;) {
      const running = await Promise.all(batchJobs.slice(0, 3).map((j) => readJob(KEY_A, j)));
      if (running.filter((j) => j.status === "running").length >= 2) break;
      await sleep(100);
    }
    await sleep(1500);
    const bDoc = await upload(KEY_B, image, "image/png", OCR_CATEGORY);
    const bSent = Date.now();
    const bAccepted = await submit(KEY_B, OCR_CATEGORY, bDoc);
    if (bAccepted.status !== 202) throw new Error(`B's job answered ${bAccepted.status}`);
    const bJob = await untilDone(KEY_B, jobSchema.parse(bAccepted.body).id, 50);
    const bTotal = (Date.now() - bSent) / 1000;
    const bOwn = (bJob.meta?.attempts ?? []).reduce((sum, a) => sum + a.latency_ms, 0) / 1000;
    const bWait = bTotal - bOwn;
    // The same image synchronously, under the same load.
    const syncStart = Date.now();
    const bSync = await submit(
      KEY_B,
      OCR_CATEGORY,
      await upload(KEY_B, image, "image/png", OCR_CATEGORY),
      false,
    );
    const bSyncSeconds = (Date.now() - syncStart) / 1000;
    if (bSync.status !== 200) throw new Error(`B's synchronous call answered ${bSync.status}`);
    const aJobs = await Promise.all(batchJobs.map((j) => untilDone(KEY_A, j)));
    const pageSeconds =
      median(
        aJobs.flatMap((job) => (job.meta?.attempts ?? []).map((attempt) => attempt.latency_ms)),
      ) / 1000;

    const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
    const mib = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MiB`;
    const s = (seconds: number) => `${seconds.toFixed(2)} s`;
    const firstMet = firstFromStart <= TARGET_FIRST_PAGE_S;
    const rssMet = peak.own <= TARGET_RSS_BYTES && peak.hwm <= TARGET_RSS_BYTES;
    const fairMet = bWait <= pageSeconds;
    const table: Table = {
      columns: ["", "measured", "target"],
      rows: [
        [
          `first page's text after the job started (${PAGES} pages)`,
          s(firstFromStart),
          `≤ ${TARGET_FIRST_PAGE_S} s`,
        ],
        ["… after the 202", s(firstFromSubmit), ""],
        ["one page of it (median)", s(longPageSeconds), ""],
        ["pages per second, start to end", pagesPerSecond.toFixed(2), ""],
        ["service RSS before it, engines loaded", mib(before), ""],
        ["service RSS while it ran, highest sampled", mib(peak.own), `≤ ${gib(TARGET_RSS_BYTES)}`],
        ["service VmHWM (its peak since start)", mib(peak.hwm), `≤ ${gib(TARGET_RSS_BYTES)}`],
        ["… at its highest reading: V8's heap", mib(make.heap), ""],
        ["… buffers outside the heap (pixels, PDF bytes)", mib(make.external), ""],
        [
          "… the rest (native code, libraries, other threads)",
          mib(make.resident - make.heap - make.external),
          "",
        ],
        ["… with its child processes, highest sampled", mib(peak.withChildren), ""],
        [`one page of A's batch (median)`, s(pageSeconds), ""],
        ["B's one-page image as a job: wait in line", s(bWait), `≤ ${s(pageSeconds)}`],
        ["… its whole time (202 to the end)", s(bTotal), ""],
        ["B's image synchronously, under the same load", s(bSyncSeconds), ""],
      ],
    };
    console.log(`\n${textTable(table)}`);
    const verdicts = [
      `First page's text ≤ ${TARGET_FIRST_PAGE_S} s after the job starts: ${firstMet ? "met" : "not met"}.`,
      `Service memory ≤ 1 GiB RSS while a ${PAGES}-page job runs: ${rssMet ? "met" : "not met"}.`,
      `Another buyer's one-page image waits at most one page's time: ${fairMet ? "met" : "not met"}.`,
    ];
    console.log(`\n${verdicts.join("\n")}`);
    if (args.write) {
      const intro = `A ${PAGES}-page scanned PDF (invoices at ${DPI} dpi, pictures only) as one job in PDF text extraction; then buyer A's ${BATCH}-document batch (${BATCH_PAGES} pages each) with buyer B's one-page image; the real service, default job settings, MALLOC_ARENA_MAX=${arenas} (${machineLoad()}):`;
      writeDocSection(
        "performance",
        "jobs",
        docFigures("jobs", intro, markdownTable(table), verdicts.map((v) => `- ${v}`).join("\n")),
      );
    }
    return firstMet && rssMet && fairMet;
  } finally {
    service.child.kill("SIGTERM");
  }
}

exitWith(main);
