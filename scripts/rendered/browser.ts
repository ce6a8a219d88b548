// Chromium through Playwright, for the rendered set: an HTML page becomes a PNG
// at a given resolution (with the text a person reads on it, line by line, as
// the browser laid it out) or a PDF with a text layer.
//
// The truth of a text page comes from the layout, not from the template: every
// element marked `data-read` is a block of the reading order (in document
// order), and its words are grouped into the lines the browser broke them into.
// Text outside every `data-read` block (and not marked `data-skip`) is an error,
// so no visible word is missing from a page's truth.
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";

/** Paper sizes in CSS pixels (96 per inch) and as CSS lengths. */
export const PAPER = {
  A4: { width: 794, height: 1123, css: ["210mm", "297mm"] },
  Letter: { width: 816, height: 1056, css: ["8.5in", "11in"] },
} as const;
export type Paper = keyof typeof PAPER;

export interface ImageOptions {
  /** Width of the page in CSS pixels. */
  width: number;
  /** Height in CSS pixels; without it the image is as tall as the content. */
  height?: number;
  dpi: number;
  /** Read the page's truth (its `data-read` blocks). */
  truth?: boolean;
}

export interface RenderedImage {
  png: Buffer;
  /** The page's text, line by line in reading order (empty unless asked for). */
  lines: string[];
}

// A string, not a function: tsx would otherwise wrap helpers in its own
// `__name`, which does not exist inside the page.
const READ_LINES = `(() => {
  const skipped = (node) => node.parentElement && node.parentElement.closest("[data-skip]");
  const all = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = all.nextNode(); node; node = all.nextNode()) {
    if (node.data.trim() === "" || skipped(node)) continue;
    const parent = node.parentElement;
    if (parent && !parent.closest("[data-read]") && !parent.closest("style"))
      throw new Error("text outside every data-read block: " + node.data.trim().slice(0, 60));
  }
  const lines = [];
  for (const block of document.querySelectorAll("[data-read]")) {
    if (block.parentElement && block.parentElement.closest("[data-read]"))
      throw new Error("nested data-read blocks");
    let line = "";
    let prev = null;
    const flush = () => {
      if (line !== "") lines.push(line);
      line = "";
    };
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (skipped(node)) continue;
      const size = parseFloat(getComputedStyle(node.parentElement).fontSize);
      const words = /\\S+/g;
      let end = -1;
      for (let m = words.exec(node.data); m; m = words.exec(node.data)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        const first = rects[0];
        if (!first) continue;
        const last = rects[rects.length - 1];
        const mid = (first.top + first.bottom) / 2;
        const here = { mid, height: first.height, right: last.right, size };
        if (prev) {
          const sameLine =
            Math.abs(mid - prev.mid) < 0.5 * Math.min(first.height, prev.height) &&
            first.left > prev.right - 2;
          if (!sameLine) flush();
          else {
            // Whitespace in the source, or (between elements) a gap as wide as a space.
            const spaced = end >= 0 ? m.index > end : first.left - prev.right > 0.1 * Math.min(size, prev.size);
            line += spaced ? " " : "";
          }
        }
        line += m[0];
        prev = here;
        end = m.index + m[0].length;
      }
    }
    flush();
  }
  return lines;
})()`;

const OVERFLOW = `(() => {
  for (const sheet of document.querySelectorAll(".sheet")) {
    if (sheet.scrollHeight > sheet.clientHeight + 1 || sheet.scrollWidth > sheet.clientWidth + 1)
      return "the content overflows its page (" + sheet.scrollHeight + " > " + sheet.clientHeight + ")";
  }
  return "";
})()`;

export class Renderer {
  private constructor(
    private readonly browser: Browser,
    private readonly fonts: ReadonlySet<string>,
  ) {}

  /** `fonts`: the families a page may be drawn in; a page that falls back to any other is an error. */
  static async open(fonts: ReadonlySet<string>): Promise<Renderer> {
    const browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        // The same glyph shapes at every run: no subpixel positioning differences.
        "--font-render-hinting=none",
      ],
    });
    return new Renderer(browser, fonts);
  }

  private async load(html: string, width: number, height: number, dpi: number) {
    const context = await this.browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: dpi / 96,
      offline: true,
    });
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: "load" });
    await page.evaluate("document.fonts.ready.then(() => true)");
    const overflow = String(await page.evaluate(OVERFLOW));
    const strays = overflow === "" ? await this.strayFonts(context, page) : [];
    if (overflow !== "" || strays.length > 0) {
      await context.close();
      throw new Error(overflow || `drawn in fonts the set does not use: ${strays.join(", ")}`);
    }
    return { context, page };
  }

  /**
   * The families Chromium actually drew with that are not in the set's list: a
   * family name it does not know, or a glyph missing from the face, silently
   * falls back to a default (often a family the canvas generator uses).
   */
  private async strayFonts(context: BrowserContext, page: Page): Promise<string[]> {
    const cdp = await context.newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
    const { nodeIds } = await cdp.send("DOM.querySelectorAll", {
      nodeId: root.nodeId,
      selector: "body, body *",
    });
    const strays = new Set<string>();
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
      for (const font of fonts) if (!this.fonts.has(font.familyName)) strays.add(font.familyName);
    }
    await cdp.detach();
    return [...strays];
  }

  async image(html: string, options: ImageOptions): Promise<RenderedImage> {
    const { context, page } = await this.load(
      html,
      options.width,
      options.height ?? 64,
      options.dpi,
    );
    try {
      const lines = options.truth ? await page.evaluate(READ_LINES) : [];
      if (!Array.isArray(lines)) throw new Error("no lines read from the page");
      const png = await page.screenshot({
        type: "png",
        fullPage: options.height === undefined,
        animations: "disabled",
      });
      return { png, lines: lines.map(String) };
    } finally {
      await context.close();
    }
  }

  /** The page printed to PDF (one page of `paper`, no margins: the HTML sets its own). */
  async pdf(html: string, paper: Paper): Promise<Buffer> {
    const size = PAPER[paper];
    const { context, page } = await this.load(html, size.width, size.height, 1);
    try {
      const bytes = await page.pdf({
        width: size.css[0],
        height: size.css[1],
        margin: { top: "0", right: "0", bottom: "0", left: "0" },
        printBackground: true,
      });
      const pages = bytes.toString("latin1").match(/\/Type\s*\/Page\b/g)?.length ?? 0;
      if (pages !== 1) throw new Error(`the PDF has ${pages} pages, not 1`);
      return stableDates(bytes);
    } finally {
      await context.close();
    }
  }

  close(): Promise<void> {
    return this.browser.close();
  }
}

/** The PDF's creation and modification dates set to one fixed date of the same length, so a rerun writes the same bytes. */
function stableDates(pdf: Buffer): Buffer {
  const text = pdf.toString("latin1");
  const fixed = text.replace(
    /\/(CreationDate|ModDate) \(D:([^)]*)\)/g,
    (_, key: string, date: string) => {
      const stamp = "20240101000000+00'00'".padEnd(date.length, "0").slice(0, date.length);
      return `/${key} (D:${stamp})`;
    },
  );
  return Buffer.from(fixed, "latin1");
}
