// The real page and what a person takes away, against the real service: a
// scanned 3-page PDF (made here, pages of three sizes) shows its own three
// pages with the word boxes over them, at desktop and phone width; its
// searchable PDF reads back with pdftotext as the answer's text and keeps every
// page's size; the buyer's later visit and the support console show the
// original (support's view recorded in the run's timeline); a TIFF's page is
// decoded in the browser and its searchable PDF sized from the TIFF's own
// resolution; a tap on a phone shows a word's, a cell's box; the support charts
// keep their shape.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "@cantoo/pdf-lib";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import {
  CATEGORY,
  expect,
  expectNoSeriousA11yViolations,
  shootDesktopAndPhone,
  test,
} from "./fixtures";
import { signIn } from "./pages/support-console";
import { characterErrorRate, FIXTURES, fixture, PROCESS_PATH, Uploader } from "./pages/uploader";

const SCAN = "scanned-3-pages.pdf";
/** Letter, A4 and A5, in points: each page must keep its own. */
const SIZES: [number, number][] = [
  [612, 792],
  [595.28, 841.89],
  [419.53, 595.28],
];
const MAX_CER = 0.01;

interface OcrAnswer {
  data: { text: string; pages: { number: number; words: unknown[] }[] };
  meta: { trace_id: string };
}

/** A PDF of three scanned pages: each a picture of a printed page and no text layer. */
async function makeScan(dir: string): Promise<string> {
  const doc = await PDFDocument.create();
  const pictures = ["letter.png", "german-letter.png", "letter.jpg"];
  for (const [i, name] of pictures.entries()) {
    const bytes = readFileSync(path.join(FIXTURES, name));
    const image = name.endsWith(".jpg") ? await doc.embedJpg(bytes) : await doc.embedPng(bytes);
    const [width, height] = SIZES[i] ?? [612, 792];
    const page = doc.addPage([width, height]);
    const shown = width - 60;
    page.drawImage(image, {
      x: 30,
      y: height - 40 - (shown * image.height) / image.width,
      width: shown,
      height: (shown * image.height) / image.width,
    });
  }
  const file = path.join(dir, SCAN);
  writeFileSync(file, await doc.save());
  return file;
}

function pdfSizes(file: string): string[] {
  const info = execFileSync("pdfinfo", ["-f", "1", "-l", "3", file], { encoding: "utf8" });
  return [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+ x [\d.]+)/g)].map((m) => m[1] ?? "");
}

/** Share of a canvas's pixels that are ink (dark): 0 for a blank page. */
async function inkShare(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const context = c.getContext("2d");
    if (!context || c.width === 0 || c.height === 0) return 0;
    const { data } = context.getImageData(0, 0, c.width, c.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) {
      const light =
        0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
      if ((data[i + 3] ?? 0) > 0 && light < 128) dark += 1;
    }
    return dark / (data.length / 4);
  });
}

/** Every page of the result: its own page drawn in a canvas with ink on it, and word boxes over it. */
async function expectRealPages(scope: Locator, count: number): Promise<void> {
  const pages = scope.getByTestId("ocr-page");
  await expect(pages).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    const page = pages.nth(i);
    await page.scrollIntoViewIfNeeded();
    const canvas = page.getByTestId("page-canvas");
    await expect(canvas).toHaveAttribute("data-drawn", "true", { timeout: 20_000 });
    await expect(page.getByTestId("page-view")).toHaveAttribute("data-page-source", "document");
    expect(await page.locator("[data-testid=word-boxes] rect").count()).toBeGreaterThan(3);
    const ink = await inkShare(canvas);
    expect(ink, `page ${i + 1} has ink`).toBeGreaterThan(0.0005);
    expect(ink, `page ${i + 1} is not all ink`).toBeLessThan(0.5);
    // The page's shape is the document's: the canvas fills the sheet's box.
    const [box, sheet] = await Promise.all([
      canvas.boundingBox(),
      page.getByTestId("page-view").boundingBox(),
    ]);
    expect(Math.abs((box?.height ?? 0) - (sheet?.height ?? 0))).toBeLessThan(3);
  }
}

async function downloadOf(page: Page, button: Locator, dir: string): Promise<string> {
  const downloading = page.waitForEvent("download");
  await button.click();
  const download = await downloading;
  const file = path.join(dir, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

test.describe("the real page", () => {
  test.setTimeout(240_000);

  test("a scanned 3-page PDF: its own pages under the boxes, a searchable PDF, the original for support", async ({
    page,
    browser,
  }, testInfo) => {
    const dir = testInfo.outputPath("files");
    mkdirSync(dir, { recursive: true });
    const scan = await makeScan(dir);
    const uploader = new Uploader(page);
    await uploader.goto(CATEGORY.textRecognition.id);
    const answering = page.waitForResponse((r) => PROCESS_PATH.test(new URL(r.url()).pathname));
    await uploader.add(scan);
    const answer = (await (await answering).json()) as OcrAnswer;
    await uploader.expectDone(SCAN, 150_000);
    expect(answer.data.pages.map((p) => p.number)).toEqual([1, 2, 3]);

    // Three real pages with their boxes, at desktop and at phone width.
    await expectRealPages(uploader.result, 3);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectRealPages(uploader.result, 3);
    await page.setViewportSize({ width: 1280, height: 900 });
    await shootDesktopAndPhone(page, "ocr-scanned-pdf");

    // The searchable PDF: the answer's text, every page its own size.
    const pdf = await downloadOf(page, uploader.result.getByTestId("searchable-pdf"), dir);
    expect(path.basename(pdf)).toBe("scanned-3-pages-searchable.pdf");
    const text = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" });
    expect(characterErrorRate(text, answer.data.text)).toBeLessThanOrEqual(MAX_CER);
    expect(pdfSizes(pdf)).toEqual(pdfSizes(scan));
    const markdown = await downloadOf(
      page,
      uploader.result.getByRole("button", { name: "Download Markdown" }),
      dir,
    );
    expect(readFileSync(markdown, "utf8")).toContain("\n---\n");

    // A later visit: the buyer's own original comes back through a short-lived link.
    const traceId = answer.meta.trace_id;
    await page.goto(`/runs/${traceId}`);
    await expectRealPages(page.getByTestId("ocr-result"), 3);

    // Support: the words until the original is asked for; each view on the timeline.
    const staff = await (await browser.newContext()).newPage();
    await signIn(staff, `/support/runs/${traceId}`);
    const note = staff.getByTestId("page-note");
    await expect(note).toContainText("each view is recorded");
    await expect(staff.getByTestId("run-event")).toHaveCount(0);
    await staff.getByTestId("show-original").click();
    await expectRealPages(staff.getByTestId("ocr-result"), 3);
    await expect(staff.getByTestId("run-event")).toHaveCount(1);
    await expect(staff.getByTestId("run-event")).toContainText(
      "Original document opened by support (support-e2e)",
    );
    const fromSupport = await downloadOf(staff, staff.getByTestId("searchable-pdf"), dir);
    expect(pdfSizes(fromSupport)).toEqual(pdfSizes(scan));
    await shootDesktopAndPhone(staff, "support-scanned-pdf");

    // Another buyer gets nothing from the app for this run, by any link.
    const other = await (await browser.newContext()).newPage();
    // A buyer of their own: a grant gives the browser its buyer session.
    const granted = await other.request.post(
      `/api/categories/${CATEGORY.textRecognition.id}/uploads`,
      { data: { contentType: "image/png" } },
    );
    expect(granted.ok()).toBe(true);
    for (const id of [traceId, SCAN]) {
      const refused = await other.request.post(`/api/runs/${encodeURIComponent(id)}/original`);
      expect(refused.status()).toBe(404);
      expect(await refused.text()).not.toContain("signature");
    }
    await other.goto(`/runs/${traceId}`);
    await expect(other.getByTestId("run-not-found")).toBeVisible();
  });

  test("a TIFF: its page decoded in the browser under the boxes, and a searchable PDF of it", async ({
    page,
  }, testInfo) => {
    const dir = testInfo.outputPath("files");
    mkdirSync(dir, { recursive: true });
    // 300 dpi stated in the file: the PDF page is the picture's size in inches.
    const tiff = path.join(dir, "letter.tiff");
    await sharp(path.join(FIXTURES, "letter.png"))
      .withMetadata({ density: 300 })
      .tiff({ compression: "lzw" })
      .toFile(tiff);
    const uploader = new Uploader(page);
    await uploader.goto(CATEGORY.textRecognition.id);
    const answering = page.waitForResponse((r) => PROCESS_PATH.test(new URL(r.url()).pathname));
    await uploader.add(tiff);
    const answer = (await (await answering).json()) as OcrAnswer;
    await uploader.expectDone("letter.tiff");
    await expectRealPages(uploader.result, 1);
    const pdf = await downloadOf(page, uploader.result.getByTestId("searchable-pdf"), dir);
    const text = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8" });
    expect(characterErrorRate(text, answer.data.text)).toBeLessThanOrEqual(MAX_CER);
    // 1400 × 330 px at 300 dpi: 336 × 79.2 points.
    expect(pdfSizes(pdf)).toEqual(["336 x 79.2"]);
  });

  test("on a phone, a tap shows a word's box and a table cell's box", async ({ browser }) => {
    const context = await browser.newContext({
      hasTouch: true,
      isMobile: true,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const uploader = new Uploader(page);

    await uploader.goto(CATEGORY.textRecognition.id);
    await uploader.add(fixture("letter.png"));
    await uploader.expectDone("letter.png");
    const word = uploader.result.locator("[data-testid=word-boxes] rect").nth(2);
    await word.scrollIntoViewIfNeeded();
    await word.tap();
    await expect(uploader.result.getByTestId("picked-word-box")).toBeVisible();
    await expect(uploader.result.getByTestId("picked-word")).toHaveText(
      /^“.+”: \d+% confidence, page 1$/,
    );

    await uploader.goto(CATEGORY.tables.id);
    await uploader.add(fixture("calibration/tables/ruled-wrapped-1.pdf"));
    await uploader.expectDone("ruled-wrapped-1.pdf", 120_000);
    const cell = uploader.result.getByTestId("table-grid").locator("tbody td").nth(1);
    await cell.scrollIntoViewIfNeeded();
    await cell.tap();
    const highlight = uploader.result.getByTestId("highlight-box");
    await expect(highlight).toHaveAttribute("data-highlight", /^table:0:\d+:1$/);
    // The box is drawn over the PDF's own page.
    await expect(uploader.result.getByTestId("page-canvas")).toHaveAttribute("data-drawn", "true");
    await shootDesktopAndPhone(page, "table-result-touch");
    await context.close();
  });

  test("the support charts keep their shape on a phone and show every value to a keyboard", async ({
    page,
  }) => {
    await signIn(page, "/support");
    await page.setViewportSize({ width: 390, height: 844 });
    const charts = page.getByTestId("bar-chart");
    await expect(charts.first()).toBeVisible();
    for (const chart of await charts.all()) {
      const box = await chart.boundingBox();
      const [, , w, h] = ((await chart.getAttribute("viewBox")) ?? "").split(" ").map(Number);
      expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - (w ?? 0) / (h ?? 1))).toBeLessThan(
        0.05,
      );
    }
    const bars = charts.first().getByTestId("chart-bar");
    await bars.first().focus();
    const firstLabel = await bars.first().getAttribute("aria-label");
    await page.keyboard.press("ArrowRight");
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    expect(focused).toBe(await bars.nth(1).getAttribute("aria-label"));
    expect(focused).not.toBe(firstLabel);
    await shootDesktopAndPhone(page, "support-charts");
  });
});
