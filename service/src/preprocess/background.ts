// Contrast normalisation: the paper's own brightness, estimated everywhere
// (the brightest pixel of each small cell, interpolated between cells), is
// divided out, so uneven light and tinted or grey paper all become white;
// then grey levels are stretched so the darkest ink is black. Low-contrast
// print and photos lit from one side come out as dark text on white.
//
// A photo of paper also shows what the paper lies on. Cells much darker than
// the paper are that desk, and so are the cells on the paper's edge beside
// them: both are made white, or the desk's edge would come out as a black
// band that Tesseract takes for a picture, dropping the words beside it.
import { loadSharp } from "../images";
import type { Grey } from "./grey";

/** Cells the paper is sampled in: wider than a stroke, narrower than a shadow. */
const CELL = 16;
/** Shares of pixels taken as ink (darkest) and as paper when stretching. */
const INK_PERCENTILE = 0.005;
const PAPER_PERCENTILE = 0.5;
/**
 * Grey levels at least between ink and paper: every calibration page has more,
 * while a sparse photo's darkest INK_PERCENTILE can be grain just under its
 * paper, which stretched to black hid its words.
 */
const MIN_INK_CONTRAST = 48;
/** Grey levels this light, once stretched, are paper. */
const SPECKLE = 200;
/** A cell whose brightest pixel is under this share of the typical paper's is not paper. */
const DESK = 0.6;
/** A cell whose pixels differ by at most this many grey levels is flat: no paper of a photo or a scan. */
const FLAT = 2;

export async function flattenBackground(source: Grey): Promise<Grey> {
  const image = noisy(source) ? await smooth(source) : source;
  const { width, height, data } = image;
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const paper = new Float32Array(cols * rows);
  const darkest = new Float32Array(cols * rows).fill(255);
  // Each column's cell, and its neighbours and weight between cell centres.
  const cellOf = new Int32Array(width);
  const c0s = new Int32Array(width);
  const c1s = new Int32Array(width);
  const txs = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    cellOf[x] = Math.floor(x / CELL);
    const fx = Math.min(cols - 1, Math.max(0, (x + 0.5) / CELL - 0.5));
    c0s[x] = Math.floor(fx);
    c1s[x] = Math.min(cols - 1, Math.floor(fx) + 1);
    txs[x] = fx - Math.floor(fx);
  }
  for (let y = 0; y < height; y++) {
    const cellRow = Math.floor(y / CELL) * cols;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const cell = cellRow + (cellOf[x] as number);
      const v = data[row + x] as number;
      if (v > (paper[cell] as number)) paper[cell] = v;
      if (v < (darkest[cell] as number)) darkest[cell] = v;
    }
  }
  const desk = deskCells(paper, darkest, cols, rows);
  const flat = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    // Bilinear between cell centres.
    const fy = Math.min(rows - 1, Math.max(0, (y + 0.5) / CELL - 0.5));
    const r0 = Math.floor(fy);
    const r1 = Math.min(rows - 1, r0 + 1);
    const ty = fy - r0;
    const cellRow = Math.floor(y / CELL) * cols;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const c0 = c0s[x] as number;
      const c1 = c1s[x] as number;
      const tx = txs[x] as number;
      const top =
        (paper[r0 * cols + c0] as number) * (1 - tx) + (paper[r0 * cols + c1] as number) * tx;
      const bottom =
        (paper[r1 * cols + c0] as number) * (1 - tx) + (paper[r1 * cols + c1] as number) * tx;
      const background = top * (1 - ty) + bottom * ty;
      flat[row + x] =
        desk[cellRow + (cellOf[x] as number)] === 1 || background <= 0
          ? 255
          : (255 * (data[row + x] as number)) / background;
    }
  }
  return stretch({ width, height, data: flat });
}

/** Mean difference between neighbours on paper (lighter than the mean): a clean scan is near 0, a phone photo 5 and more. */
const NOISY = 3;

function noisy({ width, data }: Grey): boolean {
  let sum = 0;
  for (const v of data) sum += v;
  const light = sum / data.length;
  let total = 0;
  let count = 0;
  for (let p = 0; p + 1 < data.length; p++) {
    if ((p + 1) % width === 0) continue;
    const a = data[p] ?? 0;
    const b = data[p + 1] ?? 0;
    if (a > light && b > light) {
      total += Math.abs(a - b);
      count++;
    }
  }
  return count > 0 && total / count > NOISY;
}

/**
 * A 3 × 3 median: takes out speckle without widening strokes, as a blur would.
 * libvips's, off the event loop: the same pixels as a loop of our own (edges
 * extended), in less CPU time.
 */
async function smooth({ width, height, data }: Grey): Promise<Grey> {
  const sharp = await loadSharp();
  const raw = { width, height, channels: 1 as const };
  const out = await sharp(Buffer.from(data.buffer, data.byteOffset, data.length), { raw })
    .median(3)
    .toColourspace("b-w")
    .raw()
    .toBuffer();
  return { width, height, data: new Uint8ClampedArray(out.buffer, out.byteOffset, out.length) };
}

/**
 * 1 for cells of the desk and for paper cells beside them. The typical paper is
 * taken over cells with any texture: a picture's blank margins (one flat grey,
 * a photo pasted on white) would set it at their white, and the photographed
 * paper in shadow would be taken for desk (a real receipt: every line below its
 * address lost).
 */
function deskCells(
  paper: Float32Array,
  darkest: Float32Array,
  cols: number,
  rows: number,
): Uint8Array {
  const textured = paper.filter((v, i) => v - (darkest[i] ?? v) > FLAT);
  const sorted = [...(textured.length > 0 ? textured : paper)].sort((a, b) => a - b);
  const typical = sorted[Math.floor(sorted.length * 0.75)] ?? 0;
  const dark = paper.map((v) => (v < DESK * typical ? 1 : 0));
  const desk = new Uint8Array(paper.length);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let near = 0;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const rr = r + dr;
          const cc = c + dc;
          if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) near |= dark[rr * cols + cc] ?? 0;
        }
      }
      desk[r * cols + c] = near;
    }
  }
  return desk;
}

/** Grey levels stretched so the darkest ink is black and the paper white, light speckle with it. */
export function stretch(image: Grey): Grey {
  const histogram = new Int32Array(256);
  for (let p = 0; p < image.data.length; p++) {
    const v = image.data[p] as number;
    histogram[v] = (histogram[v] as number) + 1;
  }
  const level = (share: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v] ?? 0;
      if (seen >= share * image.data.length) return v;
    }
    return 255;
  };
  const paper = level(PAPER_PERCENTILE);
  // A page with less ink than INK_PERCENTILE of its pixels (a few words on a
  // photo) has noise there: its ink is looked for among fewer pixels.
  let ink = level(INK_PERCENTILE);
  for (const share of [INK_PERCENTILE / 5, INK_PERCENTILE / 10]) {
    if (paper - ink < MIN_INK_CONTRAST) ink = level(share);
  }
  if (paper - ink < 8) return image;
  const data = new Uint8ClampedArray(image.data.length);
  for (let p = 0; p < data.length; p++) {
    const v = (255 * ((image.data[p] as number) - ink)) / (paper - ink);
    // Light speckle (sensor noise, paper grain) is paper: Tesseract would take it for a picture.
    data[p] = v >= SPECKLE ? 255 : v;
  }
  return { ...image, data };
}
