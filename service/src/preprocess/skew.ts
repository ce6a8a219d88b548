// How far a page's text lines are tilted, by projection profiles: the dark
// pixels are projected onto the vertical axis at each trial angle, and the
// angle whose profile is sharpest (the largest sum of squared bin counts:
// lines fall into few bins, gaps into none) is the tilt. Coarse steps first,
// then fine ones around the best. Works on a grey image with dark text.
import type { Grey } from "./grey";

const MAX_DEGREES = 8;
const COARSE = 0.5;
const FINE = 0.1;
/** Enough dark pixels to find lines, few enough to stay fast on a big page. */
const MAX_POINTS = 40_000;

/** Degrees the text is turned clockwise (lines falling to the right are positive). */
export function estimateSkew(image: Grey, threshold: number): number {
  const { width, height, data } = image;
  let dark = 0;
  for (let p = 0; p < data.length; p++) if ((data[p] as number) < threshold) dark++;
  if (dark === 0) return 0;
  const stride = Math.max(1, Math.ceil(dark / MAX_POINTS));
  const xs = new Int32Array(Math.ceil(dark / stride));
  const ys = new Int32Array(xs.length);
  let seen = 0;
  let points = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if ((data[row + x] as number) >= threshold) continue;
      if (seen++ % stride === 0) {
        xs[points] = x;
        ys[points++] = y;
      }
    }
  }
  // A bin per projected row: y·cos − x·sin lies within [−width, height] at these angles.
  const bins = new Int32Array(width + height + 3);
  const offset = width + 1;
  const sharpness = (degrees: number) => {
    const t = (degrees * Math.PI) / 180;
    const sin = Math.sin(t);
    const cos = Math.cos(t);
    bins.fill(0);
    for (let i = 0; i < points; i++) {
      const bin = Math.round((ys[i] as number) * cos - (xs[i] as number) * sin) + offset;
      bins[bin] = (bins[bin] as number) + 1;
    }
    let sum = 0;
    for (let b = 0; b < bins.length; b++) sum += (bins[b] as number) * (bins[b] as number);
    return sum;
  };
  const best = (from: number, to: number, step: number) => {
    let angle = 0;
    let top = -1;
    for (let a = from; a <= to + 1e-9; a += step) {
      const s = sharpness(a);
      if (s > top) {
        top = s;
        angle = a;
      }
    }
    return angle;
  };
  const coarse = best(-MAX_DEGREES, MAX_DEGREES, COARSE);
  return Math.round(best(coarse - COARSE, coarse + COARSE, FINE) * 100) / 100;
}

/**
 * Height in pixels of the core of a typical text line, about its x-height:
 * the runs of rows that hold a good share of the ink once the page is
 * straight (ascenders and descenders alone hold little); 0 when there is no text.
 */
export function typicalXHeight(image: Grey, threshold: number): number {
  const profile = new Array<number>(image.height).fill(0);
  for (let y = 0; y < image.height; y++) {
    const row = y * image.width;
    let inked = 0;
    for (let x = 0; x < image.width; x++) if ((image.data[row + x] ?? 255) < threshold) inked++;
    profile[y] = inked;
  }
  // A text row holds a good share of the ink of the fullest rows; noise and specks do not.
  const fullest = [...profile].sort((a, b) => a - b)[Math.floor(profile.length * 0.95)] ?? 0;
  if (fullest === 0) return 0;
  const runs: number[] = [];
  let run = 0;
  for (const inked of profile) {
    if (inked >= fullest * 0.15) run++;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  if (run > 0) runs.push(run);
  const lines = runs.filter((r) => r >= 4).sort((a, b) => a - b);
  return lines[lines.length >> 1] ?? 0;
}
