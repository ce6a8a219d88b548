// Engines that give memory back (issue 31): a tesseract.js worker that read an
// image over RECYCLE_ABOVE_PIXELS is ended, and the next page is read by a new one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createTesseractJs, RECYCLE_ABOVE_PIXELS } from "../src/engines/tesseractjs";

const started = vi.hoisted(() => ({ workers: 0 }));
vi.mock("tesseract.js", async (original) => {
  const actual = await original<typeof import("tesseract.js")>();
  return {
    ...actual,
    createWorker: (...args: Parameters<typeof actual.createWorker>) => {
      started.workers++;
      return actual.createWorker(...args);
    },
  };
});

const FIXTURES = path.join(import.meta.dirname, "../../fixtures");

describe("a tesseract.js worker after a large image", () => {
  it("is ended, and the next page is read by a new one", async () => {
    const engine = createTesseractJs({ model: "fast", poolSize: 1, queueLimit: 2 });
    if (!(await engine.available())) return;
    const { default: sharp } = await import("sharp");
    const letter = readFileSync(path.join(FIXTURES, "letter.png"));
    // The letter on a white page just over the limit.
    const side = Math.ceil(Math.sqrt(RECYCLE_ABOVE_PIXELS)) + 300;
    const large = await sharp({
      create: { width: side, height: side, channels: 3, background: "#ffffff" },
    })
      .composite([{ input: letter, top: 100, left: 100 }])
      .png()
      .toBuffer();
    const signal = AbortSignal.timeout(120_000);
    try {
      const first = await engine.recognize(letter, { language: "eng", signal });
      expect(first.text).toContain("twelve boxes");
      const large1 = await engine.recognize(large, { language: "eng", signal });
      expect(large1.text).toContain("twelve boxes");
      // The small page kept its worker; the large one ended it.
      expect(started.workers).toBe(1);
      const after = await engine.recognize(letter, { language: "eng", signal });
      expect(after.text).toContain("twelve boxes");
      expect(started.workers).toBe(2);
    } finally {
      await engine.close();
    }
  }, 120_000);
});
