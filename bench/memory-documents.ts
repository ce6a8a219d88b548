// Documents for the memory benches (bench/memory.ts, bench/soak.ts), made at run
// time from the fixtures so nothing large is committed: a scan of a full page at
// 600 dpi (4961 × 7016, the size of the receipt in issue 31), the largest image
// the service accepts (just under MAX_PAGE_PIXELS), phone photos, and scanned
// PDFs of many pages. Each comes with the text it holds, for a quality check.
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { scannedPage, writePdf } from "../scripts/calibration/simple-pdf";
import { MAX_PAGE_PIXELS } from "../service/src/pages/pdf";
import { root } from "./harness";

const fixtures = path.join(root, "fixtures");
const calibration = path.join(fixtures, "calibration");

export interface BenchDocument {
  name: string;
  bytes: Buffer;
  mimeType: "image/jpeg" | "image/png" | "application/pdf";
  /** Pixels of an image, or of all pages of a PDF at 200 dpi. */
  pixels: number;
  pages: number;
  /** What it says, pages joined by blank lines (fixtures' truths). */
  truth: string;
}

/** Fixture pictures stacked on a page, each scaled by `scale`, top to bottom. */
const PAGE_PARTS = [
  { file: "letter.png", truth: "letter.txt" },
  { file: "invoice.png", truth: "invoice.txt" },
  { file: "calibration/receipt-2.jpg", truth: "calibration/receipt-2.txt" },
  { file: "calibration/low-contrast-1.png", truth: "calibration/low-contrast-1.txt" },
  { file: "calibration/small-print-1.png", truth: "calibration/small-print-1.txt" },
] as const;

const read = (file: string) => readFile(path.join(fixtures, file));
const truthOf = async (file: string) => (await readFile(path.join(fixtures, file), "utf8")).trim();

/**
 * A page of `width` × `height` on off-white paper with the fixtures stacked on it,
 * enlarged so that the widest fills the page (a 600 dpi scan of 10–12 pt print
 * has an x-height of 25–35 px, as these get).
 */
export async function scannedSheet(
  width: number,
  height: number,
  format: "jpeg" | "png" | "grey" = "jpeg",
): Promise<{ bytes: Buffer; truth: string }> {
  const scale = (width * 0.94) / 1400;
  const margin = Math.round(width * 0.03);
  const layers: sharp.OverlayOptions[] = [];
  const truths: string[] = [];
  let top = margin;
  for (const part of PAGE_PARTS) {
    const source = await read(part.file);
    const meta = await sharp(source).metadata();
    const w = Math.round((meta.width ?? 1) * scale);
    const h = Math.round((meta.height ?? 1) * scale);
    if (top + h > height - margin) break;
    const input = await sharp(source).resize(w, h, { kernel: "lanczos3" }).png().toBuffer();
    layers.push({ input, top, left: margin });
    truths.push(await truthOf(part.truth));
    top += h + margin;
  }
  const page = sharp({
    create: { width, height, channels: 3, background: { r: 246, g: 244, b: 239 } },
    limitInputPixels: false,
  }).composite(layers);
  const bytes =
    format === "jpeg"
      ? await page.jpeg({ quality: 88 }).toBuffer()
      : format === "png"
        ? await page.png({ compressionLevel: 6 }).toBuffer()
        : await page.grayscale().raw().toBuffer();
  return { bytes, truth: truths.join("\n") };
}

/** The scan of issue 31's size: an A4 page at 600 dpi, 4961 × 7016 (34.8 MP). */
export async function a4At600(): Promise<BenchDocument> {
  const { bytes, truth } = await scannedSheet(4961, 7016);
  return { name: "a4-600dpi", bytes, mimeType: "image/jpeg", pixels: 4961 * 7016, pages: 1, truth };
}

/** The largest image the service accepts: A4 proportions just under MAX_PAGE_PIXELS. */
export async function largestAccepted(): Promise<BenchDocument> {
  const width = Math.floor(Math.sqrt((MAX_PAGE_PIXELS * 210) / 297));
  const height = Math.floor(MAX_PAGE_PIXELS / width);
  const { bytes, truth } = await scannedSheet(width, height);
  return {
    name: "largest",
    bytes,
    mimeType: "image/jpeg",
    pixels: width * height,
    pages: 1,
    truth,
  };
}

/** A phone photo of a page: 3024 × 4032 (12 MP) JPEG. */
export async function phonePhoto(): Promise<BenchDocument> {
  const { bytes, truth } = await scannedSheet(3024, 4032);
  return {
    name: "photo-12mp",
    bytes,
    mimeType: "image/jpeg",
    pixels: 3024 * 4032,
    pages: 1,
    truth,
  };
}

/** A fixture as it is (the calibration set's receipts and photos, a letter). */
export async function fixture(file: string): Promise<BenchDocument> {
  const bytes = await read(file);
  const meta = await sharp(bytes).metadata();
  // letter.jpg's truth is letter-jpg.txt, since letter.png has letter.txt (fixtures/README.md).
  const truthFile = file.endsWith("letter.jpg") ? "letter-jpg.txt" : file.replace(/\.\w+$/, ".txt");
  const mimeType = file.endsWith(".jpg") ? "image/jpeg" : "image/png";
  return {
    name: path.basename(file),
    bytes,
    mimeType,
    pixels: (meta.width ?? 0) * (meta.height ?? 0),
    pages: 1,
    truth: await truthOf(truthFile),
  };
}

/** A text-layer PDF fixture. */
export async function pdfFixture(file: string, pages = 1): Promise<BenchDocument> {
  const bytes = await read(file);
  return {
    name: path.basename(file),
    bytes,
    mimeType: "application/pdf",
    pixels: pages * 1700 * 2200,
    pages,
    truth: "",
  };
}

/**
 * A scanned PDF of `pages` A4 pages at `dpi` (pictures only, no text layer), every
 * page the same sheet of fixtures, stored as 8-bit grey (Flate).
 */
export async function scannedPdf(pages: number, dpi = 200): Promise<BenchDocument> {
  const width = Math.round((210 / 25.4) * dpi);
  const height = Math.round((297 / 25.4) * dpi);
  const { bytes: grey, truth } = await scannedSheet(width, height, "grey");
  const page = scannedPage({ width, height, grey }, dpi);
  return {
    name: `scanned-${pages}p`,
    bytes: writePdf(Array.from({ length: pages }, () => page)),
    mimeType: "application/pdf",
    pixels: pages * width * height,
    pages,
    truth: Array.from({ length: pages }, () => truth).join("\n\n"),
  };
}

export const calibrationDir = calibration;
