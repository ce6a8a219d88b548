// The sheet of paper in a photo: found, flattened, and boxes on it mapped back
// onto the photo as sent; nothing found where there is no desk around a sheet.
// On a scan, the slip laid on a card; a page with white between its paragraphs left whole.
import { readFileSync } from "node:fs";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { preparePage } from "../src/preprocess";
import { toGrey } from "../src/preprocess/grey";
import { findSheet } from "../src/preprocess/sheet";

const PAPER = { width: 500, height: 700 };
const LINES = ["Harbour Cafe", "12 Quay Street", "Flat white 3.20", "Croissant 2.80", "TOTAL 6.00"];

/**
 * A receipt photographed on a wooden desk: a tan desk with darker grain, the
 * paper turned `tilt` degrees about the photo's centre, dark print on it.
 * Corners of the paper on the photo, clockwise from its top left.
 */
function deskPhoto(tilt = 4) {
  const width = 1000;
  const height = 1200;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  for (let y = 0; y < height; y++) {
    const grain = y % 9 < 2 ? 40 : 0;
    ctx.fillStyle = `rgb(${200 - grain},${160 - grain},${110 - grain})`;
    ctx.fillRect(0, 0 + y, width, 1);
  }
  const t = (tilt * Math.PI) / 180;
  ctx.translate(width / 2, height / 2);
  ctx.rotate(t);
  ctx.fillStyle = "rgb(238,238,232)";
  ctx.fillRect(-PAPER.width / 2, -PAPER.height / 2, PAPER.width, PAPER.height);
  ctx.fillStyle = "#222222";
  ctx.font = '30px "DejaVu Sans"';
  for (const [i, line] of LINES.entries()) {
    ctx.fillText(line, -PAPER.width / 2 + 40, -PAPER.height / 2 + 80 + i * 110);
  }
  const corner = (x: number, y: number): [number, number] => [
    width / 2 + x * Math.cos(t) - y * Math.sin(t),
    height / 2 + x * Math.sin(t) + y * Math.cos(t),
  ];
  const [w, h] = [PAPER.width / 2, PAPER.height / 2];
  return { canvas, corners: [corner(-w, -h), corner(w, -h), corner(w, h), corner(-w, h)] };
}

/** A page that fills the photo: print on paper from edge to edge, no desk. */
function fullPage() {
  const canvas = createCanvas(900, 1200);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, 900, 1200);
  ctx.fillStyle = "#111111";
  ctx.font = '28px "DejaVu Sans"';
  for (let i = 0; i < 20; i++) ctx.fillText("A page with nothing around it", 60, 80 + i * 55);
  return canvas;
}

/**
 * A till slip scanned on A4 at 150 dpi: laid at the top right on a grey card
 * with flecks, the scanner's black lid beside the card; the slip's box.
 */
function scannedSlip() {
  const [width, height] = [1240, 1754];
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "rgb(20,20,20)";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = "rgb(172,166,158)";
  ctx.fillRect(330, 0, width - 330, height);
  ctx.fillStyle = "rgb(120,114,108)";
  for (let i = 0; i < 1500; i++) {
    ctx.fillRect(330 + ((i * 7919) % (width - 330)), (i * 104729) % height, 3, 2);
  }
  const slip = { x: 800, y: 0, width: width - 800, height: 1100 };
  ctx.fillStyle = "rgb(246,246,244)";
  ctx.fillRect(slip.x, slip.y, slip.width, slip.height);
  ctx.fillStyle = "#222222";
  ctx.font = '26px "DejaVu Sans Mono"';
  for (const [i, line] of [...LINES, ...LINES].entries()) {
    ctx.fillText(line, slip.x + 40, 80 + i * 90);
  }
  return { canvas, slip };
}

describe("findSheet", () => {
  it("finds the paper's four corners on a wooden desk and flattens it upright", async () => {
    const { canvas, corners } = deskPhoto();
    const sheet = await findSheet(toGrey(canvas), canvas);
    expect(sheet).toBeDefined();
    if (!sheet) return;
    // Each corner within 3 % of the paper's height of the true one (moved out a little).
    for (const [k, [x, y]] of sheet.corners.entries()) {
      const [tx = 0, ty = 0] = corners[k] ?? [];
      expect(Math.hypot(x - tx, y - ty), `corner ${k}`).toBeLessThan(0.03 * PAPER.height);
    }
    // The sheet upright: about the paper's size, its middle paper-bright, no desk at its centre row's ends.
    expect(Math.abs(sheet.image.width - PAPER.width)).toBeLessThan(0.05 * PAPER.width);
    expect(Math.abs(sheet.image.height - PAPER.height)).toBeLessThan(0.05 * PAPER.height);
    const row = Math.round(sheet.image.height / 2) * sheet.image.width;
    const desk = [0.04, 0.96].map((f) => sheet.image.data[row + Math.round(f * sheet.image.width)]);
    for (const value of desk) expect(value).toBeGreaterThan(200);
    // A box on the sheet maps back onto the photo: its top-left corner region.
    const back = sheet.toSource({ x0: 0, y0: 0, x1: 40, y1: 40 });
    const [tlx = 0, tly = 0] = corners[0] ?? [];
    expect(Math.abs(back.x0 - tlx)).toBeLessThan(30);
    expect(Math.abs(back.y0 - tly)).toBeLessThan(30);
  });

  it("finds a slip on a scan, at the scan's edge, on a grey card by a black lid", async () => {
    const { canvas, slip } = scannedSlip();
    const sheet = await findSheet(toGrey(canvas), canvas, "scan");
    expect(sheet).toBeDefined();
    const [tl, , br] = sheet?.corners ?? [];
    expect(Math.abs((tl?.[0] ?? 0) - slip.x)).toBeLessThan(30);
    expect(Math.abs((br?.[1] ?? 0) - slip.height)).toBeLessThan(40);
    // Not on a photo's terms, which take the card and slip for one sheet, or none.
    expect(await findSheet(toGrey(canvas), canvas)).toBeUndefined();
  });

  it("finds nothing where no desk is around a sheet", async () => {
    const page = fullPage();
    expect(await findSheet(toGrey(page), page)).toBeUndefined();
  });
});

describe("preparePage with the sheet step", () => {
  const steps = new Set(["sheet", "normalize", "deskew"] as const);

  it("reads the paper alone, and maps its boxes back onto the photo as sent", async () => {
    const { canvas, corners } = deskPhoto();
    const prepared = await preparePage(canvas.toBuffer("image/png"), steps);
    expect(prepared.original).toEqual({ width: 1000, height: 1200 });
    // The desk is cut away: the image read is about the paper's size, not the photo's.
    expect(prepared.grey?.width).toBeLessThan(PAPER.width * 1.1);
    expect(prepared.grey?.height).toBeLessThan(PAPER.height * 1.1);
    // The whole prepared image maps back around the paper on the photo.
    const whole = prepared.toOriginal({
      x0: 0,
      y0: 0,
      x1: prepared.grey?.width ?? 0,
      y1: prepared.grey?.height ?? 0,
    });
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    expect(Math.abs(whole.x0 - Math.min(...xs))).toBeLessThan(30);
    expect(Math.abs(whole.x1 - Math.max(...xs))).toBeLessThan(30);
    expect(Math.abs(whole.y0 - Math.min(...ys))).toBeLessThan(30);
    expect(Math.abs(whole.y1 - Math.max(...ys))).toBeLessThan(30);
  });

  it("on a scan, reads the slip alone, cut from the card and the scanner's lid", async () => {
    const { canvas, slip } = scannedSlip();
    const prepared = await preparePage(canvas.toBuffer("image/png"), steps, "pgm", 150);
    expect(prepared.grey?.width).toBeLessThan(slip.width * 1.1);
    expect(prepared.grey?.height).toBeLessThan(slip.height * 1.1);
    const whole = prepared.toOriginal({ x0: 0, y0: 0, x1: 10, y1: 10 });
    expect(Math.abs(whole.x0 - slip.x)).toBeLessThan(30);
  });

  it("leaves a scanned page whole: white paper between its paragraphs is no slip", async () => {
    // A page drawn by the second generator: a dark banner, paragraphs, a table
    // whose white rows lie between them.
    const bytes = readFileSync(
      path.join(import.meta.dirname, "../../fixtures/rendered/text/banner-1.png"),
    );
    const prepared = await preparePage(bytes, steps, "pgm", 150);
    expect(prepared.grey?.width).toBe(prepared.original?.width);
    expect(prepared.grey?.height).toBe(prepared.original?.height);
  });
});
