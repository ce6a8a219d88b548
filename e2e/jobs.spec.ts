// A long document processed as a job, against the real service and app: a
// 12-page scanned PDF (made here from the sample pictures, pages with no text
// layer) is read page by page, its progress and each page's text shown as they
// come; a reload mid-job reads on; the run page follows it too; Cancel asks
// first and ends the run as Cancelled. SCREENSHOTS_DIR keeps the screens.
import { readFile } from "node:fs/promises";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import type { Page } from "@playwright/test";
import { imagePage, writePdf } from "../scripts/calibration/simple-pdf";
import { CATEGORY, expect, shootDesktopAndPhone, test } from "./fixtures";
import {
  characterErrorRate,
  fixture,
  PROCESS_PATH,
  trueText,
  Uploader,
  watchRequests,
} from "./pages/uploader";

const PAGES = 12;
/** The sample scans and their true text: each page holds two, one under the other. */
const SOURCES = [
  ["letter.png", "letter.txt"],
  ["invoice.png", "invoice.txt"],
  ["letter.jpg", "letter-jpg.txt"],
] as const;
const MAX_CER = 0.05;

/** Two sample scans one under the other on a white page, as PNG bytes. */
async function stacked(top: string, bottom: string): Promise<Buffer> {
  const [a, b] = await Promise.all(
    [top, bottom].map(async (name) => loadImage(await readFile(fixture(name)))),
  );
  if (!a || !b) throw new Error("no image");
  const margin = 60;
  const canvas = createCanvas(Math.max(a.width, b.width), a.height + b.height + 3 * margin);
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(a, 0, margin);
  context.drawImage(b, 0, a.height + 2 * margin);
  return canvas.toBuffer("image/png");
}

/**
 * The scanned document (pictures only, no text layer), and each page's true
 * text. Two samples a page make each page take long enough to read that the
 * job is still running when the test reloads or leaves the page.
 */
async function scannedPdf(name: string) {
  const pages = [];
  const truth: string[] = [];
  for (let i = 0; i < PAGES; i++) {
    const [imageA, textA] = SOURCES[i % SOURCES.length] ?? SOURCES[0];
    const [imageB, textB] = SOURCES[(i + 1) % SOURCES.length] ?? SOURCES[0];
    pages.push(await imagePage(await stacked(imageA, imageB), 200));
    truth.push(`${trueText(textA)}\n${trueText(textB)}`);
  }
  return { file: { name, mimeType: "application/pdf", buffer: writePdf(pages) }, truth };
}

/** Every text the progress label shows, in order, so a passing page cannot slip by unseen. */
async function recordLabels(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __labels: seen });
    new MutationObserver(() => {
      const text = document.querySelector("[data-testid=job-progress-label]")?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __labels: string[] }).__labels);
}

/** "Page 7 of 12" → 7. */
const pageOf = (label: string) => Number(/^Page (\d+) of 12$/.exec(label)?.[1] ?? Number.NaN);

test.describe("a long document as a job", () => {
  test.describe.configure({ timeout: 240_000 });

  test("12 scanned pages: progress page by page, the first page's text before the end, a reload reads on", async ({
    page,
  }) => {
    const { file, truth } = await scannedPdf("long-scan.pdf");
    const labels = await recordLabels(page);
    const uploader = new Uploader(page);
    await uploader.goto(CATEGORY.textRecognition.id);
    await uploader.add(file);

    const progress = page.getByTestId("job-progress");
    await expect(progress).toBeVisible({ timeout: 30_000 });
    const shownAt = Date.now();
    const label = progress.getByTestId("job-progress-label");
    const firstPage = progress.locator('[data-testid=job-page][data-page="1"]');
    await expect(firstPage).toBeVisible({ timeout: 20_000 });
    const firstPageMs = Date.now() - shownAt;
    // The first page's text is on screen while the rest are still being read.
    await expect(uploader.row(file.name)).toHaveAttribute("data-stage", "processing");
    await expect(label).toHaveText(/^Page ([1-9]|1[01]) of 12$/);
    const firstText = (await firstPage.getByTestId("job-page-text").textContent()) ?? "";
    expect(characterErrorRate(firstText, truth[0] ?? "")).toBeLessThanOrEqual(MAX_CER);
    console.log(`first page's text ${firstPageMs} ms after the progress showed`);
    await shootDesktopAndPhone(page, "job-progress");

    // A reload mid-job: the queue comes back and reads the same job on, pages and all,
    // without sending the document again.
    const sent = watchRequests(page, PROCESS_PATH);
    await page.reload();
    const reads = watchRequests(page, /^\/api\/runs\/[0-9a-f]{32}\/job$/);
    await expect(progress).toBeVisible({ timeout: 15_000 });
    await expect(progress.locator('[data-testid=job-page][data-page="1"]')).toBeVisible();
    await uploader.expectDone(file.name, 170_000);
    expect(sent).toEqual([]);
    expect(reads.length).toBeGreaterThan(0);

    // Page by page: the label counted up through the pages, never back.
    const counted = (await labels()).map(pageOf).filter((n) => !Number.isNaN(n));
    expect(counted.length, `labels seen: ${counted.join(", ")}`).toBeGreaterThanOrEqual(4);
    expect(counted).toEqual([...counted].sort((a, b) => a - b));
    expect(new Set(counted).size).toBeGreaterThanOrEqual(4);

    // The result holds every page, and its first page is the text shown while it ran.
    await expect(uploader.result).toBeVisible();
    const pagePicker = uploader.result.getByLabel("Page", { exact: true });
    for (let i = 0; i < PAGES; i++) {
      await pagePicker.selectOption(String(i));
      const text = (await uploader.recognisedText.textContent()) ?? "";
      if (i === 0) expect(text.trim()).toBe(firstText.trim());
      expect(characterErrorRate(text, truth[i] ?? ""), `page ${i + 1}`).toBeLessThanOrEqual(
        MAX_CER,
      );
    }
    await pagePicker.selectOption("0");
    await shootDesktopAndPhone(page, "job-result");
  });

  test("its own page follows the job, reads on after a reload, then shows the result", async ({
    page,
  }) => {
    const { file, truth } = await scannedPdf("long-scan-run-page.pdf");
    const uploader = new Uploader(page);
    await uploader.goto(CATEGORY.textRecognition.id);
    await uploader.add(file);
    const progress = page.getByTestId("job-progress");
    await expect(progress).toBeVisible({ timeout: 30_000 });

    // The buyer leaves for the run's own page while it runs.
    await progress.getByRole("link", { name: "Open its page" }).click();
    await expect(page).toHaveURL(/\/runs\/[0-9a-f]{32}$/);
    await expect(page.getByTestId("run-status")).toHaveText("In progress");
    await expect(progress.getByTestId("job-progress-label")).toHaveText(
      /^(Page \d+ of 12|Waiting to start.*)$/,
    );
    await expect(progress.locator('[data-testid=job-page][data-page="1"]')).toBeVisible({
      timeout: 20_000,
    });
    await shootDesktopAndPhone(page, "job-run-page-progress");
    await page.reload();
    await expect(progress.locator('[data-testid=job-page][data-page="1"]')).toBeVisible({
      timeout: 15_000,
    });

    // When the job ends, the page shows the result, as for any finished run.
    await expect(page.getByTestId("run-status")).toHaveText("Done", { timeout: 170_000 });
    const text = (await page.getByTestId("recognised-text").textContent()) ?? "";
    expect(characterErrorRate(text, truth[0] ?? "")).toBeLessThanOrEqual(MAX_CER);
    await shootDesktopAndPhone(page, "job-run-page-result");
  });

  test("Cancel asks first, then the run ends as Cancelled", async ({ page }) => {
    const { file } = await scannedPdf("long-scan-cancel.pdf");
    const uploader = new Uploader(page);
    await uploader.goto(CATEGORY.textRecognition.id);
    await uploader.add(file);
    const row = uploader.row(file.name);
    await expect(page.getByTestId("job-progress")).toBeVisible({ timeout: 30_000 });

    await row.getByRole("button", { name: `Cancel ${file.name}` }).click();
    const confirm = row.getByTestId("cancel-job-confirm");
    await expect(confirm).toContainText("Stop processing?");
    // Keep going changes nothing.
    await confirm.getByRole("button", { name: "Keep going" }).click();
    await expect(row).toHaveAttribute("data-stage", "processing");

    await row.getByRole("button", { name: `Cancel ${file.name}` }).click();
    await row.getByRole("button", { name: "Yes, cancel" }).click();
    await expect(row).toHaveAttribute("data-stage", "cancelled", { timeout: 15_000 });
    await expect(uploader.stage(file.name)).toHaveText("Cancelled");
    await expect(page.getByTestId("job-progress")).toBeHidden();

    // The run ends as Cancelled in the buyer's documents too.
    await page.goto("/documents");
    await expect(
      page.getByTestId("my-document").filter({ hasText: file.name }).getByTestId("run-status"),
    ).toHaveText("Cancelled");
  });
});
