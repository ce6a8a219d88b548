// PDF pages drawn by pdf.js, in its own worker. This module and pdf.js load only
// when a PDF's result is shown (page-images.ts imports it on demand); the worker
// and its decoders are served from the app itself, never from a CDN.
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  type RenderTask,
} from "pdfjs-dist";
import type { PageImages } from "./page-images";

let worker: Worker | undefined;

/** One worker for every PDF the tab shows: starting one costs a megabyte of script. */
function pdfWorker(): Worker {
  worker ??= new Worker(new URL("pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url), {
    type: "module",
  });
  GlobalWorkerOptions.workerPort = worker;
  return worker;
}

export async function openPdfPages(file: Blob): Promise<PageImages> {
  pdfWorker();
  const task = getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    // No eval: the page's Content-Security-Policy allows none.
    isEvalSupported: false,
    // Fonts a PDF does not embed are drawn with the system's.
    useSystemFonts: true,
  });
  const doc: PDFDocumentProxy = await task.promise;
  return {
    count: doc.numPages,
    async draw(index, canvas, width, signal) {
      signal.throwIfAborted();
      const page = await doc.getPage(index + 1);
      const natural = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: width / natural.width });
      // Drawn off screen, then copied in one step: the canvas never shows half a page.
      const scratch = document.createElement("canvas");
      scratch.width = Math.max(1, Math.round(viewport.width));
      scratch.height = Math.max(1, Math.round(viewport.height));
      const render: RenderTask = page.render({ canvas: scratch, viewport });
      const cancel = () => render.cancel();
      signal.addEventListener("abort", cancel, { once: true });
      try {
        await render.promise;
      } finally {
        signal.removeEventListener("abort", cancel);
        page.cleanup();
      }
      signal.throwIfAborted();
      copyInto(canvas, scratch);
    },
    async hasText(index) {
      const page = await doc.getPage(index + 1);
      const content = await page.getTextContent();
      return content.items.some((item) => "str" in item && item.str.trim() !== "");
    },
    close() {
      void doc.destroy();
    },
  };
}

function copyInto(canvas: HTMLCanvasElement, from: HTMLCanvasElement): void {
  canvas.width = from.width;
  canvas.height = from.height;
  canvas.getContext("2d")?.drawImage(from, 0, 0);
}
