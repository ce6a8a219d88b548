// The PaddleOCR engine's own parts: boxes mapped back from the detector's
// resized image, a line's words given boxes along it, and an engine that
// cannot load reported unavailable instead of failing the service.
import { describe, expect, it } from "vitest";
import { CATALOG } from "../src/catalog";
import { createPaddleOcr, detectorToPage, lineWords } from "../src/engines/paddleocr";
import type { Provider } from "../src/providers/types";
import { loadRoutingConfig } from "../src/routing/config";
import { createRouter } from "../src/routing/router";
import { createOcrProvider } from "../src/text/ocr-document";

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
