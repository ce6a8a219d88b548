// An image's own resolution, from its header, reaches the engine when the page
// is read from a prepared copy that no longer carries it (issue 25, rendered
// `form`: told none, Tesseract guessed 368 dpi for a 300 dpi form and read its
// boxes' borders as "|").
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildPage, type RecognizeOptions } from "../src/engines/ocr-page";
import { createNativeTesseract } from "../src/engines/tesseract-native";
import type { PreprocessStep } from "../src/preprocess";
import { headerDpi } from "../src/preprocess/resolution";
import { ocrDocument } from "../src/providers/text/ocr-document";

/**
 * A small page of text, as PNG without a resolution; with `banner`, under a
 * dark banner of light text, which preparation turns.
 */
function page(banner = false): Buffer {
  const canvas = createCanvas(600, 200);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, 600, 200);
  ctx.font = '24px "DejaVu Sans"';
  if (banner) {
    ctx.fillStyle = "#1a2a5a";
    ctx.fillRect(0, 0, 600, 40);
    ctx.fillStyle = "#ffffff";
    ctx.fillText("QUARTERLY REPORT", 40, 30);
  }
  ctx.fillStyle = "#111111";
  ctx.fillText("Name Weber Vorname Sören", 40, 80);
  ctx.strokeRect(30, 50, 400, 44);
  return canvas.toBuffer("image/png");
}

const pngWithDensity = (density: number) =>
  sharp(page()).withMetadata({ density }).png().toBuffer();

/** A JPEG whose JFIF segment gives `density` per `unit` (0 none, 1 inch, 2 centimetre). */
async function jfif(unit: number, density: number): Promise<Buffer> {
  const jpeg = await sharp(page()).jpeg().toBuffer();
  const app0 = Buffer.alloc(18);
  app0.writeUInt16BE(0xffe0, 0);
  app0.writeUInt16BE(16, 2);
  app0.write("JFIF\0", 4, "latin1");
  app0.writeUInt16BE(0x0101, 9);
  app0[11] = unit;
  app0.writeUInt16BE(density, 12);
  app0.writeUInt16BE(density, 14);
  return Buffer.concat([jpeg.subarray(0, 2), app0, jpeg.subarray(2)]);
}

describe("headerDpi", () => {
  it("reads a PNG's pHYs chunk and a JPEG's JFIF density", async () => {
    expect(headerDpi(await pngWithDensity(300))).toBe(300);
    expect(headerDpi(await jfif(1, 200))).toBe(200);
    expect(headerDpi(await jfif(2, 118))).toBe(300); // 118 dots per cm
  });

  it("gives none where the header has none, or one Tesseract would not believe", async () => {
    expect(headerDpi(page())).toBeUndefined();
    expect(headerDpi(await jfif(0, 1))).toBeUndefined(); // an aspect ratio, no unit
    expect(headerDpi(await pngWithDensity(50))).toBeUndefined();
    expect(headerDpi(await pngWithDensity(5000))).toBeUndefined();
    expect(headerDpi(Buffer.from("not an image"))).toBeUndefined();
    expect(headerDpi(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
  });
});

describe("a prepared image", () => {
  /** What the engine is told, reading `image` prepared by `steps`. */
  async function told(
    image: Buffer,
    steps: PreprocessStep[] = ["normalize", "deskew"],
  ): Promise<(RecognizeOptions & { format: string }) | undefined> {
    let options: (RecognizeOptions & { format: string }) | undefined;
    await ocrDocument(
      {
        bytes: image,
        mimeType: "image/png",
        languageHints: [],
        passthrough: {},
        signal: AbortSignal.timeout(30_000),
        traceId: "0".repeat(32),
      },
      {
        recognize: async (prepared, given) => {
          options = { ...given, format: prepared.subarray(0, 2).toString("latin1") };
          return buildPage(600, 200, []);
        },
        language: "eng",
        pdfDpi: 200,
        preprocess: new Set(steps),
      },
    );
    return options;
  }
  const toldDpi = async (image: Buffer) => (await told(image))?.dpi;

  it("is read at the resolution the image as sent gives", async () => {
    // The engine gets the prepared copy (a PGM), which has lost the header.
    expect((await told(await pngWithDensity(300)))?.format).toBe("P5");
    expect(await toldDpi(await pngWithDensity(300))).toBe(300);
    expect(await toldDpi(await jfif(2, 59))).toBe(150);
  });

  it("is left to the engine to estimate when the image gives none", async () => {
    expect(await toldDpi(page())).toBeUndefined();
  });

  it("has had its light text on dark turned: the engine does not try its lines inverted", async () => {
    expect((await told(page(true)))?.lightOnDarkPrepared).toBe(true);
    // Without the step, on a clean page the step leaves as it is, or passed
    // through unprepared (over 16 MP), the engine's own inversion stays.
    expect((await told(page(true), ["deskew"]))?.lightOnDarkPrepared).toBe(false);
    expect((await told(page()))?.lightOnDarkPrepared).toBe(false);
    const large = await sharp({
      create: { width: 4200, height: 4000, channels: 3, background: "#ffffff" },
    })
      .png()
      .toBuffer();
    expect((await told(large, ["normalize"]))?.lightOnDarkPrepared).toBe(false);
  });
});

describe("native tesseract", () => {
  it("reads lines inverted only when the page's light text on dark was not turned already", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "fake-tesseract-"));
    const script = path.join(dir, "tesseract");
    // Writes its arguments down and reads nothing.
    await writeFile(script, `#!/bin/sh\ncat > /dev/null\necho "$@" >> "${dir}/args"\n`);
    await chmod(script, 0o755);
    const engine = createNativeTesseract({ command: script, concurrency: 1, queueLimit: 4 });
    const signal = AbortSignal.timeout(10_000);
    await engine.recognize(page(), { language: "eng", lightOnDarkPrepared: true, signal });
    await engine.recognize(page(), { language: "eng", signal });
    const [prepared, unprepared] = (await readFile(path.join(dir, "args"), "utf8")).split("\n");
    expect(prepared).toContain("-c tessedit_do_invert=0");
    expect(unprepared).not.toContain("tessedit_do_invert");
    await rm(dir, { recursive: true, force: true });
  });
});
