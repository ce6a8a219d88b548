// The providers on real engines (tesseract CLI, tesseract.js, pdfjs, pdftoppm)
// and the shared fixtures: output shape, failing cleanly on bad input,
// aborting, language hints, the engine pool, and the HTTP provider against a
// small local server. Every fixture through every provider, with its character
// error rate, is in ocr-accuracy.test.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { imageSize } from "image-size";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OcrData, ocrDataSchema } from "@/lib/kernel/contract";
import { writePdf } from "../../scripts/calibration/simple-pdf";
import { CATALOG } from "../src/catalog";
import { loadProviderConfig } from "../src/config";
import { resolveLanguage, toTesseractCode } from "../src/engines/language";
import { EnginePool, PoolBusyError } from "../src/engines/pool";
import { createNativeTesseract } from "../src/engines/tesseract-native";
import { parseTsv } from "../src/engines/tsv";
import { effectiveDpi, MAX_PAGE_PIXELS, openPdf, rasterisePage } from "../src/pages/pdf";
import { PageRasters } from "../src/providers/interface/rasters";
import type { Provider, ProviderInput } from "../src/providers/interface/types";
import { UnreadableDocumentError } from "../src/providers/interface/types";
import { createHttpProvider } from "../src/providers/text/http-provider";
import { ocrDocument } from "../src/providers/text/ocr-document";
import { closeAll, createProviders } from "../src/registry";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FIXTURES = path.resolve(repoRoot, "fixtures");
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

const TESSERACT_PROVIDERS = ["tesseract-native", "tesseractjs-best", "tesseractjs-fast"] as const;
const OCR_PROVIDERS = [...TESSERACT_PROVIDERS, "paddleocr"] as const;

function input(bytes: Buffer, mimeType: string, extra: Partial<ProviderInput> = {}): ProviderInput {
  return {
    bytes,
    mimeType,
    languageHints: [],
    passthrough: {},
    signal: AbortSignal.timeout(60_000),
    traceId: "0123456789abcdef0123456789abcdef",
    ...extra,
  };
}

/** Every word and line box lies inside its page. */
function expectBoxesInside(data: OcrData): void {
  for (const page of data.pages) {
    for (const span of [...page.words, ...page.lines]) {
      expect(span.bbox.x0).toBeGreaterThanOrEqual(0);
      expect(span.bbox.y0).toBeGreaterThanOrEqual(0);
      expect(span.bbox.x1).toBeLessThanOrEqual(page.width);
      expect(span.bbox.y1).toBeLessThanOrEqual(page.height);
      expect(span.bbox.x1).toBeGreaterThan(span.bbox.x0);
      expect(span.bbox.y1).toBeGreaterThan(span.bbox.y0);
    }
  }
}

let providers: Map<string, Provider>;
const provider = (name: string): Provider<OcrData> => {
  // Text-recognition providers: their data is text recognition data.
  const p = providers.get(name) as Provider<OcrData> | undefined;
  if (!p) throw new Error(`no provider ${name}`);
  return p;
};

beforeAll(() => {
  providers = createProviders(loadProviderConfig({ PDF_DPI: "150" }));
});
afterAll(() => closeAll(providers));

describe("registry", () => {
  it("has every provider the catalog names, and no HTTP provider unless configured", () => {
    expect([...providers.keys()].sort()).toEqual([
      "invoices-layout",
      "invoices-patterns",
      "paddleocr",
      "pdf-text",
      "tables-lattice",
      "tables-stream-paddle",
      "tables-stream-tesseract",
      "tesseract-native",
      "tesseractjs-best",
      "tesseractjs-fast",
    ]);
  });

  it("registers the HTTP provider, with its categories, when its URL is set", async () => {
    const configured = createProviders(
      loadProviderConfig({
        HTTP_PROVIDER_URL: "http://127.0.0.1:9/ocr",
        HTTP_PROVIDER_NAME: "acme-ocr",
        HTTP_PROVIDER_CATEGORIES: "text-recognition,pdf-text-extraction",
        HTTP_PROVIDER_PRICE_PER_PAGE: "0.02",
      }),
    );
    expect(configured.get("acme-ocr")?.offers).toEqual([
      { category: "text-recognition", pricePerPage: 0.02, quality: 0.9 },
      { category: "pdf-text-extraction", pricePerPage: 0.02, quality: 0.9 },
    ]);
    await closeAll(configured);
  });

  it.each([
    ["PDF_DPI", "lots"],
    ["TESSERACTJS_POOL_SIZE", "0"],
    ["PADDLEOCR_CONCURRENCY", "0"],
    ["HTTP_PROVIDER_URL", "ftp://example.invalid"],
    ["HTTP_PROVIDER_CATEGORIES", "no-such-category"],
    ["HTTP_PROVIDER_QUALITY", "2"],
  ])("refuses %s=%s and names the variable", (name, value) => {
    expect(() => loadProviderConfig({ [name]: value })).toThrow(name);
  });

  it("finds the engines installed on this machine", async () => {
    for (const name of providers.keys()) expect(await provider(name).available()).toBe(true);
  });
});

describe.each(OCR_PROVIDERS)("%s", (name) => {
  it("reads an image into words and lines with confidences and pixel boxes", async () => {
    const { data, pages } = await provider(name).run(input(fixture("letter.png"), "image/png"));
    expect(ocrDataSchema.parse(data)).toEqual(data);
    expect(pages).toBe(1);
    const [page] = data.pages;
    expect(page).toMatchObject({ number: 1, width: 1400, height: 330 });
    expect(page?.dpi).toBeUndefined();
    expect(page?.lines.map((l) => l.text)).toContain("Dear Ms. Alvarez,");
    expect(page?.words.slice(0, 3).map((w) => w.text)).toEqual(["Dear", "Ms.", "Alvarez,"]);
    expect(page?.confidence).toBeGreaterThan(0.8);
    expectBoxesInside(data);
    // "Dear" starts the first line at the top left.
    const dear = page?.words[0]?.bbox;
    expect(dear?.x0).toBeLessThan(60);
    expect(dear?.y0).toBeLessThan(60);
  });

  it("fails cleanly on text with an image's name, and keeps working", async () => {
    const error = await provider(name)
      .run(input(fixture("not-an-image.png"), "image/png"))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableDocumentError);
    // A hint without installed data is passed over; `language` says what was read
    // (PaddleOCR reads English only).
    const { data } = await provider(name).run(
      input(fixture("invoice.png"), "image/png", { languageHints: ["xx", "de-DE"] }),
    );
    expect(data.language).toBe(name === "paddleocr" ? "eng" : "deu");
    expect(data.text).toContain("INVOICE");
  });

  it("fails cleanly on a damaged image", async () => {
    const truncated = fixture("letter.png").subarray(0, 200);
    const error = await provider(name)
      .run(input(truncated, "image/png"))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toMatch(/\/tmp|\/work/);
  });

  it("stops when its signal aborts", async () => {
    const controller = new AbortController();
    const started = performance.now();
    const run = provider(name).run(
      input(fixture("scanned.pdf"), "application/pdf", { signal: controller.signal }),
    );
    setTimeout(() => controller.abort(new Error("stop")), 20);
    const error = await run.catch((e: unknown) => e);
    expect((error as Error).message).toBe("stop");
    expect(performance.now() - started).toBeLessThan(2_000);
    // The engine is usable again (a WASM worker is replaced).
    const { data } = await provider(name).run(input(fixture("invoice.png"), "image/png"));
    expect(data.text).toContain("INVOICE");
  });
});

describe("pdf-text", () => {
  it("extracts the text layer with boxes in pixels at the stated dpi", async () => {
    const { data, pages } = await provider("pdf-text").run(
      input(fixture("text-layer.pdf"), "application/pdf"),
    );
    expect(ocrDataSchema.parse(data)).toEqual(data);
    expect(pages).toBe(1);
    const [page] = data.pages;
    expect(page).toMatchObject({ number: 1, dpi: 150, width: 1275, height: 1650, confidence: 1 });
    expect(page?.lines.map((l) => l.text)).toEqual(
      readFileSync(path.join(FIXTURES, "text-layer.txt"), "utf8").trim().split("\n"),
    );
    expectBoxesInside(data);
  });

  it("puts each word where OCR of the rendered page finds it", async () => {
    const doc = input(fixture("text-layer.pdf"), "application/pdf");
    const [layer, ocr] = await Promise.all([
      provider("pdf-text").run(doc),
      provider("tesseract-native").run(doc),
    ]);
    const ocrWords = ocr.data.pages[0]?.words ?? [];
    const layerWords = layer.data.pages[0]?.words ?? [];
    expect(layerWords.map((w) => w.text)).toEqual(ocrWords.map((w) => w.text));
    layerWords.forEach((word, i) => {
      const seen = ocrWords[i]?.bbox;
      // Horizontal edges agree within 12 px (0.08 in); spreading a run's width
      // evenly over its characters put mid-line words up to 31 px off. The text
      // layer's boxes are taller: they span the font's ascent and descent.
      expect(Math.abs(word.bbox.x0 - (seen?.x0 ?? 0))).toBeLessThanOrEqual(12);
      expect(Math.abs(word.bbox.x1 - (seen?.x1 ?? 0))).toBeLessThanOrEqual(12);
      expect(word.bbox.y0).toBeLessThanOrEqual((seen?.y0 ?? 0) + 2);
      expect(word.bbox.y1).toBeGreaterThanOrEqual((seen?.y1 ?? 0) - 2);
    });
  });

  it("refuses images and damaged PDFs cleanly", async () => {
    expect(
      await provider("pdf-text")
        .run(input(fixture("letter.png"), "image/png"))
        .catch((e: unknown) => e),
    ).toBeInstanceOf(UnreadableDocumentError);
    const damaged = Buffer.from("%PDF-1.4\nthis is not really a pdf\n");
    expect(
      await provider("pdf-text")
        .run(input(damaged, "application/pdf"))
        .catch((e: unknown) => e),
    ).toBeInstanceOf(UnreadableDocumentError);
  });
});

describe("installed languages", () => {
  it.each(TESSERACT_PROVIDERS)(
    "%s has data for every language the categories offer",
    async (name) => {
      const offered = CATALOG.flatMap((c) => c.languages ?? []);
      expect(offered.length).toBeGreaterThan(0);
      expect(await provider(name).reads?.(offered)).toBe(true);
      expect(await provider(name).reads?.(["ja"])).toBe(false);
    },
  );

  it("tesseract-native asks again after a failed language listing (a busy machine)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "docroute-tesseract-"));
    const command = path.join(dir, "tesseract");
    // Fails its first call, then is the real tesseract.
    writeFileSync(
      command,
      `#!/bin/sh\nif [ ! -e "${dir}/called" ]; then touch "${dir}/called"; exit 1; fi\nexec tesseract "$@"\n`,
      { mode: 0o755 },
    );
    const engine = createNativeTesseract({ command, concurrency: 1, queueLimit: 1 });
    expect((await engine.languages()).size).toBe(0);
    expect(await engine.languages()).toContain("deu");
    rmSync(dir, { recursive: true, force: true });
  });

  it("paddleocr reads English only, so the router passes it over for other hints", async () => {
    expect(await provider("paddleocr").reads?.(["en", "en-GB", "eng"])).toBe(true);
    expect(await provider("paddleocr").reads?.(["en", "de"])).toBe(false);
  });
});

describe("language hints", () => {
  const installed = new Set(["eng", "deu", "chi_sim"]);

  it.each([
    ["en", "eng"],
    ["EN-us", "eng"],
    ["eng", "eng"],
    ["ger", "deu"],
    ["zh", "chi_sim"],
    ["chi_sim", "chi_sim"],
    ["klingon", undefined],
    ["", undefined],
  ])("maps %j to %j", (hint, code) => {
    expect(toTesseractCode(hint)).toBe(code);
  });

  it("keeps installed languages in the client's order and falls back to English", () => {
    expect(resolveLanguage(["de", "en", "de"], installed)).toBe("deu+eng");
    expect(resolveLanguage(["fr", "xx"], installed)).toBe("eng");
    expect(resolveLanguage([], installed)).toBe("eng");
    expect(resolveLanguage(["fr"], new Set(["deu"]))).toBe("deu");
    expect(resolveLanguage(["de", "en"], installed, 1)).toBe("deu");
  });
});

describe("tesseract TSV", () => {
  it("groups words into tesseract's lines with 0–1 confidences", () => {
    const tsv = [
      "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
      "1\t1\t0\t0\t0\t0\t0\t0\t640\t480\t-1\t",
      "4\t1\t1\t1\t1\t0\t10\t10\t100\t20\t-1\t",
      "5\t1\t1\t1\t1\t1\t10\t10\t40\t20\t91.5\tHello",
      "5\t1\t1\t1\t1\t2\t60\t12\t50\t18\t88\tworld",
      "5\t1\t1\t1\t1\t3\t0\t0\t1\t1\t95\t ",
      "5\t1\t2\t1\t1\t1\t10\t50\t30\t20\t-1\tAgain",
    ].join("\n");
    const page = parseTsv(tsv);
    expect(page.width).toBe(640);
    expect(page.height).toBe(480);
    expect(page.text).toBe("Hello world\nAgain");
    expect(page.words.map((w) => [w.text, w.confidence])).toEqual([
      ["Hello", 0.915],
      ["world", 0.88],
      ["Again", 0],
    ]);
    expect(page.lines[0]?.bbox).toEqual({ x0: 10, y0: 10, x1: 110, y1: 30 });
    expect(page.lines[0]?.confidence).toBeCloseTo(0.8975);
  });
});

describe("PDF page size guard", () => {
  it("keeps the dpi for normal pages and lowers it for huge ones", () => {
    expect(effectiveDpi({ width: 612, height: 792 }, 200)).toBe(200);
    const huge = { width: 14_400, height: 14_400 }; // 200 × 200 inches
    const dpi = effectiveDpi(huge, 200);
    expect(dpi).toBeLessThan(200);
    expect(((huge.width * dpi) / 72) * ((huge.height * dpi) / 72)).toBeLessThanOrEqual(
      MAX_PAGE_PIXELS,
    );
  });

  it("draws the CropBox that was measured, not a huge MediaBox behind it", async () => {
    // 200 × 200 inches of MediaBox behind a letter-size CropBox: drawn whole at 200 dpi
    // it would be 1.6 billion pixels (seen: a worker held for 120 s, then 504).
    const pdf = writePdf([
      {
        mediaBox: [0, 0, 14_400, 14_400],
        cropBox: [0, 0, 612, 792],
        content: "BT /F1 24 Tf 72 700 Td (Hello) Tj ET",
      },
    ]);
    const doc = await openPdf(pdf);
    const page = await doc.getPage(1);
    for (const command of ["pdftoppm", "/nonexistent/pdftoppm", undefined]) {
      const png = await rasterisePage(
        { bytes: pdf, pdf: doc, page },
        200,
        AbortSignal.timeout(20_000),
        command,
      );
      expect(imageSize(png)).toMatchObject({ width: 1700, height: 2200 });
    }
    await doc.destroy();
  });
});

describe("pages of a PDF in a pipeline", () => {
  it("reads several pages at once, never more than the cores and one, and keeps their order", async () => {
    const pages = Array.from({ length: 10 }, (_, i) => ({
      mediaBox: [0, 0, 300, 200] as const,
      content: `BT /F1 24 Tf 20 100 Td (Page ${i + 1}) Tj ET`,
    }));
    let reading = 0;
    let most = 0;
    const data = await ocrDocument(input(writePdf(pages), "application/pdf"), {
      pdfDpi: 72,
      language: "eng",
      recognize: async (image) => {
        reading += 1;
        most = Math.max(most, reading);
        await new Promise((resolve) => setTimeout(resolve, 30));
        reading -= 1;
        const { width = 0, height = 0 } = imageSize(image);
        return { width, height, text: `${width}`, confidence: 1, lines: [], words: [], blocks: [] };
      },
    });
    expect(data.pages).toBe(10);
    expect(data.data.pages.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(availableParallelism() + 1);
  });
});

describe("page images shared by the attempts of one request", () => {
  it("draws each page once for two attempts", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "docroute-rasters-"));
    const log = path.join(dir, "drawn");
    const command = path.join(dir, "pdftoppm");
    writeFileSync(command, `#!/bin/sh\necho "$2" >> "${log}"\nexec pdftoppm "$@"\n`, {
      mode: 0o755,
    });
    const pdf = writePdf(
      [1, 2, 3].map((n) => ({
        mediaBox: [0, 0, 300, 200] as const,
        content: `BT /F1 24 Tf 20 100 Td (Page ${n}) Tj ET`,
      })),
    );
    const drawn = () => readFileSync(log, "utf8").trim().split("\n").length;
    const attempt = (rasters: PageRasters, signal = AbortSignal.timeout(20_000)) =>
      ocrDocument(input(pdf, "application/pdf", { rasters, signal }), {
        pdfDpi: 72,
        pdftoppm: command,
        language: "eng",
        recognize: async () => ({
          width: 1,
          height: 1,
          text: "",
          confidence: 1,
          lines: [],
          words: [],
          blocks: [],
        }),
      });
    try {
      const rasters = new PageRasters();
      await attempt(rasters);
      await attempt(rasters);
      expect(drawn()).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("forgets a drawing that failed: an attempt waiting on it draws the page itself", async () => {
    const rasters = new PageRasters();
    let fail: (error: Error) => void = () => {};
    const failing = rasters.get(1, 200, () => new Promise((_, reject) => (fail = reject)));
    const waiting = rasters.get(1, 200, async () => Buffer.from("drawn again"));
    fail(new Error("attempt timed out"));
    await expect(failing).rejects.toThrow("attempt timed out");
    expect((await waiting).toString()).toBe("drawn again");
    expect((await rasters.get(1, 200, async () => Buffer.from("third"))).toString()).toBe(
      "drawn again",
    );
  });
});

describe("engine pool", () => {
  function testPool(size: number, queueLimit: number) {
    const destroyed: number[] = [];
    let created = 0;
    const pool = new EnginePool<number>({
      name: "test pool",
      size,
      queueLimit,
      create: async () => ++created,
      destroy: async (engine) => {
        destroyed.push(engine);
      },
    });
    return { pool, destroyed, created: () => created };
  }
  const never = () => new Promise<never>(() => {});
  const signal = () => AbortSignal.timeout(10_000);

  it("runs at most `size` jobs and refuses callers beyond the queue limit", async () => {
    const { pool } = testPool(1, 1);
    let release = () => {};
    const first = pool.use(
      () => new Promise<string>((r) => (release = () => r("first"))),
      signal(),
    );
    const second = pool.use(async () => "second", signal());
    await Promise.resolve();
    expect(pool.queued).toBe(1);
    expect(await pool.use(async () => "third", signal()).catch((e: unknown) => e)).toBeInstanceOf(
      PoolBusyError,
    );
    release();
    expect(await first).toBe("first");
    expect(await second).toBe("second");
  });

  it("reuses an engine after a job, destroys it after an aborted one", async () => {
    const { pool, destroyed, created } = testPool(1, 0);
    await pool.use(async () => "ok", signal());
    await pool.use(async () => "ok", signal());
    expect(created()).toBe(1);
    const controller = new AbortController();
    const stuck = pool.use(never, controller.signal);
    controller.abort(new Error("timeout"));
    expect(((await stuck.catch((e: unknown) => e)) as Error).message).toBe("timeout");
    expect(destroyed).toEqual([1]);
    expect(await pool.use(async (engine) => engine, signal())).toBe(2);
  });

  it("takes an aborted caller out of the queue", async () => {
    const { pool } = testPool(1, 5);
    const controller = new AbortController();
    let release = () => {};
    const running = pool.use(() => new Promise<void>((r) => (release = r)), signal());
    const waiting = pool.use(async () => "never", controller.signal);
    await Promise.resolve();
    controller.abort(new Error("gone"));
    expect(((await waiting.catch((e: unknown) => e)) as Error).message).toBe("gone");
    expect(pool.queued).toBe(0);
    release();
    await running;
    expect(await pool.use(async () => "next", signal())).toBe("next");
  });
});

describe("http provider", () => {
  let server: Server;
  let url: string;
  let respond: (req: IncomingMessage, body: string) => { status: number; body: string };
  const received: { headers: IncomingMessage["headers"]; body: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        received.push({ headers: req.headers, body: JSON.parse(body) });
        const answer = respond(req, body);
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ocr`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const page = {
    number: 1,
    width: 10,
    height: 10,
    text: "hi",
    confidence: 0.5,
    lines: [{ text: "hi", confidence: 0.5, bbox: { x0: 0, y0: 0, x1: 5, y1: 5 } }],
    words: [{ text: "hi", confidence: 0.5, bbox: { x0: 0, y0: 0, x1: 5, y1: 5 } }],
  };
  const ocr: OcrData = { text: "hi", language: "eng", pages: [page, { ...page, number: 2 }] };
  const http = (key?: string) => createHttpProvider({ name: "acme", url, key, offers: [] });

  it("posts the document with key, trace and passthrough, and returns the engine's data", async () => {
    respond = () => ({ status: 200, body: JSON.stringify({ data: ocr, pages: 2 }) });
    const doc = input(Buffer.from("%PDF-1.4 pretend"), "application/pdf", {
      languageHints: ["en"],
      passthrough: { detail: "high" },
    });
    const out = await http("s3cret").run(doc);
    expect(out).toEqual({ data: ocr, pages: 2 });
    const last = received.at(-1);
    expect(last?.headers.authorization).toBe("Bearer s3cret");
    expect(last?.headers.traceparent).toMatch(
      /^00-0123456789abcdef0123456789abcdef-[0-9a-f]{16}-01$/,
    );
    expect(last?.body).toEqual({
      document: Buffer.from("%PDF-1.4 pretend").toString("base64"),
      mime_type: "application/pdf",
      language_hints: ["en"],
      options: { detail: "high" },
    });
  });

  it("accepts the bare data and counts its pages", async () => {
    respond = () => ({ status: 200, body: JSON.stringify(ocr) });
    const out = await http().run(input(Buffer.from("x"), "image/png"));
    expect(out.pages).toBe(2);
    expect(received.at(-1)?.headers.authorization).toBeUndefined();
  });

  it.each([
    [500, "{}", /acme answered HTTP 500/],
    [200, "not json", /not JSON/],
    [
      200,
      JSON.stringify({ data: { text: "x", language: "eng", pages: [{ number: 1 }] } }),
      /not text recognition data/,
    ],
    [
      200,
      JSON.stringify({ ...ocr, pages: [{ ...page, confidence: 97 }] }),
      /not text recognition data/,
    ],
  ])("fails on HTTP %i %s", async (status, body, message) => {
    respond = () => ({ status, body });
    const error = await http()
      .run(input(Buffer.from("x"), "image/png"))
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(message);
    expect(error).not.toBeInstanceOf(UnreadableDocumentError);
  });

  it("reports a refused document as unreadable, and an unreachable engine plainly", async () => {
    respond = () => ({ status: 422, body: "{}" });
    expect(
      await http()
        .run(input(Buffer.from("x"), "image/png"))
        .catch((e: unknown) => e),
    ).toBeInstanceOf(UnreadableDocumentError);
    const gone = createHttpProvider({ name: "gone", url: "http://127.0.0.1:9/ocr", offers: [] });
    const error = await gone.run(input(Buffer.from("x"), "image/png")).catch((e: unknown) => e);
    expect((error as Error).message).toBe("gone could not be reached");
  });

  it("stops when its signal aborts", async () => {
    respond = () => ({ status: 200, body: JSON.stringify(ocr) });
    const error = await http()
      .run(input(Buffer.from("x"), "image/png", { signal: AbortSignal.abort(new Error("late")) }))
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe("late");
  });
});
