// The page images of one request's document, shared by its attempts (issue 18.2).
/**
 * Encoded page images kept for one request at most (MiB): a grey PNG of a clean
 * page is small and one scanned with noise several times larger, so this keeps
 * many pages for a failover and still bounds a document of noisy scans.
 */
const PAGE_RASTERS_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The page images of one request's document, drawn once and shared by every
 * attempt of a failover (each provider opens the PDF itself, but draws no page
 * another has drawn at the same dpi). Kept encoded (PNG), so a long document
 * holds kilobytes a page, not pixels; past PAGE_RASTERS_MAX_BYTES pages are drawn
 * again rather than kept. A drawing that fails or is aborted (its attempt timed
 * out) is forgotten, and the next attempt draws the page itself.
 */
export class PageRasters {
  readonly #pages = new Map<string, Promise<Buffer>>();
  #bytes = 0;

  constructor(private readonly maxBytes = PAGE_RASTERS_MAX_BYTES) {}

  get(page: number, dpi: number, draw: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${page}@${dpi}`;
    const kept = this.#pages.get(key);
    if (kept) return kept.catch(() => this.get(page, dpi, draw));
    const drawing = draw();
    this.#pages.set(key, drawing);
    drawing.then(
      (png) => {
        this.#bytes += png.length;
        if (this.#bytes > this.maxBytes) {
          this.#pages.delete(key);
          this.#bytes -= png.length;
        }
      },
      () => this.#pages.delete(key),
    );
    return drawing;
  }
}
