// The pages of the person's own document, drawn in the browser from the file
// itself: PDFs by pdf.js (pdf-pages.ts), TIFFs by utif2 (tiff-pages.ts). Both
// load only when such a document is shown (open-page-images.ts imports them on
// demand), so no page pays for them on its first load.

/** A document whose pages can be drawn into canvases, one at a time. */
export interface PageImages {
  /** How many pages the file has. */
  readonly count: number;
  /**
   * Draws page `index` (0-based) into `canvas`, `width` device pixels wide and
   * as tall as the page's own shape. Rejects if `signal` aborts first.
   */
  draw(index: number, canvas: HTMLCanvasElement, width: number, signal: AbortSignal): Promise<void>;
  /** Page `index`'s own text (a PDF's text layer): none for a scan. */
  hasText?(index: number): Promise<boolean>;
  close(): void;
}

/** The document kinds drawn here; images the browser shows itself (PNG, JPEG…) are not. */
export function drawsPages(type: string | undefined): boolean {
  return type === "application/pdf" || type === "image/tiff";
}
