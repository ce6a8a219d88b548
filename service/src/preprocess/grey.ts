// A one-channel image, and moving pictures between it and a canvas.
import { type Canvas, createCanvas } from "@napi-rs/canvas";
import { loadSharp } from "../images";

export interface Grey {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** A canvas whose pixels can be read: ours, or the one pdfjs draws on. */
export interface PixelSource {
  width: number;
  height: number;
  getContext(type: "2d"): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}

/**
 * The canvas's pixels as grey, laid on white paper: a transparent pixel is
 * paper, as Tesseract (Leptonica) and a browser show it. Read without its
 * alpha, an image whose ink is only in the alpha channel (black everywhere,
 * the letters opaque, the rest transparent) is black all over and reads as
 * nothing (issue 25, real `white-on-dark`).
 */
export function toGrey(canvas: PixelSource): Grey {
  const { width, height } = canvas;
  const rgba = canvas.getContext("2d").getImageData(0, 0, width, height).data;
  const data = new Uint8ClampedArray(width * height);
  for (let p = 0, i = 0; p < data.length; p++, i += 4) {
    // Rec. 601 luma, in integers.
    const luma = (rgba[i] ?? 0) * 299 + (rgba[i + 1] ?? 0) * 587 + (rgba[i + 2] ?? 0) * 114;
    const alpha = rgba[i + 3] ?? 255;
    data[p] = alpha === 255 ? luma / 1000 : (luma * alpha + 255_000 * (255 - alpha)) / 255_000;
  }
  return { width, height, data };
}

export function toCanvas(image: Grey): Canvas {
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  const pixels = ctx.createImageData(image.width, image.height);
  for (let p = 0, i = 0; p < image.data.length; p++, i += 4) {
    const v = image.data[p] ?? 0;
    pixels.data[i] = v;
    pixels.data[i + 1] = v;
    pixels.data[i + 2] = v;
    pixels.data[i + 3] = 255;
  }
  ctx.putImageData(pixels, 0, 0);
  return canvas;
}

/** The image at half its width and height, each pixel the mean of four. */
export function halved(image: Grey): Grey {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const { data: source, width: stride } = image;
  const data = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = 2 * y * stride + 2 * x;
      const sum =
        (source[i] ?? 0) +
        (source[i + 1] ?? 0) +
        (source[i + stride] ?? 0) +
        (source[i + stride + 1] ?? 0);
      data[y * width + x] = sum >> 2;
    }
  }
  return { width, height, data };
}

/**
 * A one-channel PNG, written by libvips (sharp) at its fastest compression:
 * far quicker than the canvas's RGBA PNG, off the event loop. Left to its
 * default, sharp writes every image as sRGB: three channels, the same grey in
 * each, several times the bytes and the time to write and read back.
 */
export async function toPng(image: Grey): Promise<Buffer> {
  const sharp = await loadSharp();
  const { width, height, data } = image;
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.length), {
    raw: { width, height, channels: 1 },
  })
    .toColourspace("b-w")
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Binary PGM (P5): what both Tesseract builds read fastest, with no compression to pay for. */
export function toPgm(image: Grey): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, "ascii");
  return Buffer.concat([
    header,
    Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length),
  ]);
}

/** Otsu's threshold: the grey level that best splits ink from paper. */
export function otsu(image: Grey): number {
  const histogram = new Float64Array(256);
  const { data } = image;
  for (let p = 0; p < data.length; p++) {
    const v = data[p] as number;
    histogram[v] = (histogram[v] as number) + 1;
  }
  const total = data.length;
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * (histogram[v] ?? 0);
  let below = 0;
  let sumBelow = 0;
  let best = 0;
  let threshold = 128;
  for (let v = 0; v < 256; v++) {
    below += histogram[v] ?? 0;
    if (below === 0 || below === total) continue;
    sumBelow += v * (histogram[v] ?? 0);
    const meanBelow = sumBelow / below;
    const meanAbove = (sum - sumBelow) / (total - below);
    const between = below * (total - below) * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = v + 1;
    }
  }
  return threshold;
}
