// A minimal one-page PDF writer (Helvetica text and straight lines): enough
// to generate calibration documents with a real text layer, reproducibly.
import { glyphWidth } from "../../service/src/providers/glyph-widths";

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
const textWidth = (text: string, size: number) =>
  ([...text].reduce((sum, c) => sum + glyphWidth(c), 0) * size) / 1000;

const startX = (t: PdfText) =>
  t.align === "right" ? (t.x - textWidth(t.text, t.size ?? 10)).toFixed(2) : t.x;

/** A US Letter page (612 × 792 pt) with `texts` and `lines` (ruling). */
export function simplePdf(texts: readonly PdfText[], lines: readonly PdfLine[] = []): Buffer {
  const height = 792;
  const ops = [
    ...lines.map((l) => `${l.x0} ${height - l.y0} m ${l.x1} ${height - l.y1} l S`),
    ...texts.map(
      (t) =>
        `BT /F1 ${t.size ?? 10} Tf ${startX(t)} ${height - t.y} Td (${escapeText(t.text)}) Tj ET`,
    ),
  ].join("\n");
  return writePdf([{ mediaBox: [0, 0, 612, height], content: ops }]);
}

/** A page for writePdf: its boxes in points ([x0 y0 x1 y1]) and its content stream. */
export interface PdfPage {
  mediaBox: readonly [number, number, number, number];
  cropBox?: readonly [number, number, number, number];
  content: string;
}

/** A PDF of `pages`, with Helvetica (WinAnsi) as /F1 on every page. */
export function writePdf(pages: readonly PdfPage[]): Buffer {
  const font = 3;
  const first = 4; // page i is object first + 2i, its contents first + 2i + 1
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${first + 2 * i} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ...pages.flatMap((page, i) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [${page.mediaBox.join(" ")}]${page.cropBox ? ` /CropBox [${page.cropBox.join(" ")}]` : ""} /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${first + 2 * i + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(page.content, "latin1")} >>\nstream\n${page.content}\nendstream`,
    ]),
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
