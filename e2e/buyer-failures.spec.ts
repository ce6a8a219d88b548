// The buyer's way through when something goes wrong: an upload link that
// expired, a provider that fails, every provider failing, and a process call
// whose answer is lost. The service on PORTS.serviceFaults fails
// tesseract-native, pdf-text and tesseractjs-fast on every call and grants
// upload links for 2 s (playwright.config.ts).
import { PORTS } from "../playwright.config";
import { CATEGORY, expect, test } from "./fixtures";
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

const FAULTS_APP = `http://127.0.0.1:${PORTS.appFaults}`;
const FAULTS_SERVICE = `http://127.0.0.1:${PORTS.serviceFaults}`;
const key = process.env.E2E_API_KEY ?? "";

test.beforeAll(() => {
  // The leak checks search for the key: an empty one would find nothing.
  expect(key.length).toBeGreaterThan(16);
});

test.describe("when something goes wrong", () => {
  test("an upload link that expired on the way is renewed without the user doing anything", async ({
    page,
  }) => {
    const uploader = new Uploader(page);
    const leaks = watchForSecret(page, key);
    const grants = watchRequests(page, GRANT_PATH);
    const putStatuses: number[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "PUT") putStatuses.push(response.status());
    });
    // The first PUT is held on a slow network until its 2-second link has
    // lapsed; then the real storage answers it.
    let held = false;
    await page.route(`${FAULTS_SERVICE}/storage/**`, async (route) => {
      if (route.request().method() === "PUT" && !held) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 3_500));
      }
      await route.continue();
    });

    await uploader.goto(CATEGORY.textRecognition.id, FAULTS_APP);
    await uploader.add(fixture("letter.png"));
    await uploader.expectDone("letter.png");

    expect(putStatuses).toEqual([403, 200]);
    expect(grants).toHaveLength(2);
    const text = (await uploader.recognisedText.textContent()) ?? "";
    expect(characterErrorRate(text, trueText("letter.txt"))).toBeLessThanOrEqual(0.05);
    expect(leaks).toEqual([]);
  });

  test("a failing first-choice provider is answered by a backup, and the meta says so", async ({
    page,
  }) => {
    const uploader = new Uploader(page);
    const leaks = watchForSecret(page, key);
    await uploader.goto(CATEGORY.textRecognition.id, FAULTS_APP);
    await uploader.add(fixture("invoice.png"));
    await uploader.expectDone("invoice.png");

    await expect(uploader.failover).toHaveAttribute("data-failover-depth", "1");
    await expect(uploader.failover).toContainText(
      "Answered by a backup provider after 1 automatic retry",
    );
    const attempts = uploader.attempts.getByRole("listitem");
    await expect(attempts).toHaveCount(2);
    await expect(attempts.nth(0)).toContainText("tesseract-native");
    await expect(attempts.nth(0)).toContainText("Failed");
    await expect(attempts.nth(1)).toContainText("tesseractjs-best");
    await expect(attempts.nth(1)).toContainText("Answered");
    await expect(uploader.cost).toHaveText(/ USD$/);
    await expect(uploader.traceId).toHaveText(/^[0-9a-f]{32}$/);
    expect(leaks).toEqual([]);
  });

  test("every provider failing says so plainly, with a trace id for support", async ({ page }) => {
    const uploader = new Uploader(page);
    const leaks = watchForSecret(page, key);
    await uploader.goto(CATEGORY.pdfText.id, FAULTS_APP);
    await uploader.add(fixture("text-layer.pdf"));

    const row = uploader.row("text-layer.pdf");
    await expect(row).toHaveAttribute("data-stage", "failed", { timeout: 45_000 });
    await expect(row.getByTestId("upload-failure-title")).toHaveText(
      "We couldn't process this document",
    );
    await expect(row.getByTestId("upload-detail")).toContainText(
      "Every provider for this category failed",
    );
    await expect(row.getByTestId("trace-id")).toHaveText(/^[0-9a-f]{32}$/);
    await expect(row.getByTestId("upload-detail")).not.toContainText(/object Object|undefined/);
    await expect(uploader.result).toHaveCount(0);
    expect(leaks).toEqual([]);
  });

  test("a process call whose answer is lost is retried with the same key and makes one run", async ({
    page,
  }) => {
    const uploader = new Uploader(page);
    const leaks = watchForSecret(page, key);
    const processes = watchRequests(page, PROCESS_PATH);
    // The first call reaches the app and the service, which process the
    // document; its answer never reaches the browser.
    let lostTraceId: string | undefined;
    await page.route("**/api/categories/*/process", async (route) => {
      if (lostTraceId !== undefined) return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { meta?: { trace_id?: string } };
      lostTraceId = body.meta?.trace_id ?? "";
      await route.abort("connectionreset");
    });

    await uploader.goto(CATEGORY.textRecognition.id);
    await uploader.add(fixture("letter.png"));
    await uploader.expectDone("letter.png");

    expect(processes).toHaveLength(2);
    const keys = await Promise.all(processes.map((r) => r.headerValue("idempotency-key")));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(lostTraceId).toMatch(/^[0-9a-f]{32}$/);
    await expect(uploader.traceId).toHaveText(lostTraceId ?? "");

    await page.goto("/documents");
    const runs = page.getByTestId("my-document");
    await expect(runs).toHaveCount(1);
    await expect(runs).toContainText(lostTraceId ?? "");
    await expect(runs).toContainText("letter.png");
    expect(leaks).toEqual([]);
  });
});
