// A minimal one-page PDF writer (Helvetica text and straight lines): enough
// to generate calibration documents with a real text layer, reproducibly.
import { deflateSync } from "node:zlib";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { glyphWidth } from "../../service/src/pages/glyph-widths";

export interface PdfText {
  x: number;
  /** From the top of the page, in points. */
  y: number;
  text: string;
  size?: number;
  /** "right": `x` is where the text ends (widths of Helvetica). */
  align?: "right";
}

export interface PdfLine {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

// WinAnsi: Latin-1 but for the euro sign (0x80, octal 200).
const escapeText = (text: string) =>
  text.replace(/[\\()]/g, (c) => `\\${c}`).replaceAll("€", "\\200");

/** Width of `text` in points at `size`, by Helvetica's advance widths. */
export const textWidth = (text: string, size: number) =>
  ([...text].reduce((sum, c) => sum + glyphWidth(c), 0) * size) / 1000;

const startX = (t: PdfText) =>
  t.align === "right" ? (t.x - textWidth(t.text, t.size ?? 10)).toFixed(2) : t.x;

const LETTER_HEIGHT = 792;

/** The content stream of a US Letter page with `texts` and `lines` (ruling). */
export function letterContent(texts: readonly PdfText[], lines: readonly PdfLine[] = []): string {
  const height = LETTER_HEIGHT;
  return [
    ...lines.map((l) => `${l.x0} ${height - l.y0} m ${l.x1} ${height - l.y1} l S`),
    ...texts.map(
      (t) =>
        `BT /F1 ${t.size ?? 10} Tf ${startX(t)} ${height - t.y} Td (${escapeText(t.text)}) Tj ET`,
    ),
  ].join("\n");
}

/** A US Letter page (612 × 792 pt) with `texts` and `lines` (ruling). */
export function simplePdf(texts: readonly PdfText[], lines: readonly PdfLine[] = []): Buffer {
  return writePdf([{ mediaBox: [0, 0, 612, LETTER_HEIGHT], content: letterContent(texts, lines) }]);
}

/** A page for writePdf: its boxes in points ([x0 y0 x1 y1]) and its content stream. */
export interface PdfPage {
  mediaBox: readonly [number, number, number, number];
  cropBox?: readonly [number, number, number, number];
  content: string;
  /** An 8-bit grey picture the content may draw as /Im0 (a scan: no text layer). */
  image?: { width: number; height: number; grey: Buffer };
}

/** A page that is only a scan: `image` over the whole page at `dpi`. */
export function scannedPage(image: NonNullable<PdfPage["image"]>, dpi: number): PdfPage {
  const width = (image.width * 72) / dpi;
  const height = (image.height * 72) / dpi;
  return {
    mediaBox: [0, 0, width, height],
    content: `q ${width} 0 0 ${height} 0 0 cm /Im0 Do Q`,
    image,
  };
}

/** A page that is only a scan of `image` (PNG or JPEG bytes, read as grey) at `dpi`. */
export async function imagePage(image: Buffer, dpi: number): Promise<PdfPage> {
  const picture = await loadImage(image);
  const canvas = createCanvas(picture.width, picture.height);
  const context = canvas.getContext("2d");
  context.drawImage(picture, 0, 0);
  const rgba = context.getImageData(0, 0, picture.width, picture.height).data;
  const grey = Buffer.alloc(picture.width * picture.height);
  for (let p = 0; p < grey.length; p++) grey[p] = rgba[p * 4] ?? 255;
  return scannedPage({ width: picture.width, height: picture.height, grey }, dpi);
}

/** A PDF of `pages`, with Helvetica (WinAnsi) as /F1 on every page. */
export function writePdf(pages: readonly PdfPage[]): Buffer {
  const font = 3;
  const first = 4; // page i is object first + 3i, its contents + 1, its picture + 2
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const write = (part: string | Buffer) => {
    const chunk = typeof part === "string" ? Buffer.from(part, "latin1") : part;
    chunks.push(chunk);
    length += chunk.length;
  };
  const object = (body: string, stream?: Buffer) => {
    offsets.push(length);
    write(`${offsets.length} 0 obj\n${body}\n`);
    if (stream) {
      write("stream\n");
      write(stream);
      write("\nendstream\n");
    }
    write("endobj\n");
  };
  write("%PDF-1.4\n");
  object("<< /Type /Catalog /Pages 2 0 R >>");
  object(
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${first + 3 * i} 0 R`).join(" ")}] /Count ${pages.length} >>`,
  );
  object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  pages.forEach((page, i) => {
    const picture = first + 3 * i + 2;
    const crop = page.cropBox ? ` /CropBox [${page.cropBox.join(" ")}]` : "";
    const image = page.image ? ` /XObject << /Im0 ${picture} 0 R >>` : "";
    object(
      `<< /Type /Page /Parent 2 0 R /MediaBox [${page.mediaBox.join(" ")}]${crop} /Resources << /Font << /F1 ${font} 0 R >>${image} >> /Contents ${first + 3 * i + 1} 0 R >>`,
    );
    const content = Buffer.from(page.content, "latin1");
    object(`<< /Length ${content.length} >>`, content);
    if (page.image) {
      const data = deflateSync(page.image.grey);
      object(
        `<< /Type /XObject /Subtype /Image /Width ${page.image.width} /Height ${page.image.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>`,
        data,
      );
    } else {
      object("null");
    }
  });
  const xref = length;
  write(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) write(`${String(offset).padStart(10, "0")} 00000 n \n`);
  write(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}
