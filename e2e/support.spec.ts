// The run ledger and the support console against the real service and app:
// a buyer's run is found by its trace id, by staff only; a stranger and a
// second buyer are refused; failed runs are listed with their error.
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { INTERRUPTED } from "../lib/ledger/resume";
import { SUPPORT_E2E_ACCOUNT } from "../playwright.config";
import {
  CATEGORY,
  expect,
  expectNoSeriousA11yViolations,
  shootDesktopAndPhone as shoot,
  test,
} from "./fixtures";
import { SupportConsole, signIn } from "./pages/support-console";

const LEDGER_PATH = ".data/e2e/app/ledger.sqlite";
const FIXTURES = path.resolve(process.cwd(), "fixtures");
/** A buyer sends invoice.png for text recognition; returns the trace id shown to them. */
async function processInvoice(page: Page): Promise<{ traceId: string; cost: string }> {
  await page.goto(`/categories/${CATEGORY.textRecognition.id}`);
  // The drop zone works once the page is hydrated.
  await page.waitForLoadState("networkidle");
  await page.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, "invoice.png"));
  await expect(page.getByTestId("upload-row")).toHaveCount(1);
  const result = page.getByTestId("result-view");
  await expect(result).toBeVisible({ timeout: 45_000 });
  const traceId = (await result.getByTestId("trace-id").textContent())?.trim() ?? "";
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  const cost = (await result.getByTestId("meta-cost").textContent())?.trim() ?? "";
  return { traceId, cost };
}

test.describe("run ledger and support console", () => {
  test.describe.configure({ timeout: 120_000 });

  test("staff find a buyer's run by its trace id and see the same data and meta", async ({
    page,
    browser,
  }) => {
    const { traceId, cost } = await processInvoice(page);

    // The buyer's own history lists it, newest first, with status and cost.
    await page.goto("/documents");
    const mine = page.getByTestId("my-document").first();
    await expect(mine).toHaveAttribute("data-run-id", traceId);
    await expect(mine).toContainText("invoice.png");
    await expect(mine.getByTestId("run-status")).toHaveText("Done");
    await expect(mine.getByTestId("my-document-cost")).toHaveText(cost);
    await shoot(page, "buyer-my-documents");
    await expect(mine.getByRole("link", { name: "invoice.png" })).toHaveAttribute(
      "href",
      `/runs/${traceId}`,
    );
    await page.goto(`/runs/${traceId}`);
    await expect(page.getByTestId("trace-id")).toHaveText(traceId);
    await shoot(page, "buyer-run-from-ledger");
    const buyerText = await page.getByTestId("recognised-text").textContent();

    // Staff, in a browser of their own.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await staff.goto("/support");
    await expect(staff).toHaveURL(/\/support\/sign-in\?next=%2Fsupport/);
    await shoot(staff, "support-sign-in");
    await new SupportConsole(staff).signIn(SUPPORT_E2E_ACCOUNT.username, "wrong password");
    await expect(staff.getByTestId("sign-in-error")).toHaveText(
      "That user name and password don't match.",
    );
    await shoot(staff, "support-sign-in-error");
    const support = new SupportConsole(staff);
    await support.signIn(SUPPORT_E2E_ACCOUNT.username, SUPPORT_E2E_ACCOUNT.password);
    await expect(staff.getByTestId("staff-name")).toHaveText(SUPPORT_E2E_ACCOUNT.username);
    await expect(staff.getByTestId("run-charts")).toBeVisible();
    await expectNoSeriousA11yViolations(staff);
    await shoot(staff, "support-home");

    await support.find(traceId);
    await expect(staff).toHaveURL(`/support/runs/${traceId}`);
    await expect(staff.getByTestId("run-id")).toHaveText(traceId);
    await expect(staff.getByTestId("run-status")).toHaveText("Done");
    await expect(staff.getByTestId("fact-file")).toHaveText("invoice.png");
    await expect(staff.getByTestId("answer-status")).toHaveText("HTTP 200");
    await expect(staff.getByTestId("run-timeline")).not.toContainText("Not reported");
    await expect(staff.getByTestId("trace-id")).toHaveText(traceId);
    await expect(staff.getByTestId("meta-cost")).toHaveText(cost);
    const staffText = await staff.getByTestId("recognised-text").textContent();
    expect(staffText?.length ?? 0).toBeGreaterThan(20);
    expect(staffText).toBe(buyerText);
    await expect(staff.getByText("X-API-Key")).toHaveCount(0);
    await expectNoSeriousA11yViolations(staff);
    await shoot(staff, "support-run-detail");

    // Export JSON: the whole run, with its data, never the buyer's session or the key.
    const exported = await staff.request.get(`/api/support/runs/${traceId}?download=1`);
    expect(exported.status()).toBe(200);
    expect(exported.headers()["content-disposition"]).toContain(`run-${traceId}.json`);
    const run = await exported.json();
    expect(run).toMatchObject({ id: traceId, status: "succeeded", fileName: "invoice.png" });
    expect(run.meta.trace_id).toBe(traceId);
    expect(run.data.text.length).toBeGreaterThan(20);
    expect(run).not.toHaveProperty("sessionId");
    expect(JSON.stringify(run)).not.toContain(process.env.E2E_API_KEY ?? "no key");

    // The same run is found by its Idempotency-Key and its object key.
    for (const fact of ["fact-idempotency-key", "fact-object-key"]) {
      const value = (await staff.getByTestId(fact).textContent())?.trim() ?? "";
      await staff.goto(`/support?q=${encodeURIComponent(value)}`);
      await expect(staff).toHaveURL(`/support/runs/${traceId}`);
    }

    // An id nobody has is said plainly.
    await staff.goto("/support");
    await support.find("0123456789abcdef0123456789abcdef");
    await expect(support.unknown).toContainText(
      "No run has the id 0123456789abcdef0123456789abcdef",
    );
    await shoot(staff, "support-lookup-unknown");

    // Signing out ends it.
    await staff.getByRole("button", { name: "Sign out" }).click();
    await expect(staff).toHaveURL(/\/support\/sign-in\?signed_out=1/);
    await staff.goto(`/support/runs/${traceId}`);
    await expect(staff).toHaveURL(/\/support\/sign-in/);
    await staffContext.close();
  });

  test("a signed-out visitor and a second buyer are refused", async ({ page, browser }) => {
    const { traceId } = await processInvoice(page);

    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    // Support pages send them to sign in; support APIs answer 401.
    await other.goto(`/support/runs/${traceId}`);
    await expect(other).toHaveURL(
      `/support/sign-in?next=${encodeURIComponent(`/support/runs/${traceId}`)}`,
    );
    for (const url of ["/api/support/runs", `/api/support/runs/${traceId}`]) {
      const answer = await other.request.get(url);
      expect(answer.status()).toBe(401);
      expect(await answer.json()).toMatchObject({ code: "unauthorized" });
    }
    // A forged staff cookie is worth nothing.
    await stranger.addCookies([
      {
        name: "docroute_support",
        value: "eyJ1Ijoic3VwcG9ydC1lMmUiLCJleHAiOjk5OTk5OTk5OTk5OTl9.AAAA",
        url: other.url(),
      },
    ]);
    expect((await other.request.get("/api/support/runs")).status()).toBe(401);

    // A second buyer session (a new browser) cannot open the first buyer's
    // result, and is told exactly what an unknown id gets.
    const unknown = `${traceId.slice(0, -4)}beef`;
    const shown = async (id: string) => {
      await other.goto(`/runs/${id}`);
      await expect(other.getByTestId("run-not-found")).toBeVisible();
      await expect(other.getByTestId("result-view")).toHaveCount(0);
      return ((await other.getByTestId("run-not-found").textContent()) ?? "").replace(id, "<id>");
    };
    expect(await shown(traceId)).toBe(await shown(unknown));
    await shoot(other, "buyer-run-refused");
    await other.goto("/documents");
    await expect(other.getByTestId("my-documents-empty")).toBeVisible();
    await shoot(other, "buyer-my-documents-empty");
    await stranger.close();
  });

  test("failed runs are recorded with the service's answer and listed with their error", async ({
    page,
    browser,
  }) => {
    // A process call for a granted document that was never uploaded: the service answers 422.
    await page.goto("/");
    const key = `e2e-fail-${Date.now()}`;
    const grant = await (
      await page.request.post(`/api/categories/${CATEGORY.textRecognition.id}/uploads`, {
        data: { contentType: "image/png" },
      })
    ).json();
    const failed = await page.request.post(
      `/api/categories/${CATEGORY.textRecognition.id}/process`,
      {
        data: { document: grant.s3Uri, mimeType: "image/png" },
        headers: { "Idempotency-Key": key },
      },
    );
    expect(failed.status()).toBe(422);
    // A grant for a coming-soon category: refused with 409, still a run.
    const refused = await page.request.post(`/api/categories/${CATEGORY.handwriting.id}/uploads`, {
      data: { contentType: "image/png" },
    });
    expect(refused.status()).toBe(409);

    await page.goto("/documents");
    await expect(page.getByTestId("my-document-error").first()).toBeVisible();
    // Its owner can open the failed run: what happened, and the id to give support.
    const refusedRun = page
      .getByTestId("my-document")
      .filter({ hasText: "Handwriting recognition" });
    await refusedRun.getByRole("link").click();
    await expect(page.getByTestId("error-state")).toContainText("Not taking documents yet");
    await shoot(page, "buyer-run-failed");

    const context = await browser.newContext();
    const staff = await context.newPage();
    await signIn(staff, "/support?outcome=failed");
    await expect(staff).toHaveURL("/support?outcome=failed");
    await expect(staff.getByLabel("Outcome")).toHaveValue("failed");
    const row = staff.getByTestId("run-row").filter({ hasText: "category_inactive" }).first();
    await expect(row).toContainText("409 category_inactive");
    await expect(staff.getByTestId("run-row").first().getByTestId("run-status")).toHaveText(
      "Failed",
    );
    await shoot(staff, "support-failed-runs");

    await staff.goto(`/support?q=${encodeURIComponent(key)}`);
    await expect(staff.getByTestId("run-status")).toHaveText("Failed");
    await expect(staff.getByTestId("answer-status")).toHaveText("HTTP 422");
    await expect(staff.getByTestId("answer-error")).toContainText("validation_failed");
    await expect(staff.getByText("Error body")).toBeVisible();
    await shoot(staff, "support-run-failed");

    // Filters that match nothing say so.
    await staff.goto("/support?outcome=failed&min_cost=1000");
    await expect(staff.getByTestId("runs-empty")).toContainText("No runs match these filters");
    await shoot(staff, "support-runs-empty");
    await context.close();
  });

  test("a run an app restart interrupted and an upload never processed end in plain words for the buyer and support", async ({
    page,
    browser,
  }) => {
    // Two grants as the uploader asks for them; one upload reported finished.
    await page.goto("/documents");
    // As the uploader does: the grant carries the file's name for the history,
    // and only a finished upload is reported.
    const grant = async (fileName: string, uploaded: boolean) =>
      page.evaluate(
        async ({ category, fileName, uploaded }) => {
          const headers = { "Content-Type": "application/json" };
          const res = await fetch(`/api/categories/${category}/uploads`, {
            method: "POST",
            headers,
            body: JSON.stringify({ contentType: "image/png", fileName, size: 48_213 }),
          });
          const { objectKey } = (await res.json()) as { objectKey: string };
          if (uploaded)
            await fetch(`/api/runs/${encodeURIComponent(objectKey)}/uploaded`, { method: "POST" });
          return objectKey;
        },
        { category: CATEGORY.textRecognition.id, fileName, uploaded },
      );
    const interruptedKey = await grant("receipt.png", true);
    const unfinishedKey = await grant("lease-scan.png", false);
    // The state the ledger leaves them in (lib/ledger/resume.ts, unprocessed.ts):
    // the first ended as interrupted by a resume, the second idle for two hours.
    const ledger = new Database(LEDGER_PATH);
    try {
      const hoursAgo = Date.now() - 2 * 3_600_000;
      // Granted, uploaded and sent two hours ago; ended by a resume once no call could still run.
      const key = randomUUID();
      const request = {
        headers: { "Idempotency-Key": key },
        body: {
          input: { document: `s3://docroute-local/${interruptedKey}`, mime_type: "image/png" },
          input_ref: interruptedKey,
        },
      };
      ledger
        .prepare(
          "update ledger_runs set status = 'failed', error_code = 'interrupted', error_message = ?, created_at = ?, granted_at = ?, uploaded_at = ?, process_started_at = ?, process_ended_at = ?, updated_at = ?, idempotency_key = ?, request = ? where object_key = ?",
        )
        .run(
          INTERRUPTED.message,
          hoursAgo,
          hoursAgo,
          hoursAgo + 1_500,
          hoursAgo + 1_800,
          hoursAgo + 191_800,
          hoursAgo + 191_800,
          key,
          JSON.stringify(request),
          interruptedKey,
        );
      ledger
        .prepare(
          "update ledger_runs set created_at = ?, granted_at = ?, updated_at = ? where object_key = ?",
        )
        .run(hoursAgo, hoursAgo, hoursAgo, unfinishedKey);
    } finally {
      ledger.close();
    }

    // My documents: the idle upload is settled on a read (at most every 10 s per instance).
    const interrupted = page.getByTestId("my-document").filter({ hasText: "receipt.png" });
    await expect(async () => {
      await page.reload();
      await expect(
        page
          .getByTestId("my-document")
          .filter({ hasText: "lease-scan.png" })
          .getByTestId("run-status"),
      ).toHaveText("Not processed", { timeout: 1000 });
    }).toPass({ timeout: 30_000, intervals: [2000] });
    // Shown by its file's name, though its bytes never reached storage.
    const unfinished = page.getByTestId("my-document").filter({ hasText: "lease-scan.png" });
    await expect(unfinished.getByTestId("my-document-error")).toHaveText(
      /The upload didn't finish/,
    );
    await expect(interrupted.getByTestId("run-status")).toHaveText("Failed");
    await expect(page.getByTestId("my-document")).toHaveCount(2);
    await expect(interrupted.getByTestId("my-document-error")).toHaveText(/app restarted/);
    await shoot(page, "buyer-my-documents-interrupted-not-processed");

    await interrupted.getByRole("link").click();
    await expect(page.getByRole("heading", { name: "Processing was interrupted" })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, "buyer-run-interrupted");

    await page.goto("/documents");
    await unfinished.getByRole("link").click();
    await expect(page.getByRole("heading", { name: "Not processed" })).toBeVisible();
    await expect(page.getByTestId("run-status")).toHaveText("Not processed");
    await expect(page.getByRole("link", { name: "Send it again" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, "buyer-run-not-processed");

    // Support: the filter lists it, the run page says what happened.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signIn(staff, "/support?outcome=not_processed");
    await expect(staff.getByTestId("run-charts")).toContainText("not processed");
    await staff.getByRole("link", { name: "lease-scan.png" }).first().click();
    await expect(staff).toHaveURL(/\/support\/runs\/local-/);
    await expect(staff.getByTestId("run-status")).toHaveText("Not processed");
    await expect(staff.getByTestId("answer-not-processed")).toContainText("upload_not_finished");
    await expectNoSeriousA11yViolations(staff);
    await shoot(staff, "support-run-not-processed");
    await staff.goto("/support");
    await new SupportConsole(staff).find(interruptedKey);
    await expect(staff.getByTestId("answer-error-title")).toHaveText("Processing was interrupted");
    await shoot(staff, "support-run-interrupted");
    await staffContext.close();
  });
});
