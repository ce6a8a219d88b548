// Page preparation before OCR: tilt found and undone, small print enlarged,
// faint print darkened, and boxes mapped back onto the image as sent.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { preparePage } from "../src/preprocess";
import { stretch } from "../src/preprocess/background";
import { otsu, toGrey } from "../src/preprocess/grey";
import { DESK_LINES, DESK_PHOTO, deskLineY, deskPhoto } from "./desk-photo";

const ALL = new Set(["normalize", "deskew", "upscale"] as const);

/** A page of text lines, turned `tilt` degrees clockwise, as PNG. */
function page(
  options: { tilt?: number; size?: number; ink?: string; paper?: string; zoom?: number } = {},
) {
  const { tilt = 0, size = 20, ink = "#111111", paper = "#ffffff", zoom = 1 } = options;
  const canvas = createCanvas(900 * zoom, 500 * zoom);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, 900 * zoom, 500 * zoom);
  ctx.scale(zoom, zoom);
  ctx.translate(450, 250);
  ctx.rotate((tilt * Math.PI) / 180);
  ctx.translate(-450, -250);
  ctx.fillStyle = ink;
  ctx.font = `${size}px "DejaVu Sans"`;
  for (let i = 0; i < 8; i++) {
    ctx.fillText("The quick brown fox jumps over the lazy dog again", 60, 80 + i * size * 1.6);
  }
  return canvas.toBuffer("image/png");
}

/** `png` with grain on its paper, as a phone photo or a poor scan has. */
async function speckled(png: Buffer): Promise<Buffer> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height);
  let seed = 11;
  for (let i = 0; i < data.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const v = Math.max(0, (data.data[i] ?? 0) - ((seed >> 16) % 12));
    data.data[i] = v;
    data.data[i + 1] = v;
    data.data[i + 2] = v;
  }
  ctx.putImageData(data, 0, 0);
  return canvas.toBuffer("image/png");
}

async function decode(pgm: Buffer) {
  const match = /^P5\n(\d+) (\d+)\n255\n/.exec(pgm.toString("latin1", 0, 32));
  expect(match).not.toBeNull();
  return { width: Number(match?.[1]), height: Number(match?.[2]) };
}

describe("preparePage", () => {
  it.each([3.5, -2.2, 6])("finds a tilt of %s° and turns the page back", async (tilt) => {
    const prepared = await preparePage(page({ tilt }), ALL);
    expect(prepared.skew).toBeCloseTo(tilt, 0);
    expect(Math.abs(prepared.skew - tilt)).toBeLessThan(0.3);
    expect(prepared.original).toEqual({ width: 900, height: 500 });
  });

  it("leaves a straight page of ordinary print its size", async () => {
    const prepared = await preparePage(page(), ALL);
    expect(prepared.skew).toBe(0);
    expect(prepared.scale).toBe(1);
    expect(await decode(prepared.image)).toEqual({ width: 900, height: 500 });
    const box = { x0: 10, y0: 20, x1: 30, y1: 40 };
    expect(prepared.toOriginal(box)).toEqual(box);
  });

  it("enlarges small print, and maps boxes back by the same factor", async () => {
    const prepared = await preparePage(page({ size: 10 }), ALL);
    expect(prepared.scale).toBeGreaterThan(1.5);
    const size = await decode(prepared.image);
    expect(size.width).toBe(Math.ceil(900 * prepared.scale));
    const s = prepared.scale;
    expect(prepared.toOriginal({ x0: 100 * s, y0: 50 * s, x1: 200 * s, y1: 70 * s })).toEqual({
      x0: 100,
      y0: 50,
      x1: 200,
      y1: 70,
    });
  });

  it("maps a box on the straightened page back around the tilted words", async () => {
    const prepared = await preparePage(page({ tilt: 4 }), new Set(["deskew"] as const));
    const { width, height } = await decode(prepared.image);
    // The centre of the prepared page is the centre of the original.
    const centre = prepared.toOriginal({
      x0: width / 2 - 1,
      y0: height / 2 - 1,
      x1: width / 2 + 1,
      y1: height / 2 + 1,
    });
    expect(centre.x0).toBeGreaterThanOrEqual(448);
    expect(centre.x1).toBeLessThanOrEqual(452);
    expect(centre.y0).toBeGreaterThanOrEqual(248);
    expect(centre.y1).toBeLessThanOrEqual(252);
  });

  it("only stretches a clean page's contrast, and evens out every page that is not", async () => {
    const pixels = async (png: Buffer) => {
      const image = await loadImage(png);
      const canvas = createCanvas(image.width, image.height);
      canvas.getContext("2d").drawImage(image, 0, 0);
      return toGrey(canvas).data;
    };
    const clean = page();
    const prepared = await preparePage(clean, ALL);
    expect(prepared.normalized).toBe(false);
    const original = await pixels(clean);
    expect(prepared.grey?.data).toEqual(stretch({ width: 900, height: 500, data: original }).data);
    // Paper a shade off white is still clean paper.
    expect((await preparePage(page({ paper: "#ececec" }), ALL)).normalized).toBe(false);

    const banner = createCanvas(900, 500);
    const ctx = banner.getContext("2d");
    ctx.drawImage(await loadImage(clean), 0, 0);
    ctx.fillStyle = "#202020";
    ctx.fillRect(0, 380, 900, 90);
    ctx.fillStyle = "#ffffff";
    ctx.font = '30px "DejaVu Sans"';
    ctx.fillText("WHITE ON BLACK", 60, 440);
    const shadow = createCanvas(900, 500);
    const shade = shadow.getContext("2d");
    shade.drawImage(await loadImage(clean), 0, 0);
    shade.fillStyle = "rgba(0, 0, 0, 0.35)";
    shade.fillRect(600, 0, 300, 500);
    const notClean = {
      "grey paper": page({ paper: "#c8c8c8" }),
      "faint print": page({ ink: "#8c8c8c" }),
      "a dark banner": banner.toBuffer("image/png"),
      "a shadow": shadow.toBuffer("image/png"),
      speckle: await speckled(clean),
    };
    for (const [what, png] of Object.entries(notClean)) {
      expect({ what, normalized: (await preparePage(png, ALL)).normalized }).toEqual({
        what,
        normalized: true,
      });
    }
  });

  it("darkens faint print on grey paper", async () => {
    const faint = page({ ink: "#a0a0a0", paper: "#d8d8d8" });
    const prepared = await preparePage(faint, new Set(["normalize"] as const));
    const { width, height } = await decode(prepared.image);
    const header = prepared.image.length - width * height;
    const pixels = prepared.image.subarray(header);
    const sorted = [...pixels].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.002)]).toBeLessThan(40); // ink now near black
    expect(sorted[Math.floor(sorted.length * 0.5)]).toBeGreaterThan(240); // paper white
  });

  it("keeps a sparse, noisy photo's paper white: a few words are not outnumbered by noise", async () => {
    // Six short words on a large grey, grainy page: under 0.5 % of it is ink.
    const canvas = createCanvas(1600, 2000);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#e4e4e4";
    ctx.fillRect(0, 0, 1600, 2000);
    const image = ctx.getImageData(0, 0, 1600, 2000);
    let seed = 7;
    for (let i = 0; i < image.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const v = 228 + ((seed >> 16) % 25) - 12;
      image.data[i] = v;
      image.data[i + 1] = v;
      image.data[i + 2] = v;
    }
    ctx.putImageData(image, 0, 0);
    ctx.fillStyle = "#333333";
    ctx.font = '26px "DejaVu Sans"';
    ["City", "Orders", "Leeds", "20", "Lyon", "32"].forEach((word, i) => {
      ctx.fillText(word, 200 + (i % 2) * 300, 300 + Math.floor(i / 2) * 40);
    });
    const prepared = await preparePage(
      canvas.toBuffer("image/png"),
      new Set(["normalize"] as const),
    );
    const { width, height } = await decode(prepared.image);
    const pixels = prepared.image.subarray(prepared.image.length - width * height);
    const dark = pixels.filter((v) => v < 128).length;
    // The words' strokes, not the grain: well under 1 % of the page.
    expect(dark).toBeGreaterThan(500);
    expect(dark / pixels.length).toBeLessThan(0.01);
  });

  it("keeps the print on a photographed receipt's shaded paper, the desk around it and the margins white", async () => {
    const prepared = await preparePage(
      deskPhoto().toBuffer("image/png"),
      new Set(["normalize"] as const),
    );
    const { width, height } = await decode(prepared.image);
    const pixels = prepared.image.subarray(prepared.image.length - width * height);
    const { paper } = DESK_PHOTO;
    // Ink on each line's row of the paper, the last ones in the shadow included.
    const inkOnLine = (i: number) => {
      let ink = 0;
      for (let y = deskLineY(i) - 16; y < deskLineY(i) + 4; y++) {
        for (let x = paper.x0 + 10; x < paper.x1 - 10; x++)
          if ((pixels[y * width + x] ?? 255) < 128) ink++;
      }
      return ink;
    };
    for (let i = 0; i < DESK_LINES.length; i++)
      expect(inkOnLine(i), DESK_LINES[i]).toBeGreaterThan(100);
    // Between the lines, the paper is white even where it was in shadow.
    const y = deskLineY(DESK_LINES.length - 1) + 30;
    expect(pixels[y * width + paper.x0 + 100]).toBeGreaterThan(200);
  });

  it("lays a transparent page on white paper: ink only in the alpha channel is not lost", async () => {
    // Black everywhere, the letters opaque and the rest transparent (an RGBA
    // PNG like tesseract.js's cosmic.png): white paper with black letters as a
    // browser or Tesseract shows it; read without the alpha, all black, and nothing.
    const canvas = createCanvas(900, 300);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#000000";
    ctx.font = '40px "DejaVu Sans"';
    ctx.fillText("Hello World from beyond", 60, 120);
    ctx.fillText("the Cosmic Void", 60, 200);
    const png = canvas.toBuffer("image/png");
    for (const steps of [ALL, new Set(["deskew"] as const)]) {
      const prepared = await preparePage(png, steps);
      const { width, height } = await decode(prepared.image);
      const pixels = prepared.image.subarray(prepared.image.length - width * height);
      const dark = pixels.filter((v) => v < 128).length;
      expect(dark).toBeGreaterThan(2000); // the letters' strokes
      expect(dark / pixels.length).toBeLessThan(0.15); // on white paper
    }
    // Half-transparent black is mid-grey on white.
    const half = createCanvas(2, 1);
    const hctx = half.getContext("2d");
    hctx.fillStyle = "rgba(0, 0, 0, 0.5)";
    hctx.fillRect(0, 0, 1, 1);
    const [halfInk, paper] = toGrey(half).data;
    expect(halfInk).toBeGreaterThan(118);
    expect(halfInk).toBeLessThan(138);
    expect(paper).toBe(255);
  });

  it("passes through what it does not decode, and does nothing with no steps", async () => {
    const text = Buffer.from("not an image");
    expect((await preparePage(text, ALL)).image).toBe(text);
    const png = page({ tilt: 3 });
    expect((await preparePage(png, new Set())).image).toBe(png);
  });

  it("writes PNG for an engine that asks for it", async () => {
    const prepared = await preparePage(page({ tilt: 3 }), ALL, "png");
    expect(prepared.image.subarray(1, 4).toString("latin1")).toBe("PNG");
  });

  it("passes a cut-off file through, for the engine to refuse", async () => {
    const whole = page();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    expect((await preparePage(cut, ALL)).image).toBe(cut);
  });

  it("passes a page too large to work on through as it is, in colour", async () => {
    const { default: sharp } = await import("sharp");
    // 4200 × 4000 = 16.8 MP, over the 16 MP worked on.
    const large = await sharp(page())
      .resize(4200, 4000, { fit: "fill" })
      .jpeg({ quality: 80 })
      .toBuffer();
    expect((await preparePage(large, ALL)).image).toBe(large);
    expect((await preparePage(large, ALL, "png")).image).toBe(large);
  });

  describe("downscale", () => {
    const WITH = new Set(["normalize", "deskew", "upscale", "downscale"] as const);
    /** The page drawn 4 × as large (3600 × 2000 = 7.2 MP, as a phone photo is), as JPEG. */
    const large = async (options: Parameters<typeof page>[0]) => {
      const { default: sharp } = await import("sharp");
      return sharp(page({ ...options, zoom: 4 }))
        .jpeg({ quality: 90 })
        .toBuffer();
    };

    it("reads a large page of large print at half size, and maps boxes back by 2", async () => {
      const prepared = await preparePage(await large({}), WITH);
      expect(prepared.scale).toBe(0.5);
      expect(prepared.skew).toBe(0);
      expect(prepared.original).toEqual({ width: 3600, height: 2000 });
      expect(await decode(prepared.image)).toEqual({ width: 1800, height: 1000 });
      expect(prepared.toOriginal({ x0: 100, y0: 50, x1: 200, y1: 70 })).toEqual({
        x0: 200,
        y0: 100,
        x1: 400,
        y1: 140,
      });
      // Without the step, the page keeps its size.
      expect((await preparePage(await large({}), ALL)).scale).toBe(1);
    });

    it("turns a tilted large page back at half size", async () => {
      const prepared = await preparePage(await large({ tilt: 3 }), WITH);
      expect(prepared.scale).toBe(0.5);
      expect(Math.abs(prepared.skew - 3)).toBeLessThan(0.3);
      const size = await decode(prepared.image);
      expect(size.width).toBeGreaterThan(1800);
      expect(size.width).toBeLessThan(1900);
    });

    it("keeps a large page that gives its resolution at full size", async () => {
      const { default: sharp } = await import("sharp");
      const scan = await sharp(await large({}))
        .withMetadata({ density: 300 })
        .png({ compressionLevel: 1 })
        .toBuffer();
      const prepared = await preparePage(scan, WITH);
      expect(prepared.scale).toBe(1);
      expect(await decode(prepared.image)).toEqual({ width: 3600, height: 2000 });
    });

    it("keeps a large page of small print at full size", async () => {
      // 4 px type drawn 4 × as large: 16 px type, its x-height about 8 px, 4 once halved.
      const prepared = await preparePage(await large({ size: 4 }), WITH);
      expect(prepared.scale).toBeGreaterThanOrEqual(1);
      expect((await decode(prepared.image)).width).toBeGreaterThanOrEqual(3600);
    });
  });

  it("measures Otsu's threshold between ink and paper", async () => {
    const image = await loadImage(page());
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext("2d").drawImage(image, 0, 0);
    const threshold = otsu(toGrey(canvas));
    expect(threshold).toBeGreaterThan(40);
    expect(threshold).toBeLessThan(220);
  });
});
