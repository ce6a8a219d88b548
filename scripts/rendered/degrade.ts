// What paper goes through before it reaches the service, done with ImageMagick 6
// (`convert`): a phone photo (the sheet on a darker desk, seen at an angle,
// lit unevenly, with a shadow, blurred, noisy, JPEG), a flatbed scan (a slight
// rotation, grey noise cleaned by the scanner's levels), a page turned a
// quarter or half turn, and pages bound into one multi-page TIFF.
//
// ImageMagick draws its noise from its own generator: `-seed` (taken from the
// document's random stream) and one thread keep a rerun identical.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { between, chance, pick, type Random, sign, toolSeed } from "./random";

const exec = promisify(execFile);
const CONVERT = "/usr/bin/convert";

async function convert(args: string[]): Promise<void> {
  await exec(CONVERT, args, {
    env: { ...process.env, MAGICK_THREAD_LIMIT: "1" },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Runs `convert` on files in a scratch folder: `inputs` written there, the output read back. */
async function withFiles(
  inputs: Buffer[],
  output: string,
  args: (inputPaths: string[], outputPath: string) => string[],
): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), "rendered-"));
  try {
    const inputPaths = inputs.map((bytes, i) => {
      const file = path.join(dir, `in-${i}.png`);
      writeFileSync(file, bytes);
      return file;
    });
    const outputPath = path.join(dir, output);
    await convert(args(inputPaths, outputPath));
    return readFileSync(outputPath);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A PNG's size from its header. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.toString("latin1", 1, 4) !== "PNG") throw new Error("not a PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * PNG output: without the text chunks that would make a rerun differ (dates),
 * keeping the resolution (-strip would drop it), compressed as small as zlib
 * gets these pages (the "sub" filter and the filtered strategy, measured).
 */
const STABLE_PNG = [
  "-define",
  "png:exclude-chunks=date,time,tEXt,zTXt,iTXt",
  "-define",
  "png:compression-level=9",
  "-define",
  "png:compression-filter=1",
  "-define",
  "png:compression-strategy=1",
];

const density = (dpi: number) => ["-units", "PixelsPerInch", "-density", String(dpi)];

export interface PhotoOptions {
  /** Degrees of tilt (either way); the default is 1 to 4. */
  tilt?: [number, number];
  /** How far the far edge narrows, as a share of the width; the default is 1 to 5 %. */
  keystone?: [number, number];
  /** Desk around the sheet on each side, as shares of the sheet's width and height. */
  margin?: { x: number; y: number };
  /** The photo's size in megapixels. */
  megapixels: number;
  /** JPEG quality; the default is 55 to 70. */
  quality?: number;
  /** A shadow across one corner (a hand or the phone); on by default. */
  shadow?: boolean;
  /** How dark the dimmest corner is lit (multiplier); the default is 0.58 to 0.75. */
  light?: number;
}

const DESKS = ["#5b4a39", "#4a4d52", "#3f4a40", "#6a5f55", "#33363b", "#7a6650"];
const PAPERS = ["#f6f3ec", "#f2efe8", "#f8f6f1", "#efece4", "#f4f1e6"];

type Point = [number, number];

/**
 * The page as a phone photo: the sheet on a darker desk, turned by a few
 * degrees and seen from an angle (keystone: the far edge narrower), lit by a
 * light falling off to one side, a soft shadow over a corner, slightly out of
 * focus, with sensor noise, saved as JPEG.
 */
export function photograph(png: Buffer, random: Random, options: PhotoOptions): Promise<Buffer> {
  const { width: w, height: h } = pngSize(png);
  const mx = Math.round(w * (options.margin?.x ?? between(random, 0.07, 0.12)));
  const my = Math.round(h * (options.margin?.y ?? between(random, 0.05, 0.09)));
  const cw = w + 2 * mx;
  const ch = h + 2 * my;
  const [tiltMin, tiltMax] = options.tilt ?? [1, 4];
  const tilt = (sign(random) * between(random, tiltMin, tiltMax) * Math.PI) / 180;
  const [keyMin, keyMax] = options.keystone ?? [0.01, 0.05];
  const pitch = between(random, keyMin, keyMax) * w;
  const yaw = between(random, -0.3, 0.3) * pitch;
  const source: Point[] = [
    [mx, my],
    [mx + w, my],
    [mx + w, my + h],
    [mx, my + h],
  ];
  // Keystone in the sheet's own frame: the top (far) edge narrower, one side shorter.
  const shaped: Point[] = [
    [mx + pitch, my + Math.max(0, yaw)],
    [mx + w - pitch, my + Math.max(0, -yaw)],
    [mx + w, my + h - Math.max(0, -yaw)],
    [mx, my + h - Math.max(0, yaw)],
  ];
  const cx = cw / 2;
  const cy = ch / 2;
  const jitter = 0.004 * w;
  const turned = shaped.map(([x, y]): Point => {
    const dx = x - cx;
    const dy = y - cy;
    return [
      cx + dx * Math.cos(tilt) - dy * Math.sin(tilt) + between(random, -jitter, jitter),
      cy + dx * Math.sin(tilt) + dy * Math.cos(tilt) + between(random, -jitter, jitter),
    ];
  });
  // Zoomed out around the centre until the whole sheet is in the picture, with some desk around it.
  const keep = 0.015;
  const fit = Math.min(
    1,
    ...turned.map(([x, y]) =>
      Math.min(
        (cw * (0.5 - keep)) / Math.max(1, Math.abs(x - cx)),
        (ch * (0.5 - keep)) / Math.max(1, Math.abs(y - cy)),
      ),
    ),
  );
  const target = turned.map(([x, y]): Point => [cx + (x - cx) * fit, cy + (y - cy) * fit]);
  const pairs = source
    .map(([sx, sy], i) => {
      const [tx, ty] = target[i] ?? [sx, sy];
      return `${sx},${sy} ${tx.toFixed(1)},${ty.toFixed(1)}`;
    })
    .join("  ");

  const desk = pick(random, DESKS);
  const paper = pick(random, PAPERS);
  // Light: a radial fall-off from a bright spot somewhere on or near the picture.
  const small = 8;
  const gw = Math.ceil(cw / small);
  const gh = Math.ceil(ch / small);
  const dim = options.light ?? between(random, 0.58, 0.75);
  const spotX = Math.round(between(random, 0.1, 0.9) * gw);
  const spotY = Math.round(between(random, 0.1, 0.9) * gh);
  // Shadow: a soft dark wedge over one corner.
  const corner = pick(random, [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ] as const);
  const legX = between(random, 0.25, 0.55) * gw;
  const legY = between(random, 0.2, 0.45) * gh;
  const cornerX = corner[0] * gw;
  const cornerY = corner[1] * gh;
  const towardX = corner[0] === 0 ? legX : gw - legX;
  const towardY = corner[1] === 0 ? legY : gh - legY;
  const wedge = `polygon ${cornerX},${cornerY} ${towardX},${cornerY} ${(cornerX + towardX) / 2 + (towardX - cornerX) * 0.2},${(cornerY + towardY) / 2 + (towardY - cornerY) * 0.2} ${cornerX},${towardY}`;
  const shade = Math.round(between(random, 68, 82));
  const shadow = options.shadow ?? true;
  const blur = between(random, 0.5, 1.0);
  const noise = between(random, 0.3, 0.5);
  const quality = options.quality ?? Math.round(between(random, 55, 70));
  const scale = Math.min(1.6, Math.sqrt((options.megapixels * 1e6) / (cw * ch)));
  const seed = toolSeed(random);
  return withFiles([png], "photo.jpg", ([input = ""], output) => [
    input,
    "-alpha",
    "off",
    "(",
    "+clone",
    "-fill",
    paper,
    "-colorize",
    "100",
    ")",
    "-compose",
    "Multiply",
    "-composite",
    "-compose",
    "Over",
    "-bordercolor",
    desk,
    "-border",
    `${mx}x${my}`,
    "-virtual-pixel",
    "background",
    "-background",
    desk,
    "-distort",
    "Perspective",
    pairs,
    "(",
    "-size",
    `${gw * 2}x${gh * 2}`,
    `radial-gradient:white-gray${Math.round(dim * 100)}`,
    "-crop",
    `${gw}x${gh}+${gw - spotX}+${gh - spotY}`,
    "+repage",
    "-resize",
    `${cw}x${ch}!`,
    ")",
    "-compose",
    "Multiply",
    "-composite",
    ...(shadow
      ? [
          "(",
          "-size",
          `${gw}x${gh}`,
          "xc:white",
          "-fill",
          `gray${shade}`,
          "-draw",
          wedge,
          "-blur",
          `0x${Math.round(gw / 30)}`,
          "-resize",
          `${cw}x${ch}!`,
          ")",
          "-compose",
          "Multiply",
          "-composite",
        ]
      : []),
    "-compose",
    "Over",
    "-blur",
    `0x${blur.toFixed(2)}`,
    "-seed",
    String(seed),
    "-attenuate",
    noise.toFixed(2),
    "+noise",
    "Gaussian",
    "-resize",
    `${(scale * 100).toFixed(2)}%`,
    "-sampling-factor",
    "2x2",
    "-strip",
    "-quality",
    String(quality),
    output,
  ]);
}

export interface ScanOptions {
  dpi: number;
  /** Degrees of rotation (either way); the default is 0.2 to 1.2. */
  rotation?: [number, number];
  /** A thermal slip gone pale with age: its black printed as mid grey, its strokes soft. */
  faded?: boolean;
}

/**
 * The page as a flatbed scan, greyscale: turned a little on the glass, slightly
 * soft, with grey noise that the scanner's levels mostly clip away (what is left
 * sits along the strokes), and now and then a grey band where the lid let light in.
 * Saved with 32 grey levels, to keep the committed set small.
 */
export function scan(png: Buffer, random: Random, options: ScanOptions): Promise<Buffer> {
  const { width, height } = pngSize(png);
  const [min, max] = options.rotation ?? [0.2, 1.2];
  const angle = sign(random) * between(random, min, max);
  const noise = between(random, 0.4, 0.8);
  const low = Math.round(between(random, 8, 14));
  const high = Math.round(between(random, 84, 90));
  const band = chance(random, 0.5);
  const bandWidth = Math.round(width * between(random, 0.015, 0.03));
  const seed = toolSeed(random);
  return withFiles([png], "scan.png", ([input = ""], output) => [
    input,
    "-alpha",
    "off",
    "-colorspace",
    "Gray",
    "-background",
    "white",
    "-rotate",
    angle.toFixed(2),
    "-gravity",
    "center",
    "-extent",
    `${width}x${height}`,
    "+gravity",
    // The page's own origin again: a rotated page keeps an offset a TIFF cannot hold.
    "+repage",
    ...(band
      ? [
          "(",
          "-size",
          `${height}x${bandWidth}`,
          "gradient:gray70-white",
          "-rotate",
          "90",
          "-background",
          "white",
          "-extent",
          `${width}x${height}`,
          ")",
          "-compose",
          "Multiply",
          "-composite",
          "-compose",
          "Over",
        ]
      : []),
    "-blur",
    "0x0.45",
    "-seed",
    String(seed),
    "-attenuate",
    noise.toFixed(2),
    "+noise",
    "Gaussian",
    "-colorspace",
    "Gray",
    "-level",
    `${low}%,${high}%`,
    ...(options.faded ? ["+level", "45%,100%", "-blur", "0x0.6"] : []),
    // 32 grey levels: the page looks the same and its PNG is a third smaller.
    "-posterize",
    "32",
    ...density(options.dpi),
    "-depth",
    "8",
    "-type",
    "Grayscale",
    ...STABLE_PNG,
    output,
  ]);
}

/** The page turned clockwise by a quarter turns (90, 180 or 270 degrees). */
export function turn(png: Buffer, degrees: 90 | 180 | 270): Promise<Buffer> {
  return withFiles([png], "turned.png", ([input = ""], output) => [
    input,
    "-rotate",
    String(degrees),
    ...STABLE_PNG,
    output,
  ]);
}

/** Pages bound into one multi-page TIFF (LZW), greyscale, at `dpi`. */
export function bindTiff(pages: Buffer[], dpi: number): Promise<Buffer> {
  return withFiles(pages, "pages.tif", (inputs, output) => [
    ...inputs,
    "+repage",
    "-colorspace",
    "Gray",
    ...density(dpi),
    "-compress",
    "LZW",
    "-strip",
    "-adjoin",
    output,
  ]);
}

/** A clean page as the service would get it from a digital source: 8-bit greyscale or colour PNG, no dates. */
export function cleanPng(png: Buffer, dpi: number, grey: boolean): Promise<Buffer> {
  return withFiles([png], "clean.png", ([input = ""], output) => [
    input,
    "-alpha",
    "off",
    ...(grey ? ["-colorspace", "Gray", "-type", "Grayscale"] : []),
    ...density(dpi),
    "-depth",
    "8",
    ...STABLE_PNG,
    output,
  ]);
}
