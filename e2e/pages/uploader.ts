import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, type Request } from "@playwright/test";
import { distance } from "fastest-levenshtein";

/** The sample documents and their true text (`name.ext` beside `name.txt`). */
export const FIXTURES = path.resolve(process.cwd(), "fixtures");

export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

/** Whitespace collapsed, so line breaks and spacing do not count as errors. */
export function normaliseText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Character error rate of `got` against the true text: edits per true character. */
export function characterErrorRate(got: string, truth: string): number {
  const a = normaliseText(got);
  const b = normaliseText(truth);
  return distance(a, b) / Math.max(1, b.length);
}

export function trueText(name: string): string {
  return readFileSync(fixture(name), "utf8");
}

/** The drop zone, the queue of files and the finished result on a category page. */
export class Uploader {
  readonly dropZone: Locator;
  readonly input: Locator;
  readonly rules: Locator;
  readonly rows: Locator;
  readonly result: Locator;
  readonly recognisedText: Locator;
  readonly cost: Locator;
  readonly latency: Locator;
  readonly failover: Locator;
  readonly attempts: Locator;
  readonly traceId: Locator;

  constructor(readonly page: Page) {
    this.dropZone = page.getByTestId("drop-zone");
    this.input = this.dropZone.locator('input[type="file"]');
    this.rules = page.getByTestId("drop-zone-rules");
    this.rows = page.getByTestId("upload-row");
    this.result = page.getByTestId("upload-result");
    this.recognisedText = this.result.getByTestId("recognised-text");
    this.cost = this.result.getByTestId("meta-cost");
    this.latency = this.result.getByTestId("meta-latency");
    this.failover = this.result.getByTestId("meta-failover");
    this.attempts = this.result.getByTestId("meta-attempts");
    this.traceId = this.result.getByTestId("trace-id");
  }

  async goto(categoryId: string, baseUrl = ""): Promise<void> {
    await this.page.goto(`${baseUrl}/categories/${categoryId}`);
    await expect(this.dropZone).toBeVisible();
  }

  /** Chooses files as the drop zone's file dialog would. */
  async add(
    files: string | string[] | { name: string; mimeType: string; buffer: Buffer },
  ): Promise<void> {
    await this.input.setInputFiles(files);
  }

  row(name: string): Locator {
    return this.rows.filter({ hasText: name });
  }

  stage(name: string): Locator {
    return this.row(name).getByTestId("upload-stage");
  }

  /** Waits for the row to finish, failing with the row's own words if it failed. */
  async expectDone(name: string, timeout = 45_000): Promise<void> {
    const row = this.row(name);
    await expect(row).toHaveAttribute("data-stage", /^(done|failed)$/, { timeout });
    await expect(row, "the row failed").toHaveAttribute("data-stage", "done");
    await expect(this.stage(name)).toHaveText("Done");
  }
}

/** Every request the page sends whose path matches, in order. */
export function watchRequests(page: Page, pattern: RegExp): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (pattern.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

/**
 * Every response the browser receives whose body or headers hold `secret`
 * (the API key: it must never leave the server). Responses still arriving
 * as the page closes are skipped.
 */
export function watchForSecret(page: Page, secret: string): string[] {
  const leaks: string[] = [];
  page.on("response", async (response) => {
    try {
      const body = await response.body().catch(() => Buffer.alloc(0));
      const headers = JSON.stringify(await response.allHeaders());
      if (body.includes(secret) || headers.includes(secret)) leaks.push(response.url());
    } catch {
      // The page closed while the response was read.
    }
  });
  return leaks;
}

export const GRANT_PATH = /^\/api\/categories\/[^/]+\/uploads$/;
export const PROCESS_PATH = /^\/api\/categories\/[^/]+\/process$/;
