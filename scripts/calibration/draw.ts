// Drawing calibration pages with @napi-rs/canvas: text that wraps and
// remembers what it wrote (the page's truth), and the damage a phone camera
// does to paper (tilt, uneven light, blur, noise, JPEG).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Canvas, createCanvas, loadImage, type SKRSContext2D } from "@napi-rs/canvas";
import type { Random } from "./text";

export interface Page {
  canvas: Canvas;
  ctx: SKRSContext2D;
  /** The true text, line by line, in reading order. */
  truth: string[];
}

export function blankPage(width: number, height: number, paper = "#ffffff"): Page {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = "top";
  return { canvas, ctx, truth: [] };
}

export interface TextStyle {
  font: string;
  /** Pixels from one line's top to the next. */
  lineHeight: number;
  colour?: string;
}

/** Words wrapped to `width`, drawn from (x, y); returns the y under the last line. */
export function paragraph(
  page: Page,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle,
  truth: string[] = page.truth,
): number {
  const { ctx } = page;
  ctx.font = style.font;
  ctx.fillStyle = style.colour ?? "#111111";
  let line = "";
  let at = y;
  const flush = () => {
    if (line === "") return;
    ctx.fillText(line, x, at);
    truth.push(line);
    at += style.lineHeight;
    line = "";
  };
  for (const word of text.split(/\s+/)) {
    const next = line === "" ? word : `${line} ${word}`;
    if (line !== "" && ctx.measureText(next).width > width) flush();
    line = line === "" ? word : `${line} ${word}`;
  }
  flush();
  return at;
}

/** One line of text at (x, y), aligned to x as `align` says; not added to the truth. */
export function label(
  page: Page,
  text: string,
  x: number,
  y: number,
  font: string,
  align: "left" | "right" | "center" = "left",
  colour = "#111111",
): void {
  const { ctx } = page;
  ctx.font = font;
  ctx.fillStyle = colour;
  ctx.textAlign = align;
  ctx.fillText(text, x, y);
  ctx.textAlign = "left";
}

export interface PhotoOptions {
  /** Degrees, clockwise. */
  tilt: number;
  /** Standard deviation of the added noise, in grey levels. */
  noise: number;
  blur: number;
  jpegQuality: number;
}

/**
 * The page as a phone photo of paper: tilted on a darker desk, lit unevenly
 * from one side, a little blurred, with sensor noise, saved as JPEG.
 */
export async function photograph(
  page: Page,
  random: Random,
  options: PhotoOptions,
): Promise<Buffer> {
  const { width, height } = page.canvas;
  const margin = Math.round(Math.max(width, height) * 0.06);
  const shot = createCanvas(width + 2 * margin, height + 2 * margin);
  const ctx = shot.getContext("2d");
  ctx.fillStyle = "#5b554c";
  ctx.fillRect(0, 0, shot.width, shot.height);
  ctx.save();
  ctx.translate(shot.width / 2, shot.height / 2);
  ctx.rotate((options.tilt * Math.PI) / 180);
  ctx.filter = `blur(${options.blur}px)`;
  ctx.drawImage(page.canvas, -width / 2, -height / 2);
  ctx.restore();
  ctx.filter = "none";
  // Light falling off towards one corner.
  const light = ctx.createLinearGradient(0, 0, shot.width, shot.height);
  light.addColorStop(0, "rgba(255,250,235,0.10)");
  light.addColorStop(1, "rgba(40,30,10,0.28)");
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, shot.width, shot.height);
  addNoise(ctx, shot.width, shot.height, random, options.noise);
  return shot.encode("jpeg", options.jpegQuality);
}

/** A PDF's first page rendered at 200 dpi (a phone photo of a whole page has more) and photographed: tilted, unevenly lit, noisy JPEG. */
export async function photographPdf(pdf: string, random: Random): Promise<Buffer> {
  const base = path.join(tmpdir(), `calibration-${process.pid}`);
  execFileSync("pdftoppm", ["-r", "200", "-png", "-singlefile", pdf, base]);
  const image = await loadImage(readFileSync(`${base}.png`));
  rmSync(`${base}.png`);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  return photograph({ canvas, ctx, truth: [] }, random, {
    tilt: (random() < 0.5 ? -1 : 1) * (1 + random() * 2),
    noise: 5 + random() * 5,
    blur: 0.3 + random() * 0.4,
    jpegQuality: 60 + Math.round(random() * 15),
  });
}

/** Gaussian grey noise (Box–Muller), the same on every channel. */
export function addNoise(
  ctx: SKRSContext2D,
  width: number,
  height: number,
  random: Random,
  sigma: number,
): void {
  const image = ctx.getImageData(0, 0, width, height);
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const n = Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random()) * sigma;
    for (let c = 0; c < 3; c++) {
      data[i + c] = Math.max(0, Math.min(255, (data[i + c] ?? 0) + n));
    }
  }
  ctx.putImageData(image, 0, 0);
}
