// Faults: things break mid-way, on real processes, and nothing is lost.
// Each test starts its own Routing Service and app (e2e/fault-processes.ts)
// and kills or cuts them; the shared webServers are not touched.

import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { crc32 } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { hashPasswordSync } from "../lib/auth/password";
import { SUPPORT_E2E_ACCOUNT } from "../playwright.config";
import {
  FAULT_PORTS,
  freshDataDir,
  type Managed,
  startApp,
  startCuttingProxy,
  startService,
} from "./fault-processes";
import { CATEGORY } from "./fixtures";
import { HomePage } from "./pages/home-page";
import { SupportConsole } from "./pages/support-console";
import { characterErrorRate, fixture, PROCESS_PATH, trueText, Uploader } from "./pages/uploader";

const key = process.env.E2E_API_KEY ?? "";
const sessionSecret = process.env.E2E_SESSION_SECRET ?? "";

const SHOTS = process.env.SCREENSHOTS_DIR;
/** With SCREENSHOTS_DIR set, keeps the screen for a person to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The app's ledger rows, read straight from its SQLite file. */
function readRuns(ledgerPath: string): { status: string; idempotency_key: string | null }[] {
  const db = new Database(ledgerPath, { readonly: true });
  try {
    return db.prepare("select status, idempotency_key from ledger_runs").all() as {
      status: string;
      idempotency_key: string | null;
    }[];
  } finally {
    db.close();
  }
}

/** Stopped after each test, whatever happened in it. */
let owned: Managed[] = [];
let closers: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  await Promise.all(owned.map((p) => p.kill()));
  await Promise.all(closers.map((close) => close()));
  owned = [];
  closers = [];
});
const own = (proc: Managed) => {
  owned.push(proc);
  return proc;
};

/**
 * letter.png with a 2 MiB private ancillary chunk of random bytes before its
 * IEND: still the same PNG to every decoder, but big enough that a PUT can be
 * cut in the middle of its body.
 */
async function bigLetterPng(): Promise<Buffer> {
  const png = await readFile(fixture("letter.png"));
  const iend = png.length - 12;
  const payload = randomBytes(2 * 1024 * 1024);
  const type = Buffer.from("prVt");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(payload.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, payload])));
  return Buffer.concat([png.subarray(0, iend), length, type, payload, crc, png.subarray(iend)]);
}

test.describe("faults", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a connection cut during the PUT is retried by the browser, and the stored object is whole", async ({
    page,
  }) => {
    const { cutService, cutProxy, cutApp } = FAULT_PORTS;
    const dataDir = path.join(freshDataDir("faults-cut"), "service");
    const proxyUrl = `http://127.0.0.1:${cutProxy}`;
    const proxy = await startCuttingProxy({
      port: cutProxy,
      targetPort: cutService,
      pathPrefix: "/storage/",
      cutAfterBytes: 256 * 1024,
      cutCount: 2,
    });
    closers.push(proxy.close);
    // Upload URLs name the proxy, so every PUT of the browser goes through it.
    await Promise.all([
      startService({
        port: cutService,
        apiKey: key,
        dataDir,
        appPorts: [cutApp],
        publicUrl: proxyUrl,
      }).then(own),
      startApp({
        port: cutApp,
        servicePort: cutService,
        apiKey: key,
        sessionSecret,
        ledgerPath: ".data/e2e/faults-cut/app/ledger.sqlite",
        uploadOrigins: proxyUrl,
      }).then(own),
    ]);

    const file = await bigLetterPng();
    const puts: string[] = [];
    const failedPuts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PUT") puts.push(r.url());
    });
    page.on("requestfailed", (r) => {
      if (r.method() === "PUT") failedPuts.push(r.failure()?.errorText ?? "failed");
    });

    const uploader = new Uploader(page);
    await uploader.goto(CATEGORY.textRecognition.id, `http://127.0.0.1:${cutApp}`);
    await uploader.add({ name: "big-letter.png", mimeType: "image/png", buffer: file });
    await uploader.expectDone("big-letter.png", 90_000);

    // PUTs were cut mid-body, the page saw it, and the uploader tried again by
    // itself until one went through.
    expect(proxy.cuts()).toBe(2);
    expect(failedPuts.length).toBeGreaterThanOrEqual(1);
    expect(puts.length).toBe(failedPuts.length + 1);
    expect(new Set(puts).size, "the retry reuses the same upload URL").toBe(1);

    // Storage holds exactly the file, byte for byte, and no half of the cut one.
    const objectKey = decodeURIComponent(
      new URL(puts[0] ?? "").pathname.replace(/^\/storage\//, ""),
    );
    const stored = await readFile(path.join(dataDir, "objects", objectKey));
    expect(stored.length).toBe(file.length);
    expect(stored.equals(file)).toBe(true);
    await expect
      .poll(() => readdir(path.join(dataDir, "objects", ".tmp")), {
        message: "the cut PUT's partial temp file is removed",
      })
      .toEqual([]);

    // And the service read that whole object: the letter's text.
    const text = (await uploader.recognisedText.textContent()) ?? "";
    expect(characterErrorRate(text, trueText("letter.txt"))).toBeLessThanOrEqual(0.05);
  });

  test("the service down when the app starts: a plain unavailable state, then the app recovers without a restart", async ({
    page,
  }) => {
    const { lateService, lateApp } = FAULT_PORTS;
    const dir = freshDataDir("faults-late");
    const appUrl = `http://127.0.0.1:${lateApp}`;
    own(
      await startApp({
        port: lateApp,
        servicePort: lateService,
        apiKey: key,
        sessionSecret,
        ledgerPath: ".data/e2e/faults-late/app/ledger.sqlite",
      }),
    );

    const home = new HomePage(page);
    const response = await page.goto(`${appUrl}/`);
    expect(response?.status(), "no crash, no 500").toBeLessThan(500);
    await expect(home.heading).toHaveText("What should we do with your documents?");
    await expect(home.errorState).toContainText("We can't reach the document service");
    await expect(home.cards).toHaveCount(0);
    const api = await page.request.get(`${appUrl}/api/categories`);
    expect(api.status()).toBe(503);
    expect(await api.json()).toMatchObject({ code: "service_unreachable" });

    // The service comes up on the port the app was given; the same app recovers.
    own(
      await startService({
        port: lateService,
        apiKey: key,
        dataDir: path.join(dir, "service"),
        appPorts: [lateApp],
      }),
    );
    await home.errorState.getByRole("link", { name: "Try again" }).click();
    await expect(home.cards).toHaveCount(6);
    await expect(home.errorState).toHaveCount(0);

    const uploader = new Uploader(page);
    await uploader.goto(CATEGORY.textRecognition.id, appUrl);
    await uploader.add(fixture("letter.png"));
    await uploader.expectDone("letter.png");
    const text = (await uploader.recognisedText.textContent()) ?? "";
    expect(characterErrorRate(text, trueText("letter.txt"))).toBeLessThanOrEqual(0.05);
  });

  test("the app killed during a run: the run stays findable and ends with its real outcome", async ({
    browser,
  }) => {
    const { restartService, restartApp } = FAULT_PORTS;
    const dir = freshDataDir("faults-restart");
    const appUrl = `http://127.0.0.1:${restartApp}`;
    const app = {
      port: restartApp,
      servicePort: restartService,
      apiKey: key,
      sessionSecret,
      ledgerPath: ".data/e2e/faults-restart/app/ledger.sqlite",
      supportAccounts: `${SUPPORT_E2E_ACCOUNT.username}:${hashPasswordSync(SUPPORT_E2E_ACCOUNT.password)}`,
    };
    // The first-choice provider (an LSTM engine) takes 8 s, so the app can die mid-run.
    const [, firstApp] = await Promise.all([
      startService({
        port: restartService,
        apiKey: key,
        dataDir: path.join(dir, "service"),
        appPorts: [restartApp],
        providerFaults: "tesseractjs-best=delay:8000;tesseract-native=delay:8000",
      }).then(own),
      startApp(app).then(own),
    ]);

    const buyerContext = await browser.newContext();
    closers.push(() => buyerContext.close());
    const buyer = await buyerContext.newPage();
    const uploader = new Uploader(buyer);
    await uploader.goto(CATEGORY.textRecognition.id, appUrl);
    const processCall = buyer.waitForRequest((r) => PROCESS_PATH.test(new URL(r.url()).pathname));
    await uploader.add(fixture("letter.png"));
    // headers(), not headerValue(): the latter waits for the answer.
    const idempotencyKey = (await processCall).headers()["idempotency-key"] ?? "";
    expect(idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // The service is at work; the app process dies (SIGKILL) and the person closes the tab.
    await buyer.waitForTimeout(1500);
    await firstApp.kill();
    await buyer.close();
    // The precondition: the dead app left its run in progress, the service still at work.
    expect(readRuns(app.ledgerPath)).toEqual([
      expect.objectContaining({ idempotency_key: idempotencyKey, status: "in_progress" }),
    ]);

    own(await startApp(app));

    // The buyer comes back: the run is in "My documents", with a plain status.
    const back = await buyerContext.newPage();
    await back.goto(`${appUrl}/documents`);
    const runs = back.getByTestId("my-document");
    await expect(runs).toHaveCount(1);
    await expect(runs).toContainText("letter.png");
    await expect(runs.getByTestId("run-status")).toHaveText(/^(In progress|Done)$/);
    await shoot(back, "faults-my-documents-after-restart");

    // Support finds it by its Idempotency-Key and sees it end: the restarted
    // app asked the service again with the same key.
    const staffContext = await browser.newContext();
    closers.push(() => staffContext.close());
    const staff = await staffContext.newPage();
    await staff.goto(`${appUrl}/support`);
    const support = new SupportConsole(staff);
    await support.signIn(SUPPORT_E2E_ACCOUNT.username, SUPPORT_E2E_ACCOUNT.password);
    await expect(staff.getByTestId("staff-name")).toHaveText(SUPPORT_E2E_ACCOUNT.username);
    await support.find(idempotencyKey);
    await expect(staff.getByTestId("run-status")).toBeVisible();
    await expect(async () => {
      await staff.reload();
      await expect(staff.getByTestId("run-status")).toHaveText("Done", { timeout: 1000 });
    }).toPass({ timeout: 60_000, intervals: [2000] });
    const traceId = (await staff.getByTestId("run-id").textContent()) ?? "";
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    await expect(staff.getByTestId("answer-status")).toHaveText("HTTP 200");

    // The buyer's page updated by itself: one run, done, with the letter's text.
    await expect(runs.getByTestId("run-status")).toHaveText("Done", { timeout: 15_000 });
    await expect(runs).toHaveCount(1);
    await expect(runs).toHaveAttribute("data-run-id", traceId);
    await shoot(back, "faults-my-documents-recovered");
    await runs.getByRole("link", { name: "letter.png" }).click();
    await expect(back).toHaveURL(`${appUrl}/runs/${traceId}`);
    await expect(back.getByTestId("trace-id")).toHaveText(traceId);
    const text = (await back.getByTestId("recognised-text").textContent()) ?? "";
    expect(characterErrorRate(text, trueText("letter.txt"))).toBeLessThanOrEqual(0.05);
    await shoot(back, "faults-run-recovered");
  });
});
