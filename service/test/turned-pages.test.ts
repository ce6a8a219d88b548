// Pages turned 90, 180 and 270 degrees read upright (issue 25, item 3), their
// words' boxes on the image as sent: a calibration page turned at test time
// reads within 0.5 CER points of the same page upright, through the process
// route and with each Tesseract engine. Upright pages are never turned, nor
// even asked about: a sure reading across the page is upright. OSD itself, by
// the CLI and by tesseract.js, tells each turn of a full page.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BBox, OcrData, OcrSpan } from "@/lib/kernel/contract";
import { processResultSchema } from "@/lib/kernel/contract";
import { loadProviderConfig, loadRoutingConfig } from "../src/config";
import { buildPage, type RecognizedPage } from "../src/engines/ocr-page";
import { createOrientationDetector, type OrientationDetector } from "../src/engines/orientation";
import { createNativeTesseract } from "../src/engines/tesseract-native";
import type { QuarterTurn } from "../src/preprocess/turn";
import type { Provider } from "../src/providers/interface/types";
import { extractByLayout } from "../src/providers/invoices/extract";
import { createInvoiceProvider } from "../src/providers/invoices/provider";
import { ocrDocument } from "../src/providers/text/ocr-document";
import { type Reading, readUpright } from "../src/providers/text/upright";
import { closeAll, createProviders } from "../src/registry";
import { createRouter } from "../src/router";
import { startService, type TestService } from "./helpers";
import { FIXTURES, OCR, processPath, uploadBytes } from "./process-helpers";
import { characterErrorRate } from "./truth";
import { onTurned } from "./turns";

const CALIBRATION = path.join(FIXTURES, "calibration");
const PAGE = "two-column-2.png";
const TURNS = [90, 180, 270] as const;
const MARGIN = 0.005;

function overlap(a: BBox, b: BBox): number {
  const x = Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0));
  const y = Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
  const area = (r: BBox) => (r.x1 - r.x0) * (r.y1 - r.y0);
  return (x * y) / (area(a) + area(b) - x * y);
}

/** Share of the upright reading's words found, same text, where they lie on the turned image. */
function wordsInPlace(
  upright: readonly OcrSpan[],
  turned: readonly OcrSpan[],
  move: (b: BBox) => BBox,
) {
  const found = upright.filter((word) => {
    const expected = move(word.bbox);
    return turned.some((w) => w.text === word.text && overlap(w.bbox, expected) > 0.5);
  });
  return found.length / upright.length;
}

const turnedCopy = (bytes: Buffer, turn: QuarterTurn) => sharp(bytes).rotate(turn).png().toBuffer();

describe("a page turned 90, 180 and 270 degrees", () => {
  const bytes = readFileSync(path.join(CALIBRATION, PAGE));
  const truth = readFileSync(path.join(CALIBRATION, PAGE.replace(/\.png$/, ".txt")), "utf8");
  const size = { width: 1000, height: 304 };
  let providers: Map<string, Provider>;
  beforeAll(() => {
    providers = createProviders(loadProviderConfig({ TESSERACTJS_POOL_SIZE: "1" }));
  });
  afterAll(() => closeAll(providers));

  const read = (name: string, image: Buffer) =>
    (providers.get(name) as Provider<OcrData>).run({
      bytes: image,
      mimeType: "image/png",
      languageHints: ["en"],
      passthrough: {},
      signal: AbortSignal.timeout(120_000),
      traceId: "0".repeat(32),
    });

  describe.each(["tesseract-native", "tesseractjs-best"])("read by %s", (name) => {
    let upright: OcrData;
    beforeAll(async () => {
      upright = (await read(name, bytes)).data;
    }, 120_000);

    it.each(TURNS)(
      "turned %i degrees: within 0.5 CER points of upright, every box on the turned image",
      async (turn) => {
        const { data } = await read(name, await turnedCopy(bytes, turn));
        const cer = characterErrorRate(data.text, truth);
        expect(cer, data.text).toBeLessThanOrEqual(
          characterErrorRate(upright.text, truth) + MARGIN,
        );
        const [page] = data.pages;
        // Turned back the rest of the way round to be read.
        expect(page?.rotation).toBe(360 - turn);
        const quarter = turn !== 180;
        expect(page).toMatchObject(
          quarter ? { width: size.height, height: size.width } : { ...size },
        );
        const words = upright.pages[0]?.words ?? [];
        const share = wordsInPlace(words, page?.words ?? [], onTurned(turn, size));
        expect(share).toBeGreaterThanOrEqual(0.9);
      },
      120_000,
    );
  });

  it("read upside down through the process route", async () => {
    const svc: TestService = await startService({
      router: createRouter(loadRoutingConfig({}), providers),
    });
    try {
      const doc = await uploadBytes(svc, OCR, await turnedCopy(bytes, 180), "image/png");
      const res = await svc.postJson(processPath(OCR), {
        input: { document: doc.s3_uri, mime_type: "image/png", language_hints: ["en"] },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const { data } = processResultSchema.parse(await res.json());
      const text = (data as unknown as OcrData).text;
      expect(characterErrorRate(text, truth)).toBeLessThanOrEqual(0.02);
    } finally {
      await svc.close();
    }
  }, 120_000);
});

describe("a receipt photographed on its side", () => {
  /** The receipt's words upright: 10 px a character, 20 px high, on a 600 × 800 image. */
  const LINES: [number, number, string][] = [
    [150, 40, "Brandt Feinkost GmbH"],
    [150, 70, "Lindenallee 3"],
    [150, 95, "80331 München"],
    [50, 140, "04.12.2014"],
    [50, 200, "Kaffee"],
    [450, 200, "3,20"],
    [50, 230, "Brezel"],
    [450, 230, "1,10"],
    [50, 280, "SUMME"],
    [450, 280, "4,30"],
    [50, 310, "Bar"],
    [450, 310, "5,00"],
    [50, 340, "Rückgeld"],
    [450, 340, "0,70"],
  ];
  const size = { width: 600, height: 800 };
  const words: OcrSpan[] = LINES.flatMap(([x, y, text]) => {
    let at = x;
    return text.split(" ").map((word) => {
      const x0 = at;
      at += word.length * 10 + 10;
      return { text: word, confidence: 0.9, bbox: { x0, y0: y, x1: at - 10, y1: y + 20 } };
    });
  });
  const pageOf = (turn: QuarterTurn) => {
    const move = onTurned(turn, size);
    const quarter = turn === 90 || turn === 270;
    return {
      number: 1,
      ...(quarter ? { width: size.height, height: size.width } : size),
      text: LINES.map(([, , text]) => text).join("\n"),
      confidence: 0.9,
      lines: [],
      words: words.map((w) => ({ ...w, bbox: move(w.bbox) })),
      // Read turned back the rest of the way round.
      ...(turn === 0 ? {} : { rotation: (360 - turn) as 90 | 180 | 270 }),
    };
  };
  const provider = (turn: QuarterTurn) => {
    const image: Provider<OcrData> = {
      name: "stand-in OCR",
      available: async () => true,
      run: async () => ({ data: { text: "", language: "deu", pages: [pageOf(turn)] }, pages: 1 }),
    };
    return createInvoiceProvider("invoices", { pdf: image, image }, extractByLayout);
  };
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 6, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
  });
  const run = async (turn: QuarterTurn) =>
    (
      await provider(turn).run({
        bytes: png,
        mimeType: "image/png",
        languageHints: ["de"],
        passthrough: {},
        signal: AbortSignal.timeout(10_000),
        traceId: "0".repeat(32),
      })
    ).data;

  it.each(TURNS)(
    "turned %i degrees: read as upright, every box on the image as sent",
    async (turn) => {
      const upright = await run(0);
      expect(upright.fields.supplier_name.value).toBe("Brandt Feinkost GmbH");
      expect(upright.fields.total.value).toBe(4.3);
      const turned = await run(turn);
      const move = onTurned(turn, size);
      for (const [name, field] of Object.entries(upright.fields)) {
        const got = turned.fields[name as keyof typeof upright.fields];
        expect(got.value, name).toEqual(field.value);
        if (field.bbox) expect(got.bbox, name).toEqual(move(field.bbox));
      }
      expect(turned.line_items.map((i) => i.amount)).toEqual(
        upright.line_items.map((i) => i.amount),
      );
      const { width, height } = pageOf(turn);
      expect(turned.pages[0]).toMatchObject({ width, height });
    },
  );
});

describe("upright pages", () => {
  const native = createNativeTesseract({ command: "tesseract", concurrency: 2, queueLimit: 64 });
  afterAll(() => native.close());
  const pages = readdirSync(CALIBRATION).filter((f) => /\.(png|jpg)$/.test(f));

  it("of the calibration set are never turned, nor asked about", async () => {
    const asked: Buffer[] = [];
    const orientation: OrientationDetector = {
      detect: async (image) => {
        asked.push(image);
        return { turn: 180, confidence: 30 };
      },
      runs: async () => "tesseract",
      close: async () => {},
    };
    for (const file of pages) {
      const { data } = await ocrDocument(
        {
          bytes: readFileSync(path.join(CALIBRATION, file)),
          mimeType: file.endsWith(".jpg") ? "image/jpeg" : "image/png",
          languageHints: [],
          passthrough: {},
          signal: AbortSignal.timeout(60_000),
          traceId: "0".repeat(32),
        },
        {
          recognize: native.recognize,
          recognizeBlock: native.recognizeBlock,
          language: file.startsWith("german") ? "deu" : "eng",
          pdfDpi: 200,
          preprocess: new Set(["normalize", "deskew", "upscale"]),
          orientation,
        },
      );
      expect(data.pages[0]?.words.length, file).toBeGreaterThan(10);
    }
    expect(asked).toHaveLength(0);
  }, 180_000);
});

describe("choosing the turn (stand-in engine)", () => {
  /** A 60 × 40 image, black in its top left corner: where the corner went tells the turn. */
  const SIZE = { width: 60, height: 40 };
  let image: Buffer;
  beforeAll(async () => {
    const pixels = Buffer.alloc(SIZE.width * SIZE.height, 255);
    for (let y = 0; y < 5; y++) pixels.fill(0, y * SIZE.width, y * SIZE.width + 5);
    image = await sharp(pixels, { raw: { ...SIZE, channels: 1 } })
      .png()
      .toBuffer();
  });

  async function turnOf(png: Buffer): Promise<QuarterTurn> {
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const dark = (x: number, y: number) => (data[y * info.width + x] ?? 255) < 128;
    const [right, bottom] = [info.width - 1, info.height - 1];
    if (dark(0, 0)) return 0;
    if (dark(right, 0)) return 90;
    if (dark(right, bottom)) return 180;
    return 270;
  }

  /** A reading of words across (or up) a page, as sure as asked. */
  const reading = (
    confidence: number,
    across: boolean,
    size: { width: number; height: number },
  ) => {
    const words = ["Upright", "words", "across", "the", "page"].map((text, i) => ({
      text,
      confidence,
      bbox: across
        ? { x0: 2 + i * 7, y0: 2, x1: 8 + i * 7, y1: 5 }
        : { x0: 2, y0: 2 + i * 7, x1: 5, y1: 8 + i * 7 },
    }));
    const page = buildPage(size.width, size.height, [words]);
    return { page, finish: async () => page, letters: () => 50 };
  };

  /**
   * A stand-in engine that reads surely only the image turned `upright`
   * degrees; a quarter off, its lines run up the image, read as surely as
   * `sideways` says; upside down, unsurely. `seen`: the turns it was given.
   */
  function engine(upright: QuarterTurn, sideways = 0.3) {
    const seen: QuarterTurn[] = [];
    const read = async (png: Buffer): Promise<Reading> => {
      const turn = await turnOf(png);
      seen.push(turn);
      const { width = 0, height = 0 } = await sharp(png).metadata();
      const off = (turn - upright + 360) % 360;
      if (off === 0) return reading(0.95, true, { width, height });
      return reading(off === 180 ? 0.3 : sideways, off === 180, { width, height });
    };
    return { read, seen };
  }

  /** A stand-in engine that reads every image across, as surely as `confidence` says. */
  function steady(confidence: number) {
    const seen: QuarterTurn[] = [];
    const read = async (png: Buffer): Promise<Reading> => {
      seen.push(await turnOf(png));
      const { width = 0, height = 0 } = await sharp(png).metadata();
      return reading(confidence, true, { width, height });
    };
    return { read, seen };
  }

  const detector = (answer?: { turn: QuarterTurn; confidence: number }) => {
    const asked: Buffer[] = [];
    const d: OrientationDetector = {
      detect: async (png) => {
        asked.push(png);
        return answer;
      },
      runs: async () => "tesseract",
      close: async () => {},
    };
    return { d, asked };
  };
  // Made when each test runs: the tests above take minutes.
  const signal = () => AbortSignal.timeout(10_000);

  it("reads a sure page across as it is, asking nothing", async () => {
    const { read, seen } = engine(0);
    const { d, asked } = detector({ turn: 180, confidence: 30 });
    const page = await readUpright(image, read, d, signal());
    expect(seen).toEqual([0]);
    expect(asked).toHaveLength(0);
    expect(page).toMatchObject({ ...SIZE, confidence: 0.95 });
  });

  it("turns a page read well sideways back by 270 degrees without OSD, boxes on the image as sent", async () => {
    const { read, seen } = engine(270, 0.95);
    const { d, asked } = detector();
    const page: RecognizedPage = await readUpright(image, read, d, signal());
    expect(seen).toEqual([0, 270]);
    expect(asked).toHaveLength(0);
    expect(page).toMatchObject({ ...SIZE, confidence: 0.95 });
    // Read across the turned image (40 × 60), the words run down the image as sent.
    for (const word of page.words) {
      expect(word.bbox.y1 - word.bbox.y0).toBeGreaterThan(word.bbox.x1 - word.bbox.x0);
      expect(word.bbox.x1).toBeLessThanOrEqual(SIZE.width);
      expect(word.bbox.y1).toBeLessThanOrEqual(SIZE.height);
    }
  });

  it("tries the other quarter turn when the likelier one reads no better", async () => {
    const { read, seen } = engine(90, 0.95);
    const page = await readUpright(image, read, detector().d, signal());
    expect(seen).toEqual([0, 270, 90]);
    expect(page.confidence).toBe(0.95);
  });

  it("turns an unsure page as OSD says when it is sure", async () => {
    const { read, seen } = engine(180);
    const { d, asked } = detector({ turn: 180, confidence: 12 });
    const page = await readUpright(image, read, d, signal());
    expect(asked).toHaveLength(1);
    expect(seen).toEqual([0, 180]);
    expect(page).toMatchObject({ ...SIZE, confidence: 0.95 });
  });

  it("turns a page read as nonsense upside down when OSD cannot say", async () => {
    const { read, seen } = engine(180);
    const page = await readUpright(image, read, detector().d, signal());
    expect(seen).toEqual([0, 180]);
    expect(page.confidence).toBe(0.95);
  });

  it("leaves an unsure page as it is when OSD is sure it is upright", async () => {
    const { read, seen } = steady(0.4);
    const page = await readUpright(image, read, detector({ turn: 0, confidence: 12 }).d, signal());
    expect(seen).toEqual([0]);
    expect(page.confidence).toBe(0.4);
  });

  it("keeps the first reading when no turn reads better: a wrong guess costs time, not text", async () => {
    const { read, seen } = steady(0.4);
    const page = await readUpright(image, read, detector({ turn: 90, confidence: 12 }).d, signal());
    expect(seen).toEqual([0, 90, 180]);
    expect(page).toMatchObject({ ...SIZE, confidence: 0.4 });
  });
});

describe("OSD", () => {
  const letter = readFileSync(path.join(FIXTURES, "german-letter.png"));
  describe.each([
    ["the tesseract CLI", "tesseract", "tesseract"],
    ["tesseract.js", "/nonexistent/tesseract", "tesseract.js"],
  ])("through %s", (_, command, runs) => {
    const osd = createOrientationDetector({ command });
    afterAll(() => osd.close());

    it("runs here", async () => {
      expect(await osd.runs()).toBe(runs);
    });

    it.each([0, 90, 180, 270] as const)(
      "tells a letter turned %i degrees, surely",
      async (turn) => {
        const found = await osd.detect(await turnedCopy(letter, turn), AbortSignal.timeout(60_000));
        expect(found?.turn).toBe((360 - turn) % 360);
        expect(found?.confidence).toBeGreaterThan(2);
      },
      60_000,
    );
  });
});
