// The whole product with no system packages (issue 14): tesseract, pdftoppm and
// pdftotext named where nothing is, the service still reads the scanned PDF, the
// text-layer PDF and the images, with the engines that come with npm (tesseract.js,
// PaddleOCR) and PDF pages drawn and read by pdfjs; the missing engine is said at
// start and never tried.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processResultSchema } from "@/lib/kernel/contract";
import { loadProviderConfig, loadRoutingConfig } from "../src/config";
import type { Provider } from "../src/providers/interface/types";
import { closeAll, createProviders, engineReport } from "../src/registry";
import { createRouter } from "../src/router";
import { startService, type TestService } from "./helpers";
import { OCR, PDF, processPath, uploadFixture } from "./process-helpers";
import { characterErrorRate, truthFile } from "./truth";

const HIDDEN = {
  TESSERACT_CMD: "/nonexistent/tesseract",
  PDF_RASTERISER: "pdftoppm",
  PDFTOPPM_CMD: "/nonexistent/pdftoppm",
  PDFTOTEXT_CMD: "/nonexistent/pdftotext",
};

describe("with tesseract, pdftoppm and pdftotext missing", () => {
  let svc: TestService;
  let providers: Map<string, Provider>;
  beforeAll(async () => {
    providers = createProviders(loadProviderConfig(HIDDEN));
    svc = await startService({ router: createRouter(loadRoutingConfig({}), providers) });
  });
  afterAll(async () => {
    await svc?.close();
    await closeAll(providers);
  });

  it("says at start which provider cannot run and what installs it, and what draws PDF pages", async () => {
    const report = await engineReport(providers, loadProviderConfig(HIDDEN));
    expect(report.unavailable).toEqual([
      { provider: "tesseract-native", requires: expect.stringMatching(/apt: tesseract-ocr/) },
    ]);
    expect(report.available).toEqual(
      expect.arrayContaining(["tesseractjs-best", "paddleocr", "pdf-text"]),
    );
    expect(report.pdfPages).toMatch(/^pdfjs .*"\/nonexistent\/pdftoppm" does not run here/);
    expect(report.pdfText).toMatch(/^pdfjs .*"\/nonexistent\/pdftotext" does not run here/);
  });

  it.each([
    ["letter.png", OCR, "image/png"],
    ["letter.jpg", OCR, "image/jpeg"],
    ["invoice.png", OCR, "image/png"],
    ["scanned.pdf", PDF, "application/pdf"],
    ["text-layer.pdf", PDF, "application/pdf"],
  ])("reads %s at the first attempt", async (file, category, mimeType) => {
    const doc = await uploadFixture(svc, category, file, mimeType);
    const res = await svc.postJson(processPath(category), {
      input: { document: doc.s3_uri, mime_type: mimeType },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { data, meta } = processResultSchema.parse(await res.json());
    expect(meta.failover_depth).toBe(0);
    expect(meta.provider).not.toBe("tesseract-native");
    const text = (data as { text: string }).text;
    expect(characterErrorRate(text, truthFile(file))).toBeLessThan(0.05);
  });
});
