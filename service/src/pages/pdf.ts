// PDF documents through pdfjs-dist (legacy build, the one made for Node):
// opening them safely, and turning each page into a PNG for the OCR engines.
//
// pdfjs parses in a thread of its own (pdf-worker.mjs), as in a browser: the
// service's event loop stays free meanwhile, and pdfjs inflates streams there
// without Node's slow DecompressionStream (bench/pdf-parse.ts).
//
// pdfjs draws the pages by default; poppler's pdftoppm when PDF_RASTERISER asks
// for it and it is installed. Measured side by side (bench/rasterise.ts, the same
// pages at 200 dpi), pdfjs is the faster, and holds the event loop only briefly at
// a time (it draws in slices and the canvas encodes the PNG off the main thread);
// docs/performance-reading.md has the figures. pdftoppm
// stays for PDFs pdfjs draws badly: a child process, killed on abort.
// pdfjs draws with its own nested @napi-rs/canvas (its canvasFactory); mixing it
// with the top-level one fails on Path2D.
import { createRequire } from "node:module";
import path from "node:path";
import { MessageChannel, Worker } from "node:worker_threads";
import type { PDFDocumentProxy, PDFPageProxy, PDFWorker } from "pdfjs-dist/legacy/build/pdf.mjs";
import { commandExists, runCommand } from "../engines/command";
import { type Grey, type PixelSource, toGrey, toPng } from "../preprocess/grey";
import { MAX_PAGE_PIXELS } from "../providers/interface/limits";
import { UnreadableDocumentError } from "../providers/interface/types";

export { MAX_PAGE_PIXELS };
/**
 * A page too large to be drawn at this resolution within MAX_PAGE_PIXELS (over about
 * 160 × 160 cm) is refused: drawn smaller, its print would be too small to read.
 */
export const MIN_PDF_DPI = 100;

const POINTS_PER_INCH = 72;

/** pdfjs's own data (fonts, CMaps, colour profiles, image decoders), read from the package, never fetched. */
const pdfjsData = (() => {
  const root = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  const dir = (name: string) => `${path.join(root, name)}${path.sep}`;
  return {
    standardFontDataUrl: dir("standard_fonts"),
    cMapUrl: dir("cmaps"),
    iccUrl: dir("iccs"),
    wasmUrl: dir("wasm"),
  };
})();

type Pdfjs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjsModule: Promise<Pdfjs> | undefined;

/**
 * pdfjs's legacy build, loaded once. The core-js it bundles replaces
 * Array.prototype.push, JSON.stringify and JSON.parse for the whole process, for
 * corners of the standard Node 20's V8 is judged to miss (an array-like longer
 * than 2³², JSON.rawJSON): alone, each push and each stringify is then several
 * times slower (bench/pdf-parse.ts). pdfjs uses none of those corners; the
 * built-ins are put back. What core-js only adds (Promise.withResolvers, Uint8Array.toBase64, ...)
 * stays: pdfjs needs it. pdf-worker.mjs does the same in its thread.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  pdfjsModule ??= (async () => {
    const { push } = Array.prototype;
    const { stringify, parse } = JSON;
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    Array.prototype.push = push;
    Object.assign(JSON, { stringify, parse });
    return pdfjs;
  })();
  return pdfjsModule;
}

/** The thread pdfjs parses in (pdf-worker.mjs), shared by every document. */
interface Parser {
  worker: PDFWorker;
  thread: Worker;
  /** Documents open: the thread keeps the process alive only while there are some. */
  open: number;
}

let parser: Promise<Parser> | undefined;

function pdfParser(): Promise<Parser> {
  if (!parser) {
    const started = startParser(() => {
      if (parser === started) parser = undefined;
    });
    parser = started;
  }
  return parser;
}

async function startParser(onEnd: () => void): Promise<Parser> {
  const pdfjs = await loadPdfjs();
  const { port1, port2 } = new MessageChannel();
  const thread = new Worker(new URL("./pdf-worker.mjs", import.meta.url), {
    workerData: { port: port2 },
    transferList: [port2],
    // Whatever loader or flags the service runs with, the worker needs none.
    execArgv: [],
  });
  // pdfjs talks to its worker through a port with the web's API, which Node's has.
  const worker = pdfjs.PDFWorker.create({ port: port1 as unknown as globalThis.Worker });
  // A thread that ended answers nothing more: what waited on it runs out of its
  // time (the router's attempt timeout), and the next document starts a new one.
  const ended = () => {
    onEnd();
    worker.destroy();
    port1.close();
  };
  thread.once("error", ended).once("exit", ended);
  port1.unref();
  thread.unref();
  return { worker, thread, open: 0 };
}

/** Ends the parsing thread now; the next document starts another (a process ends its threads itself). */
export async function closePdfParser(): Promise<void> {
  const current = parser;
  parser = undefined;
  if (current) await (await current).thread.terminate();
}

export async function openPdf(bytes: Buffer): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  const current = await pdfParser();
  const task = pdfjs.getDocument({
    worker: current.worker,
    // pdfjs may take ownership of the array; the caller keeps its buffer.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    ...pdfjsData,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  // While a document is open the process waits for the thread's answers; once
  // none is, a script that has done its work ends.
  if (current.open++ === 0) current.thread.ref();
  const destroy = task.destroy.bind(task);
  let closed = false;
  task.destroy = async () => {
    try {
      await destroy(); // the thread answers this too
    } finally {
      if (!closed) {
        closed = true;
        if (--current.open === 0) current.thread.unref();
      }
    }
  };
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy();
    const name = error instanceof Error ? error.name : "";
    throw new UnreadableDocumentError(
      name === "PasswordException"
        ? "The PDF is protected by a password"
        : "The PDF could not be read (damaged or not a PDF)",
    );
  }
}

/**
 * What the page draws besides text: lines and shapes, pictures (a scan is one).
 * Read from its operator list, which pdfjs keeps for drawing the page afterwards.
 */
export async function pageGraphics(
  page: PDFPageProxy,
): Promise<{ shapes: boolean; pictures: boolean }> {
  const { OPS } = await loadPdfjs();
  const shapes = new Set<number>([
    OPS.constructPath,
    OPS.rectangle,
    OPS.rawFillPath,
    OPS.shadingFill,
  ]);
  const pictures = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageXObjectRepeat,
    OPS.paintImageMaskXObject,
    OPS.paintImageMaskXObjectGroup,
    OPS.paintImageMaskXObjectRepeat,
    OPS.paintSolidColorImageMask,
  ]);
  const { fnArray } = await page.getOperatorList();
  return {
    shapes: fnArray.some((fn) => shapes.has(fn)),
    pictures: fnArray.some((fn) => pictures.has(fn)),
  };
}

/** The resolution to rasterise a page at: `dpi`, lowered for pages so large they would pass MAX_PAGE_PIXELS. */
export function effectiveDpi(size: { width: number; height: number }, dpi: number): number {
  const pixels = ((size.width * dpi) / POINTS_PER_INCH) * ((size.height * dpi) / POINTS_PER_INCH);
  if (pixels <= MAX_PAGE_PIXELS) return dpi;
  return Math.max(1, Math.floor(dpi * Math.sqrt(MAX_PAGE_PIXELS / pixels)));
}

/** Pixels of a page side at `dpi`, as pdftoppm and the text layer both count them. */
export function pointsToPixels(points: number, dpi: number): number {
  return Math.round((points * dpi) / POINTS_PER_INCH);
}

/** One page of an open PDF, with the bytes it was opened from (pdftoppm reads those). */
export interface PdfPage {
  bytes: Buffer;
  pdf: PDFDocumentProxy;
  page: PDFPageProxy;
}

const installed = new Map<string, Promise<boolean>>();

/** Whether `command` (pdftoppm, pdftotext) runs here; asked once per command. */
export function popplerInstalled(command: string): Promise<boolean> {
  let known = installed.get(command);
  if (!known) {
    known = commandExists(command);
    installed.set(command, known);
  }
  return known;
}

/**
 * One page as a PNG at `dpi`: drawn by pdfjs, or by pdftoppm (8-bit grey, PDF on
 * stdin, PNG on stdout) when `pdftoppm` names its command and it runs here. Both
 * draw the CropBox, the part of the page a viewer shows and pdfjs measures (by
 * default pdftoppm draws the MediaBox, which may be any size behind a small CropBox).
 */
export async function rasterisePage(
  source: PdfPage,
  dpi: number,
  signal: AbortSignal,
  pdftoppm?: string,
): Promise<Buffer> {
  if (pdftoppm === undefined || !(await popplerInstalled(pdftoppm))) {
    return drawPage(source, dpi, signal);
  }
  const number = String(source.page.pageNumber);
  return runCommand(
    pdftoppm,
    [
      "-f",
      number,
      "-l",
      number,
      "-r",
      String(dpi),
      "-cropbox",
      "-gray",
      "-png",
      "-singlefile",
      "-",
    ],
    { input: source.bytes, signal },
  ).catch((error: unknown) => {
    if (signal.aborted) throw error;
    throw new UnreadableDocumentError(`PDF page ${number} could not be rasterised`);
  });
}

/** The page drawn by pdfjs on its own canvas, as a grey PNG (white paper, as pdftoppm -gray draws it). */
export async function drawPage(source: PdfPage, dpi: number, signal: AbortSignal): Promise<Buffer> {
  return toPng(await drawPageGrey(source, dpi, signal));
}

/** The page drawn by pdfjs, as grey pixels (no PNG to write and read back). */
export async function drawPageGrey(
  source: PdfPage,
  dpi: number,
  signal: AbortSignal,
): Promise<Grey> {
  return toGrey(await renderPage(source, dpi, signal));
}

async function renderPage({ pdf, page }: PdfPage, dpi: number, signal: AbortSignal) {
  signal.throwIfAborted();
  const viewport = page.getViewport({ scale: dpi / POINTS_PER_INCH });
  const factory = pdf.canvasFactory as {
    create(
      width: number,
      height: number,
    ): { canvas: PixelSource; context: CanvasRenderingContext2D };
  };
  const { canvas, context } = factory.create(
    Math.round(viewport.width),
    Math.round(viewport.height),
  );
  const task = page.render({ canvas: null, canvasContext: context, viewport, background: "white" });
  const cancel = () => task.cancel();
  signal.addEventListener("abort", cancel, { once: true });
  try {
    await task.promise;
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new UnreadableDocumentError(
      `PDF page ${page.pageNumber} could not be drawn (${error instanceof Error ? error.message : error})`,
    );
  } finally {
    signal.removeEventListener("abort", cancel);
  }
  return canvas;
}
