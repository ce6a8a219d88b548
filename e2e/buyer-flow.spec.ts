// The buyer's way through, against the real service and app: a document is
// chosen, uploaded, processed, and its text, cost, latency, failover depth and
// trace id are shown. Also: what is refused before anything is sent.
import { writeFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { CATEGORY, expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import {
  characterErrorRate,
  fixture,
  GRANT_PATH,
  PROCESS_PATH,
  trueText,
  Uploader,
  watchForSecret,
  watchRequests,
} from "./pages/uploader";

const key = process.env.E2E_API_KEY ?? "";
/** Edits per true character the recognised text may differ by, whitespace aside. */
const MAX_CER = 0.05;

/** Records every stage a row shows, so a fast stage cannot slip by unseen. */
async function recordStages(uploader: Uploader): Promise<() => Promise<string[]>> {
  await uploader.page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __stages: seen });
    const note = (el: Element) => {
      const stage = el.getAttribute("data-stage");
      if (stage && seen.at(-1) !== stage) seen.push(stage);
    };
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.target instanceof Element && m.target.matches("[data-testid=upload-row]")) {
          note(m.target);
        }
        for (const node of m.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const row of node.querySelectorAll("[data-testid=upload-row]")) note(row);
          if (node.matches("[data-testid=upload-row]")) note(node);
        }
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["data-stage"],
    });
  });
  return () => uploader.page.evaluate(() => (window as unknown as { __stages: string[] }).__stages);
}

const HAPPY = [
  {
    file: "letter.png",
    truth: "letter.txt",
    category: CATEGORY.textRecognition,
    provider: /^tesseract/,
  },
  {
    file: "letter.jpg",
    truth: "letter-jpg.txt",
    category: CATEGORY.textRecognition,
    provider: /^tesseract/,
  },
  // The text layer is taken as written, by the provider that reads it.
  {
    file: "text-layer.pdf",
    truth: "text-layer.txt",
    category: CATEGORY.pdfText,
    provider: /^pdf-text$/,
  },
  {
    file: "scanned.pdf",
    truth: "scanned.txt",
    category: CATEGORY.textRecognition,
    provider: /^tesseract/,
  },
] as const;

test.describe("a document on its way through", () => {
  for (const { file, truth, category, provider } of HAPPY) {
    test(`${file} in ${category.name}: uploaded, processed, its text and meta shown`, async ({
      page,
    }) => {
      expect(key.length).toBeGreaterThan(16);
      const uploader = new Uploader(page);
      const stages = await recordStages(uploader);
      const leaks = watchForSecret(page, key);
      await uploader.goto(category.id);

      await uploader.add(fixture(file));
      await uploader.expectDone(file);
      const seen = await stages();
      expect(seen.filter((s) => ["uploading", "processing", "done"].includes(s))).toEqual([
        "uploading",
        "processing",
        "done",
      ]);

      await expect(uploader.result).toBeVisible();
      const text = (await uploader.recognisedText.textContent()) ?? "";
      expect(characterErrorRate(text, trueText(truth))).toBeLessThanOrEqual(MAX_CER);

      await expect(uploader.cost).toHaveText(/^\d+\.\d+ USD$/);
      await expect(uploader.latency).toHaveText(/^\d+(\.\d)? (ms|s)$|min/);
      await expect(uploader.failover).toHaveAttribute("data-failover-depth", /^\d+$/);
      await expect(uploader.failover).toContainText(/Answered by/);
      await expect(uploader.result.getByTestId("meta-provider")).toHaveText(provider);
      await expect(uploader.traceId).toHaveText(/^[0-9a-f]{32}$/);
      // The row says it too, and links to the result's own page.
      const traceId = (await uploader.traceId.textContent()) ?? "";
      await expect(
        uploader.row(file).getByRole("link", { name: "Open result page" }),
      ).toHaveAttribute("href", `/runs/${traceId}`);
      expect(leaks).toEqual([]);
    });
  }

  test("the result survives on its own page, and the category page with a result is accessible", async ({
    page,
  }) => {
    const uploader = new Uploader(page);
    const leaks = watchForSecret(page, key);
    await uploader.goto(CATEGORY.textRecognition.id);
    await uploader.add(fixture("invoice.png"));
    await uploader.expectDone("invoice.png");
    await expect(uploader.recognisedText).toBeVisible();
    await expect(uploader.result.getByTestId("word-boxes")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const traceId = (await uploader.traceId.textContent()) ?? "";
    const text = (await uploader.recognisedText.textContent()) ?? "";
    await uploader.row("invoice.png").getByRole("link", { name: "Open result page" }).click();
    await expect(page).toHaveURL(`/runs/${traceId}`);
    await page.reload();
    await expect(page.getByTestId("trace-id")).toHaveText(traceId);
    const again = (await page.getByTestId("recognised-text").textContent()) ?? "";
    expect(characterErrorRate(again, text)).toBe(0);
    expect(characterErrorRate(again, trueText("invoice.txt"))).toBeLessThanOrEqual(MAX_CER);
    expect(leaks).toEqual([]);
  });
});

test.describe("the uploader's own code", () => {
  /** Script responses holding the upload engine (its grant mutation's key). */
  function watchEngineScripts(page: Page): string[] {
    const seen: string[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      const body = await response.text().catch(() => "");
      if (body.includes('"upload-grant"')) seen.push(response.url());
    });
    return seen;
  }

  test("comes with the first file, not with the page", async ({ page }) => {
    const uploader = new Uploader(page);
    const engine = watchEngineScripts(page);
    await page.goto(`/categories/${CATEGORY.textRecognition.id}`, { waitUntil: "networkidle" });
    expect(engine).toEqual([]);
    await uploader.add(fixture("invoice.png"));
    await uploader.expectDone("invoice.png");
    expect(engine).toHaveLength(1);
  });

  test("a file added while the engine cannot be fetched is kept, and sent once it can be", async ({
    page,
  }) => {
    const uploader = new Uploader(page);
    await page.goto(`/categories/${CATEGORY.textRecognition.id}`, { waitUntil: "networkidle" });
    await page.route("**/_next/static/chunks/**", (route) => route.abort("internetdisconnected"));
    await uploader.add(fixture("invoice.png"));
    const error = page.getByTestId("upload-engine-error");
    await expect(error).toContainText("The uploader didn't finish loading");
    await expect(error).toContainText("Your file is still here and nothing has been sent");
    await expect(uploader.rows).toHaveCount(0);

    await page.unroute("**/_next/static/chunks/**");
    await error.getByRole("button", { name: "Try again" }).click();
    await uploader.expectDone("invoice.png");
    await expect(error).toHaveCount(0);

    // A refresh brings the queue back at once, without waiting for the pointer.
    await page.mouse.move(0, 0);
    await page.reload();
    await expect(uploader.stage("invoice.png")).toHaveText("Done");
  });
});

test.describe("refused before anything is sent", () => {
  test("a coming-soon category takes no documents and says why", async ({ page }) => {
    await page.goto(`/categories/${CATEGORY.handwriting.id}`);
    await expect(page.getByTestId("category-unavailable")).toContainText(
      "isn't taking documents yet",
    );
    await expect(page.getByTestId("drop-zone")).toHaveCount(0);
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
  });

  test("a wrong type and an oversize file are refused without asking for a grant", async ({
    page,
  }, testInfo) => {
    const uploader = new Uploader(page);
    const grants = watchRequests(page, GRANT_PATH);
    const processes = watchRequests(page, PROCESS_PATH);
    await uploader.goto(CATEGORY.textRecognition.id);
    await expect(uploader.rules).toContainText("25 MB");

    // A text file that calls itself .png: its first bytes give it away.
    await uploader.add(fixture("not-an-image.png"));
    await uploader.add({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("Just some notes, not a document.\n"),
    });
    // One byte over the 25 MiB limit, with a real PNG's first bytes (a file
    // on disk: the browser reads it in place, faster than a buffer sent over).
    const big = Buffer.alloc(25 * 1024 * 1024 + 1);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const bigPath = testInfo.outputPath("huge-scan.png");
    await writeFile(bigPath, big);
    await uploader.add(bigPath);

    for (const name of ["not-an-image.png", "notes.txt", "huge-scan.png"]) {
      await expect(uploader.row(name)).toHaveAttribute("data-stage", "failed");
      await expect(uploader.row(name).getByRole("button", { name: /Retry/ })).toHaveCount(0);
    }
    await expect(uploader.row("not-an-image.png").getByTestId("upload-detail")).toContainText(
      "its contents are not a PNG file",
    );
    await expect(uploader.row("notes.txt").getByTestId("upload-detail")).toContainText(
      "not accepted here",
    );
    await expect(uploader.row("huge-scan.png").getByTestId("upload-detail")).toContainText(
      "the limit is 25 MB",
    );
    await expect(uploader.result).toHaveCount(0);
    expect(grants.map((r) => r.url())).toEqual([]);
    expect(processes.map((r) => r.url())).toEqual([]);
  });
});
