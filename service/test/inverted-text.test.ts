// Light text on dark (issue 25, item 4): a page drawn at test time with a
// white-on-navy banner above dark text and a white-on-grey table header is
// read whole, banner and header included, through the process route and by
// each engine. Before, evening out the paper took the banner for the desk
// around a photo and whitened it (CER 9–15 %). Ordinary pages are left as
// they were: no region is found on any calibration page or fixture.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BBox, OcrData } from "@/lib/kernel/contract";
import { processResultSchema } from "@/lib/kernel/contract";
import { loadProviderConfig, loadRoutingConfig } from "../src/config";
import { toGrey } from "../src/preprocess/grey";
import { invertedRegions } from "../src/preprocess/inverted";
import type { Provider } from "../src/providers/interface/types";
import { closeAll, createProviders } from "../src/registry";
import { createRouter } from "../src/router";
import { deskPhoto } from "./desk-photo";
import { startService, type TestService } from "./helpers";
import { FIXTURES, OCR, processPath, uploadBytes } from "./process-helpers";
import { characterErrorRate } from "./truth";

const BANNER = { x0: 0, y0: 40, x1: 1200, y1: 130 };
const HEADER = { x0: 60, y0: 340, x1: 1140, y1: 384 };
const BODY = [
  "Sales rose by eleven percent in the spring quarter, led by",
  "orders from schools and libraries in the northern region.",
  "The board thanks every member of staff for their work.",
];
const ROWS = [
  ["Paper", "12", "4.50"],
  ["Pencils", "40", "9.20"],
];
const TRUTH = [
  "Northwind Quarterly Review",
  ...BODY,
  "Item Quantity Price",
  ...ROWS.map((r) => r.join(" ")),
].join("\n");

const fill = (ctx: ReturnType<ReturnType<typeof createCanvas>["getContext"]>, box: BBox) =>
  ctx.fillRect(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);

/** A newsletter page: a white-on-navy title banner, dark text, a table with a white-on-grey header. */
function bannerPage(): Buffer {
  const canvas = createCanvas(1200, 520);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, 1200, 520);
  ctx.fillStyle = "#1f3a5f";
  fill(ctx, BANNER);
  ctx.fillStyle = "#ffffff";
  ctx.font = 'bold 40px "DejaVu Sans"';
  ctx.fillText("Northwind Quarterly Review", 60, 100);
  ctx.fillStyle = "#111111";
  ctx.font = '22px "Liberation Serif"';
  BODY.forEach((line, i) => {
    ctx.fillText(line, 60, 200 + i * 36);
  });
  ctx.fillStyle = "#333333";
  fill(ctx, HEADER);
  ctx.fillStyle = "#ffffff";
  ctx.font = 'bold 22px "DejaVu Sans"';
  ["Item", "Quantity", "Price"].forEach((text, i) => {
    ctx.fillText(text, 80 + i * 360, 370);
  });
  ctx.fillStyle = "#111111";
  ctx.font = '22px "DejaVu Sans"';
  ROWS.forEach((row, j) => {
    row.forEach((text, i) => {
      ctx.fillText(text, 80 + i * 360, 420 + j * 36);
    });
  });
  return canvas.toBuffer("image/png");
}

async function greyOf(bytes: Buffer) {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext("2d").drawImage(image, 0, 0);
  return toGrey(canvas);
}

const near = (a: BBox, b: BBox) =>
  Math.max(
    Math.abs(a.x0 - b.x0),
    Math.abs(a.y0 - b.y0),
    Math.abs(a.x1 - b.x1),
    Math.abs(a.y1 - b.y1),
  );

describe("regions of light text on dark", () => {
  it("are the banner and the table header, to the pixel", async () => {
    const regions = invertedRegions(await greyOf(bannerPage()));
    expect(regions).toHaveLength(2);
    expect(near(regions[0] as BBox, BANNER)).toBeLessThanOrEqual(1);
    expect(near(regions[1] as BBox, HEADER)).toBeLessThanOrEqual(1);
  });

  it("cover a page printed white on black", async () => {
    const canvas = createCanvas(600, 200);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#000000";
    ctx.fillRect(0, 0, 600, 200);
    ctx.fillStyle = "#ffffff";
    ctx.font = '24px "DejaVu Sans"';
    ctx.fillText("Every word of this page is light", 30, 80);
    ctx.fillText("on a dark ground, and read all the same.", 30, 130);
    expect(invertedRegions(toGrey(canvas))).toEqual([{ x0: 0, y0: 0, x1: 600, y1: 200 }]);
  });

  it("are not bold dark print, a dark bar or a picture without text", () => {
    const canvas = createCanvas(900, 400);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, 900, 400);
    ctx.fillStyle = "#000000";
    ctx.font = 'bold 80px "DejaVu Sans"';
    ctx.fillText("BOOKKEEPING", 20, 100);
    ctx.fillRect(20, 160, 860, 40);
    ctx.fillRect(20, 240, 200, 140);
    expect(invertedRegions(toGrey(canvas))).toEqual([]);
  });

  it("are not the desk around a photographed receipt, nor its paper in shadow", () => {
    // The desk is darker than the white margins the photo is pasted on, and
    // holds the lighter paper; turned over, the paper would become the ink.
    expect(invertedRegions(toGrey(deskPhoto()))).toEqual([]);
  });

  it("are not a dark carpet with a receipt lying on it", () => {
    // A dark grey carpet, flecked with light specks of a letter's size, the
    // whole photo around a white slip (a real receipt on a carpet: every
    // word on it was lost, the photo turned over).
    const canvas = createCanvas(900, 1200);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "rgb(85,85,85)";
    ctx.fillRect(0, 0, 900, 1200);
    ctx.fillStyle = "rgb(200,200,200)";
    for (let i = 0; i < 400; i++) ctx.fillRect((i * 97) % 880, (i * 61) % 1180, 4, 9);
    ctx.fillStyle = "#f4f4f4";
    ctx.fillRect(300, 80, 300, 1040);
    ctx.fillStyle = "#303030";
    ctx.font = '14px "DejaVu Sans Mono"';
    for (let y = 120; y < 1080; y += 22) ctx.fillText("1 EMPANADA POLLO 3,65", 315, y);
    expect(invertedRegions(toGrey(canvas))).toEqual([]);
  });

  it("are found on no calibration page or fixture", async () => {
    const dir = path.join(FIXTURES, "calibration");
    const files = [
      ...readdirSync(dir)
        .filter((f) => /\.(png|jpg)$/.test(f))
        .map((f) => path.join(dir, f)),
      ...["letter.png", "letter.jpg", "invoice.png", "german-letter.png"].map((f) =>
        path.join(FIXTURES, f),
      ),
    ];
    for (const file of files) {
      expect(invertedRegions(await greyOf(readFileSync(file))), file).toEqual([]);
    }
  });
});

describe("a page with a white-on-dark banner and table header", () => {
  const page = bannerPage();
  let providers: Map<string, Provider>;
  beforeAll(() => {
    providers = createProviders(loadProviderConfig({ TESSERACTJS_POOL_SIZE: "1" }));
  });
  afterAll(() => closeAll(providers));

  it("is read whole through the process route", async () => {
    const svc: TestService = await startService({
      router: createRouter(loadRoutingConfig({}), providers),
    });
    try {
      const doc = await uploadBytes(svc, OCR, page, "image/png");
      const res = await svc.postJson(processPath(OCR), {
        input: { document: doc.s3_uri, mime_type: "image/png" },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const { data } = processResultSchema.parse(await res.json());
      const { text } = data as unknown as OcrData;
      expect(text).toContain("Northwind Quarterly Review");
      expect(text).toMatch(/Item\s+Quantity\s+Price/);
      expect(characterErrorRate(text, TRUTH)).toBeLessThanOrEqual(0.02);
    } finally {
      await svc.close();
    }
  }, 120_000);

  it.each(["tesseract-native", "tesseractjs-best", "paddleocr"])(
    "%s reads the banner's and the header's words",
    async (name) => {
      const { data } = await (providers.get(name) as Provider<OcrData>).run({
        bytes: page,
        mimeType: "image/png",
        languageHints: ["en"],
        passthrough: {},
        signal: AbortSignal.timeout(120_000),
        traceId: "0".repeat(32),
      });
      const words = data.pages[0]?.words.map((w) => w.text) ?? [];
      for (const word of ["Northwind", "Quarterly", "Review", "Item", "Quantity", "Price"]) {
        expect(words, data.text).toContain(word);
      }
      expect(characterErrorRate(data.text, TRUTH)).toBeLessThanOrEqual(0.03);
    },
    120_000,
  );
});
