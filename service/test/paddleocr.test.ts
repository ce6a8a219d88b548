// The PaddleOCR engine's own parts: boxes mapped back from the detector's
// resized image, a line's words given boxes along it, and an engine that
// cannot load reported unavailable instead of failing the service.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOG } from "../src/catalog";
import { loadRoutingConfig } from "../src/config";
import {
  canvasSize,
  createPaddleOcr,
  DETECTOR_MAX_PIXELS,
  detectorToPage,
  joinLevels,
  LINES_MAX_PIXELS,
  lineWords,
} from "../src/engines/paddleocr";
import type { Provider } from "../src/providers/interface/types";
import { createOcrProvider } from "../src/providers/text/ocr-document";

import { createRouter } from "../src/router/router";

const FIXTURES = path.join(import.meta.dirname, "../../fixtures");

describe("detectorToPage", () => {
  it("undoes the detector's scaling to multiples of 32 px and its centring", () => {
    // 1400 × 330 is read as 1408 × 352: scaled by 1408/1400, centred vertically.
    const toPage = detectorToPage(1400, 330);
    expect(toPage([0, 0])).toEqual([0, 0]);
    expect(toPage([1408, 352])).toEqual([1400, 330]);
    expect(toPage([704, 176])).toEqual([700, 165]);
    // Points in the padding are clamped to the page.
    expect(toPage([-5, 2])).toEqual([0, 0]);
  });

  it("undoes a page scaled down to a smaller canvas", () => {
    // A 4961 × 7016 scan, cut into lines at most LINES_MAX_PIXELS large.
    const canvas = canvasSize(4961, 7016, LINES_MAX_PIXELS);
    expect(canvas.width % 32).toBe(0);
    expect(canvas.height % 32).toBe(0);
    expect(canvas.width * canvas.height).toBeLessThan(LINES_MAX_PIXELS * 1.02);
    const toPage = detectorToPage(4961, 7016, canvas);
    expect(toPage([canvas.width, canvas.height])).toEqual([4961, 7016]);
    const [x, y] = toPage([canvas.width / 2, canvas.height / 2]);
    expect(Math.abs(x - 4961 / 2)).toBeLessThanOrEqual(1);
    expect(Math.abs(y - 7016 / 2)).toBeLessThanOrEqual(1);
  });
});

describe("canvasSize", () => {
  it("keeps a page within the limit in multiples of 32 px, as large as it is", () => {
    expect(canvasSize(1400, 330)).toEqual({ width: 1408, height: 352 });
    expect(canvasSize(1400, 330, DETECTOR_MAX_PIXELS)).toEqual({ width: 1408, height: 352 });
    expect(canvasSize(10, 5)).toEqual({ width: 32, height: 32 });
  });
});

describe("joinLevels", () => {
  const box = (x0: number, y0: number, x1: number, y1: number): [number, number][] => [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ];

  it("joins lines on one level left to right, levels from the top", () => {
    const joined = joinLevels([
      { text: "Total", mean: 0.9, box: box(10, 100, 80, 120) },
      { text: "12.50", mean: 0.7, box: box(300, 102, 360, 121) },
      { text: "Receipt", mean: 0.8, box: box(10, 10, 120, 30) },
    ]);
    expect(joined.map((line) => line.text)).toEqual(["Receipt", "Total 12.50"]);
    expect(joined[1]?.mean).toBeCloseTo(0.8);
    expect(joined[1]?.box).toEqual([
      [10, 100],
      [360, 102],
      [360, 121],
      [10, 120],
    ]);
    expect(joinLevels([])).toEqual([]);
  });
});

describe("a page larger than the detector reads", () => {
  it("is read scaled down, its words boxed on the page as sent", async () => {
    const engine = createPaddleOcr({ concurrency: 1, queueLimit: 1 });
    if (!(await engine.available())) return;
    const { default: sharp } = await import("sharp");
    const letter = readFileSync(path.join(FIXTURES, "letter.png"));
    // Four times as wide and tall: 5600 × 1320 (7.4 MP), beyond DETECTOR_MAX_PIXELS.
    const large = await sharp(letter).resize(5600, 1320).png().toBuffer();
    try {
      const page = await engine.recognize(large, {
        language: "eng",
        signal: AbortSignal.timeout(120_000),
      });
      expect(page.width).toBe(5600);
      expect(page.text).toContain("Thank you for your order of twelve boxes.");
      const thank = page.words.find((w) => w.text === "Thank");
      // In letter.png "Thank" starts at (40, 100): here at (160, 400).
      expect(thank?.bbox.x0).toBeGreaterThan(100);
      expect(thank?.bbox.x0).toBeLessThan(300);
      expect(thank?.bbox.y0).toBeGreaterThan(300);
    } finally {
      await engine.close();
    }
  }, 120_000);
});

describe("lineWords", () => {
  const same = (p: [number, number]) => p;

  it("splits a line's box among its words by characters, with the line's confidence", () => {
    const words = lineWords(
      {
        text: "ab cdef",
        mean: 0.9,
        box: [
          [100, 10],
          [170, 10],
          [170, 30],
          [100, 30],
        ],
      },
      same,
    );
    expect(words).toEqual([
      { text: "ab", confidence: 0.9, bbox: { x0: 100, y0: 10, x1: 120, y1: 30 } },
      { text: "cdef", confidence: 0.9, bbox: { x0: 130, y0: 10, x1: 170, y1: 30 } },
    ]);
  });

  it("gives nothing for an empty line or one without a box", () => {
    expect(
      lineWords(
        {
          text: "  ",
          mean: 1,
          box: [
            [0, 0],
            [9, 0],
            [9, 9],
            [0, 9],
          ],
        },
        same,
      ),
    ).toEqual([]);
    expect(lineWords({ text: "word", mean: 1 }, same)).toEqual([]);
  });
});

describe("an engine that cannot load", () => {
  it("is unavailable, and the router answers from another provider", async () => {
    const missing = createPaddleOcr({ concurrency: 1, queueLimit: 1, modelDir: "/nonexistent" });
    expect(await missing.available()).toBe(false);

    const other: Provider = {
      name: "tesseract-native",
      available: async () => true,
      run: async () => ({ data: { text: "ok", language: "eng", pages: [] }, pages: 1 }),
    };
    const paddle = createOcrProvider("paddleocr", missing, { pdfDpi: 150 });
    const router = createRouter(
      loadRoutingConfig({}),
      new Map([
        ["paddleocr", paddle],
        ["tesseract-native", other],
      ]),
    );
    const category = CATALOG.find((c) => c.slug === "text-recognition");
    if (!category) throw new Error("no text-recognition category");
    const result = await router.route({
      category: {
        ...category,
        weights: { quality: 0, price: 0, latency: 0, success: 0 },
        providers: [
          { provider: "paddleocr", pricePerPage: 0.001, quality: 1 },
          { provider: "tesseract-native", pricePerPage: 0.001, quality: 0.5 },
        ],
      },
      input: {
        bytes: Buffer.from("x"),
        mimeType: "image/png",
        languageHints: [],
        passthrough: {},
        traceId: "0123456789abcdef0123456789abcdef",
      },
    });
    expect(result.provider).toBe("tesseract-native");
    expect(result.attempts.map((a) => a.provider)).toEqual(["tesseract-native"]);
  });
});
