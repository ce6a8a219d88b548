// Every page of a multi-page TIFF is read (issue 25, item 6): a 3-page TIFF
// written at test time from fixtures with known text answers `pages: 3`, each
// page in order with its own words, through the process route and from every
// OCR engine; a TIFF over the page or pixel limits is refused in plain words
// before any engine runs; a page that cannot be decoded fails the document,
// never disappears from it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type OcrData,
  ocrDataSchema,
  processResultSchema,
  validationErrorSchema,
} from "@/lib/kernel/contract";
import { loadProviderConfig, loadRoutingConfig, loadRunConfig } from "../src/config";
import type { Provider } from "../src/providers/interface/types";
import { closeAll, createProviders } from "../src/registry";
import { createRouter } from "../src/router";

import { startService, type TestService } from "./helpers";
import {
  FIXTURES,
  OCR,
  processPath,
  type TestProvider,
  testProvider,
  testRouter,
  uploadBytes,
} from "./process-helpers";
import { greyPage, type TiffPage, writeTiff } from "./tiff-writer";
import { characterErrorRate } from "./truth";

const TIFF = "image/tiff";
/** Three pages with known text, each a different size. */
const PAGES = ["letter.png", "invoice.png", "calibration/table-2.png"];
const truthOf = (file: string) =>
  readFileSync(path.join(FIXTURES, file.replace(/\.png$/, ".txt")), "utf8");
/** ocr-accuracy.test.ts's bounds: these pages read at 0–1.5 % alone. */
const BOUNDS: Record<string, number> = {
  "tesseract-native": 0.02,
  "tesseractjs-best": 0.02,
  "tesseractjs-fast": 0.05,
  paddleocr: 0.04,
};

let pages: TiffPage[];
let tiff: Buffer;
beforeAll(async () => {
  pages = await Promise.all(PAGES.map((file) => greyPage(readFileSync(path.join(FIXTURES, file)))));
  tiff = writeTiff(pages);
});

/** Every page, numbered 1..3 in order, its size and its own text. */
function expectEveryPage(data: OcrData, bound: number) {
  expect(ocrDataSchema.safeParse(data).error).toBeUndefined();
  expect(data.pages.map((p) => p.number)).toEqual([1, 2, 3]);
  data.pages.forEach((page, i) => {
    const file = PAGES[i] ?? "";
    expect(page).toMatchObject({ width: pages[i]?.width, height: pages[i]?.height });
    const cer = characterErrorRate(page.text, truthOf(file));
    expect(cer, `page ${page.number} (${file}): "${page.text}"`).toBeLessThanOrEqual(bound);
  });
}

describe("a 3-page TIFF", () => {
  let svc: TestService;
  let providers: Map<string, Provider>;
  beforeAll(async () => {
    providers = createProviders(loadProviderConfig({ TESSERACTJS_POOL_SIZE: "1" }));
    svc = await startService({ router: createRouter(loadRoutingConfig({}), providers) });
  });
  afterAll(async () => {
    await svc?.close();
    await closeAll(providers);
  });

  it("answers pages: 3 through the process route, with every page's words in order", async () => {
    const doc = await uploadBytes(svc, OCR, tiff, TIFF);
    const res = await svc.postJson(processPath(OCR), {
      input: { document: doc.s3_uri, mime_type: TIFF },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { data, meta } = processResultSchema.parse(await res.json());
    expect(meta.pages).toBe(3);
    const ocr = data as unknown as OcrData;
    expectEveryPage(ocr, 0.02);
    expect(ocr.text).toBe(ocr.pages.map((p) => p.text).join("\n\n"));
  }, 120_000);

  it.each(Object.keys(BOUNDS))(
    "is read page by page by %s",
    async (name) => {
      const provider = providers.get(name) as Provider<OcrData>;
      const output = await provider.run({
        bytes: tiff,
        mimeType: TIFF,
        languageHints: ["en"],
        passthrough: {},
        signal: AbortSignal.timeout(120_000),
        traceId: "0".repeat(32),
      });
      expect(output.pages).toBe(3);
      expectEveryPage(output.data, BOUNDS[name] ?? 0);
    },
    120_000,
  );

  it("fails when a page cannot be decoded, naming the page, rather than answer without it", async () => {
    const [first, second, third] = pages as [TiffPage, TiffPage, TiffPage];
    const damaged = writeTiff([first, { ...second, data: second.data.subarray(0, 1000) }, third]);
    const doc = await uploadBytes(svc, OCR, damaged, TIFF);
    const res = await svc.postJson(processPath(OCR), {
      input: { document: doc.s3_uri, mime_type: TIFF },
    });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { attempts?: { error?: string }[] };
    expect(body.attempts?.length).toBeGreaterThan(0);
    for (const attempt of body.attempts ?? []) {
      expect(attempt.error).toBe("Page 2 of the TIFF could not be read");
    }
  }, 60_000);
});

describe("a TIFF over the page or pixel limits (422 before any provider)", () => {
  let svc: TestService;
  let provider: TestProvider;
  beforeAll(async () => {
    provider = testProvider("reader");
    svc = await startService({
      router: testRouter([provider]),
      runConfig: { ...loadRunConfig({}), maxPdfPages: 3 },
    });
  });
  afterAll(async () => {
    await svc?.close();
  });

  const refused = async (bytes: Buffer) => {
    const doc = await uploadBytes(svc, OCR, bytes, TIFF);
    const before = provider.calls.length;
    const res = await svc.postJson(processPath(OCR), {
      input: { document: doc.s3_uri, mime_type: TIFF },
    });
    expect(res.status).toBe(422);
    const { detail } = validationErrorSchema.parse(await res.json());
    expect(detail).toMatchObject([{ type: "value_error", loc: ["body", "input", "document"] }]);
    expect(provider.calls).toHaveLength(before);
    return detail[0]?.msg;
  };
  /** A page whose header says 20000 × 20000: only headers are read, so its pixels need not be there. */
  const poster = { width: 20_000, height: 20_000, data: new Uint8Array(16) };
  const small = { width: 40, height: 20, data: new Uint8Array(800).fill(255) };

  it("refuses more pages than MAX_PDF_PAGES, saying to split the file", async () => {
    expect(await refused(writeTiff([small, small, small, small]))).toMatch(
      /the TIFF has 4 pages; this service reads up to 3 pages of one document\. Split it/,
    );
  });

  it("refuses a page of too many pixels, naming the page", async () => {
    expect(await refused(writeTiff([small, poster]))).toMatch(
      /page 2 of the TIFF is 20000 × 20000 pixels \(400 megapixels\); this service reads pages up to 40 megapixels/,
    );
    expect(await refused(writeTiff([poster]))).toMatch(
      /the image is 20000 × 20000 pixels \(400 megapixels\); this service reads images up to 40 megapixels/,
    );
  });

  it("reads a TIFF within the limits", async () => {
    const doc = await uploadBytes(svc, OCR, writeTiff([small, small, small]), TIFF);
    const res = await svc.postJson(processPath(OCR), {
      input: { document: doc.s3_uri, mime_type: TIFF },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });
});
