// A searchable PDF of a text-recognition result, made in the browser: the
// document's own pages (a scanned PDF's pages as they are, an image or every
// page of a TIFF as a page of its own) with an invisible text layer of the
// words that were read, where they were read (text render mode 3: selectable,
// searchable and copyable in any PDF reader, never drawn). Loaded only when
// asked for: @cantoo/pdf-lib is the maintained pdf-lib.
//
// The layer is written in the standard Helvetica (nothing embedded), one text
// object per line; each word is stretched with horizontal scaling (Tz) to span
// its box and the gap to the next word, whose space is written too, so readers
// copy words apart and lines whole.
import {
  beginText,
  endText,
  PDFContentStream,
  PDFDocument,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
  setCharacterSqueeze,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
} from "@cantoo/pdf-lib";
import type { BBox, OcrData, OcrPage, OcrSpan } from "@/lib/kernel/contract";
import { imageDpi, pagePoints } from "./page-size";

export interface SearchableOptions {
  /** Whether page `index` (0-based) of a PDF has text of its own: such a page is left as it is. */
  pageHasText?: ((index: number) => Promise<boolean>) | undefined;
}

/** A page of the output and how the result's page maps onto it. */
interface Target {
  pdfPage: PDFPage;
  ocrPage: OcrPage;
}

export async function searchablePdf(
  data: OcrData,
  file: Blob,
  options: SearchableOptions = {},
): Promise<Blob> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { doc, targets } =
    file.type === "application/pdf"
      ? await fromPdf(bytes, data, options)
      : await fromImages(file, bytes, data);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const known = new Set(font.getCharacterSet());
  for (const target of targets) writeTextLayer(doc, target, font, known);
  const saved = await doc.save();
  return new Blob([saved as Uint8Array<ArrayBuffer>], { type: "application/pdf" });
}

/** A scanned PDF: its own pages, content and sizes kept; text added to the pages that were read. */
async function fromPdf(bytes: Uint8Array, data: OcrData, options: SearchableOptions) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = doc.getPages();
  const targets: Target[] = [];
  for (const ocrPage of data.pages) {
    const pdfPage = pages[ocrPage.number - 1];
    if (!pdfPage || ocrPage.words.length === 0) continue;
    if (await options.pageHasText?.(ocrPage.number - 1)) continue;
    targets.push({ pdfPage, ocrPage });
  }
  return { doc, targets };
}

/** An image (or a TIFF's pages): each a page as large as its pixels at its resolution. */
async function fromImages(file: Blob, bytes: Uint8Array, data: OcrData) {
  const doc = await PDFDocument.create();
  const pictures =
    file.type === "image/tiff" ? await tiffPages(bytes) : [await onePicture(file, bytes)];
  const targets: Target[] = [];
  for (const [i, picture] of pictures.entries()) {
    const pdfPage = await addImagePage(doc, picture);
    const ocrPage = data.pages.find((p) => p.number === i + 1);
    if (ocrPage) targets.push({ pdfPage, ocrPage });
  }
  return { doc, targets };
}

/** A picture to put on a page: PNG or JPEG bytes and its resolution, when it says. */
interface Picture {
  bytes: Uint8Array;
  format: "png" | "jpeg";
  dpi: number | undefined;
}

async function onePicture(file: Blob, bytes: Uint8Array): Promise<Picture> {
  if (file.type === "image/png" || file.type === "image/jpeg") {
    const format = file.type === "image/png" ? "png" : "jpeg";
    return { bytes, format, dpi: imageDpi(bytes, file.type) };
  }
  // WebP, GIF, BMP: what the browser decodes, as PNG.
  const bitmap = await createImageBitmap(file);
  try {
    return { ...(await toPng(bitmap, bitmap.width, bitmap.height)), dpi: undefined };
  } finally {
    bitmap.close();
  }
}

async function tiffPages(bytes: Uint8Array): Promise<Picture[]> {
  const UTIF = await import("utif2");
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const pages = UTIF.decode(buffer as ArrayBuffer).filter(
    (ifd) => ifd.t256 !== undefined && (Number(firstOf(ifd.t254)) & 1) === 0,
  );
  const pictures: Picture[] = [];
  for (const ifd of pages) {
    UTIF.decodeImage(buffer as ArrayBuffer, ifd);
    const rgba = new Uint8ClampedArray(UTIF.toRGBA8(ifd));
    const bitmap = await createImageBitmap(new ImageData(rgba, ifd.width, ifd.height));
    try {
      pictures.push({ ...(await toPng(bitmap, ifd.width, ifd.height)), dpi: tiffDpi(ifd) });
    } finally {
      bitmap.close();
    }
  }
  return pictures;
}

async function toPng(
  source: CanvasImageSource,
  width: number,
  height: number,
): Promise<Omit<Picture, "dpi">> {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas.getContext("2d")?.drawImage(source, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw new Error("the page could not be turned into a PNG");
  return { bytes: new Uint8Array(await blob.arrayBuffer()), format: "png" };
}

/**
 * TIFF XResolution (282, a rational: utif2 gives [[numerator, denominator]]) in
 * ResolutionUnit (296: 2 inch, 3 centimetre).
 */
export function tiffDpi(ifd: Record<string, unknown>): number | undefined {
  const value = firstOf(ifd.t282);
  const resolution = Array.isArray(value)
    ? Number(value[0]) / Number(value[1] ?? 1)
    : Number(value);
  const unit = Number(firstOf(ifd.t296) ?? 2);
  if (!(resolution > 0)) return undefined;
  return unit === 3 ? resolution * 2.54 : unit === 2 ? resolution : undefined;
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

async function addImagePage(doc: PDFDocument, picture: Picture): Promise<PDFPage> {
  const image =
    picture.format === "png"
      ? await doc.embedPng(picture.bytes)
      : await doc.embedJpg(picture.bytes);
  const { width, height } = pagePoints(image.width, image.height, picture.dpi);
  const page = doc.addPage([width, height]);
  page.drawImage(image, { x: 0, y: 0, width, height });
  return page;
}

// --- The text layer -------------------------------------------------------

/** How a point of the result's page (pixels, from the top left) lands on the PDF page. */
interface Placement {
  /** The point in the page's user space. */
  at: (u: number, v: number) => [number, number];
  /** The text matrix's rotation part: text runs left to right as the page is seen. */
  rotation: [number, number, number, number];
  /** Points per pixel across and down, as the page is seen. */
  sx: number;
  sy: number;
}

function placementOf(pdfPage: PDFPage, ocrPage: OcrPage): Placement {
  const { x, y, width, height } = pdfPage.getCropBox();
  const angle = (((pdfPage.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const sideways = angle === 90 || angle === 270;
  // The page as it is seen (rotated), in points.
  const seenWidth = sideways ? height : width;
  const seenHeight = sideways ? width : height;
  const sx = seenWidth / ocrPage.width;
  const sy = seenHeight / ocrPage.height;
  switch (angle) {
    case 90:
      return { at: (u, v) => [x + v * sy, y + u * sx], rotation: [0, 1, -1, 0], sx, sy };
    case 180:
      return {
        at: (u, v) => [x + width - u * sx, y + v * sy],
        rotation: [-1, 0, 0, -1],
        sx,
        sy,
      };
    case 270:
      return {
        at: (u, v) => [x + width - v * sy, y + height - u * sx],
        rotation: [0, -1, 1, 0],
        sx,
        sy,
      };
    default:
      return { at: (u, v) => [x + u * sx, y + height - v * sy], rotation: [1, 0, 0, 1], sx, sy };
  }
}

/** The part of a line's height that lies under the baseline, about. */
const DESCENT = 0.2;

function writeTextLayer(doc: PDFDocument, target: Target, font: PDFFont, known: Set<number>): void {
  const { pdfPage, ocrPage } = target;
  if (!(ocrPage.width > 0 && ocrPage.height > 0)) return;
  const place = placementOf(pdfPage, ocrPage);
  const fontKey = pdfPage.node.newFontDictionary(font.name, font.ref);
  const ops: PDFOperator[] = [beginText(), setTextRenderingMode(TextRenderingMode.Invisible)];
  for (const line of linesOf(ocrPage))
    ops.push(...lineOperators(line, fontKey, font, known, place));
  ops.push(endText());
  isolateExistingContent(doc, pdfPage);
  pdfPage.pushOperators(...ops);
}

/**
 * A loaded page's own content may leave the graphics state changed (a scale, a
 * clip) at its end: it is wrapped in q … Q so the text layer starts afresh.
 */
function isolateExistingContent(doc: PDFDocument, page: PDFPage): void {
  page.node.normalize();
  if (!page.node.Contents()) return;
  const stream = (...ops: PDFOperator[]) =>
    doc.context.register(PDFContentStream.of(doc.context.obj({}), ops));
  page.node.wrapContentStreams(stream(pushGraphicsState()), stream(popGraphicsState()));
}

/** A line's words left to right, with its box: the words the result's lines hold. */
interface TextLine {
  bbox: BBox;
  words: OcrSpan[];
}

/**
 * The page's words grouped by the line whose box holds their middle; a word in
 * no line (a service that gives no lines) is a line of its own.
 */
export function linesOf(page: OcrPage): TextLine[] {
  const lines: TextLine[] = page.lines.map((line) => ({ bbox: line.bbox, words: [] }));
  const alone: TextLine[] = [];
  for (const word of page.words) {
    if (!word.text.trim()) continue;
    const cx = (word.bbox.x0 + word.bbox.x1) / 2;
    const cy = (word.bbox.y0 + word.bbox.y1) / 2;
    const line = lines.find(
      ({ bbox }) => cx >= bbox.x0 && cx <= bbox.x1 && cy >= bbox.y0 && cy <= bbox.y1,
    );
    if (line) line.words.push(word);
    else alone.push({ bbox: word.bbox, words: [word] });
  }
  for (const line of lines) line.words.sort((a, b) => a.bbox.x0 - b.bbox.x0);
  return [...lines.filter((line) => line.words.length > 0), ...alone];
}

function lineOperators(
  line: TextLine,
  fontKey: PDFName,
  font: PDFFont,
  known: Set<number>,
  place: Placement,
): PDFOperator[] {
  const height = (line.bbox.y1 - line.bbox.y0) * place.sy;
  if (!(height > 0)) return [];
  const size = height * (1 - DESCENT);
  const baseline = line.bbox.y1 - (line.bbox.y1 - line.bbox.y0) * DESCENT;
  const [a, b, c, d] = place.rotation;
  const ops: PDFOperator[] = [setFontAndSize(fontKey, size)];
  line.words.forEach((word, i) => {
    const next = line.words[i + 1];
    const text = `${encodable(word.text, known)}${next ? " " : ""}`;
    // To the next word's start, so the space between them is part of this one.
    const span = ((next ? next.bbox.x0 : word.bbox.x1) - word.bbox.x0) * place.sx;
    const natural = font.widthOfTextAtSize(text, size);
    if (!(span > 0 && natural > 0)) return;
    const [x, y] = place.at(word.bbox.x0, baseline);
    ops.push(
      setCharacterSqueeze(Math.min(1000, Math.max(1, (100 * span) / natural))),
      setTextMatrix(a, b, c, d, x, y),
      showText(font.encodeText(text)),
    );
  });
  return ops;
}

/**
 * The word in characters the standard font can write: a letter with an accent
 * it lacks loses the accent, anything else becomes "?" (the standard fonts
 * write Western European text; others would need an embedded font).
 */
export function encodable(text: string, known: Set<number>): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (known.has(code)) {
      out += char;
      continue;
    }
    const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
    out += [...base].every((c) => known.has(c.codePointAt(0) ?? 0)) && base ? base : "?";
  }
  return out;
}
