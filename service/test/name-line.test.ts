// A photographed receipt's name read again on its own (invoices/name-line.ts):
// the page's words stand in for a page read that got the name a letter wrong;
// the image under them is real, and so is the engine that reads the name again.
import { createCanvas } from "@napi-rs/canvas";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import type { InvoiceData, OcrData, OcrSpan } from "@/lib/kernel/contract";
import { buildPage } from "../src/engines/ocr-page";
import { createNativeTesseract } from "../src/engines/tesseract-native";
import type { OcrEngine } from "../src/engines/types";
import type { QuarterTurn } from "../src/preprocess/turn";
import type { Provider } from "../src/providers/interface/types";
import { extractByLayout } from "../src/providers/invoices/extract";
import { createInvoiceProvider } from "../src/providers/invoices/provider";
import { onTurned } from "./turns";

const PRINTED = "McDonald's Toa Payoh Central";
/** How a page read of a till's thin print got it (asprise's receipt, Tesseract). */
const MISREAD = ["MaDoralcd's", "Toa", "Payoh", "Centra!"];
const LINES = [
  PRINTED,
  "600 @ Toa Payoh #01-02",
  "Singapore 319515",
  "13/01/2016 15:49:52",
  "1 Med Ice Lemon Tea 2.95",
  "1 Coffee with Milk 2.40",
  "TOTAL 5.35",
];
const WIDTH = 640;
const LINE_HEIGHT = 44;

/** The receipt drawn upright, and each word's box on it. */
function receipt(): { png: Buffer; lines: OcrSpan[][] } {
  const canvas = createCanvas(WIDTH, 60 + LINES.length * LINE_HEIGHT);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#111";
  ctx.font = '22px "DejaVu Sans Mono"';
  const space = ctx.measureText(" ").width;
  const lines = LINES.map((line, i) => {
    const top = 30 + i * LINE_HEIGHT;
    let x = 40;
    return line.split(" ").map((text): OcrSpan => {
      ctx.fillText(text, x, top + 22);
      const width = ctx.measureText(text).width;
      const bbox = { x0: x, y0: top + 4, x1: x + width, y1: top + 28 };
      x += width + space;
      return { text, confidence: 0.93, bbox };
    });
  });
  return { png: canvas.toBuffer("image/png"), lines };
}

/**
 * The invoice provider over `image` turned `turn` degrees, its page read
 * standing in: every word as drawn but the name's, read as `name` with the
 * page read's confidences.
 */
async function answer(
  nameEngine: OcrEngine,
  name: readonly OcrSpan[],
  turn: QuarterTurn = 0,
  encode: (image: sharp.Sharp) => Promise<Buffer> = (image) => image.png().toBuffer(),
): Promise<InvoiceData> {
  const { png, lines } = receipt();
  const upright = { width: WIDTH, height: 60 + LINES.length * LINE_HEIGHT };
  const bytes = await encode(sharp(png).rotate(turn));
  const move = onTurned(turn, upright);
  const read = [name, ...lines.slice(1)].map((line) =>
    line.map((w) => ({ ...w, bbox: move(w.bbox) })),
  );
  const quarter = turn === 90 || turn === 270;
  const size = quarter ? { width: upright.height, height: upright.width } : upright;
  const page = {
    number: 1,
    ...buildPage(size.width, size.height, read),
    ...(turn === 0 ? {} : { rotation: (360 - turn) as 90 | 180 | 270 }),
  };
  const words: Provider<OcrData> = {
    name: "stand-in OCR",
    available: async () => true,
    run: async () => ({ data: { text: page.text, language: "eng", pages: [page] }, pages: 1 }),
  };
  const provider = createInvoiceProvider(
    "invoices",
    { pdf: words, image: words },
    extractByLayout,
    {
      nameEngine,
    },
  );
  const { data } = await provider.run({
    bytes,
    mimeType: "image/png",
    languageHints: ["en"],
    passthrough: {},
    signal: AbortSignal.timeout(30_000),
    traceId: "0".repeat(32),
  });
  return data;
}

/** The name's words as the page read got them: the drawn boxes, the misread text. */
function misread(confidences = [0.45, 0.96, 0.91, 0.68]): OcrSpan[] {
  const [drawn] = receipt().lines;
  return (drawn ?? []).map((w, i) => ({
    ...w,
    text: MISREAD[i] ?? w.text,
    confidence: confidences[i] ?? 0.9,
  }));
}

/** The image as a 24-bit BMP (which Tesseract reads and sharp does not). */
async function toBmp(image: sharp.Sharp): Promise<Buffer> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const row = Math.ceil((info.width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + row * info.height);
  out.write("BM", 0, "latin1");
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(info.width, 18);
  out.writeInt32LE(info.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(row * info.height, 34);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const from = (y * info.width + x) * 3;
      const to = 54 + (info.height - 1 - y) * row + x * 3;
      out[to] = data[from + 2] ?? 0;
      out[to + 1] = data[from + 1] ?? 0;
      out[to + 2] = data[from] ?? 0;
    }
  }
  return out;
}

/**
 * An engine that reads the name's two crops, stacked one over the other, as
 * `small` and `large`, each word sure by `confidence`.
 */
function sayingEngine(
  small: string,
  large: string,
  confidence: number,
): OcrEngine & { calls: number } {
  const engine = {
    calls: 0,
    requires: "nothing",
    available: async () => true,
    languages: async () => new Set(["eng"]),
    recognize: async () => buildPage(1, 1, []),
    recognizeBlock: async (png: Buffer) => {
      engine.calls++;
      // 32 px of white around and between crops 24 and 32 px high, and a third of that around each.
      const { width = 0, height = 0 } = await sharp(png).metadata();
      const first = ((height - 96) * 24) / 56;
      const line = (text: string, middle: number) => {
        let x = 40;
        return text.split(" ").map((word) => {
          const bbox = { x0: x, y0: middle - 8, x1: x + word.length * 10, y1: middle + 8 };
          x += word.length * 10 + 10;
          return { text: word, confidence, bbox };
        });
      };
      return buildPage(width, height, [
        line(small, 32 + first / 2),
        line(large, 64 + first + (height - 96 - first) / 2),
      ]);
    },
    close: async () => {},
  };
  return engine;
}

describe("a receipt's name read again on its own", () => {
  const tesseract = createNativeTesseract({ command: "tesseract", concurrency: 1, queueLimit: 8 });
  afterAll(() => tesseract.close());

  it("reads a name the page read got a letter wrong as printed", async () => {
    const data = await answer(tesseract, misread());
    expect(data.fields.supplier_name.value).toBe(PRINTED);
    expect(data.fields.total.value).toBe(5.35);
  });

  it.each([90, 180, 270] as const)("reads it so on a photo turned %i degrees", async (turn) => {
    const data = await answer(tesseract, misread(), turn);
    expect(data.fields.supplier_name.value).toBe(PRINTED);
  });

  it("keeps the page's reading when the engine reads the line alike at both sizes but less sure", async () => {
    const engine = sayingEngine(PRINTED, PRINTED, 0.5);
    const data = await answer(engine, misread());
    expect(engine.calls).toBe(1);
    expect(data.fields.supplier_name.value).toBe(MISREAD.join(" "));
  });

  it("keeps the page's reading of a BMP's name, which is not cut out, and answers", async () => {
    const engine = sayingEngine(PRINTED, PRINTED, 0.99);
    const data = await answer(engine, misread(), 0, toBmp);
    expect(engine.calls).toBe(0);
    expect(data.fields.supplier_name.value).toBe(MISREAD.join(" "));
    expect(data.fields.total.value).toBe(5.35);
  });

  it("does not read again a name the page read was sure of, word by word", async () => {
    const engine = sayingEngine(PRINTED, PRINTED, 0.99);
    // Clean print, read a little under the engine's best (0.85 and over).
    const data = await answer(engine, misread([0.88, 0.9, 0.86, 0.92]));
    expect(engine.calls).toBe(0);
    expect(data.fields.supplier_name.value).toBe(MISREAD.join(" "));
  });

  it("keeps it when the two sizes read the line differently", async () => {
    const engine = sayingEngine(PRINTED, "McDonald's Toa Payoh Cent ral", 0.95);
    const data = await answer(engine, misread());
    expect(data.fields.supplier_name.value).toBe(MISREAD.join(" "));
  });

  it("keeps it when the line reads as other words (a logo's letters), however sure", async () => {
    const engine = sayingEngine("A L DT Payoh", "A L DT Payoh", 0.95);
    const data = await answer(engine, misread());
    expect(data.fields.supplier_name.value).toBe(MISREAD.join(" "));
  });

  it("takes a reading both sizes give, surer than the page's and a few letters off it", async () => {
    const engine = sayingEngine(PRINTED, PRINTED, 0.95);
    const data = await answer(engine, misread());
    expect(data.fields.supplier_name.value).toBe(PRINTED);
  });
});
