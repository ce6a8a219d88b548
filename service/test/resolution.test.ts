// An image's own resolution, from its header, reaches the engine when the page
// is read from a prepared copy that no longer carries it (issue 25, rendered
// `form`: told none, Tesseract guessed 368 dpi for a 300 dpi form and read its
// boxes' borders as "|").
import { createCanvas } from "@napi-rs/canvas";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { buildPage, type RecognizeOptions } from "../src/engines/ocr-page";
import { headerDpi } from "../src/preprocess/resolution";
import { ocrDocument } from "../src/text/ocr-document";

/** A small page of text, as PNG without a resolution. */
function page(): Buffer {
  const canvas = createCanvas(600, 200);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, 600, 200);
  ctx.fillStyle = "#111111";
  ctx.font = '24px "DejaVu Sans"';
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
  /** The resolution the engine is told, reading `image` prepared. */
  async function toldDpi(image: Buffer): Promise<number | undefined> {
    let told: RecognizeOptions | undefined;
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
        recognize: async (prepared, options) => {
          // The engine gets the prepared copy, which has lost the header.
          expect(prepared.subarray(0, 2).toString("latin1")).toBe("P5");
          told = options;
          return buildPage(600, 200, []);
        },
        language: "eng",
        pdfDpi: 200,
        preprocess: new Set(["normalize", "deskew"]),
      },
    );
    return told?.dpi;
  }

  it("is read at the resolution the image as sent gives", async () => {
    expect(await toldDpi(await pngWithDensity(300))).toBe(300);
    expect(await toldDpi(await jfif(2, 59))).toBe(150);
  });

  it("is left to the engine to estimate when the image gives none", async () => {
    expect(await toldDpi(page())).toBeUndefined();
  });
});
