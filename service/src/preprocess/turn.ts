// A page image turned by quarter turns (a page scanned sideways or upside
// down, read upright), with sharp (libvips, off the event loop); and the boxes
// found on the turned image put back where they lie on the image as sent.
import type { BBox } from "@/lib/kernel/contract";
import { loadSharp } from "../images";

/** Degrees clockwise. */
export type QuarterTurn = 0 | 90 | 180 | 270;

/** The image turned `turn` degrees clockwise, as a PNG; undefined when sharp cannot decode it (BMP). */
export async function turnImage(image: Buffer, turn: QuarterTurn): Promise<Buffer | undefined> {
  const sharp = await loadSharp();
  try {
    // An explicit angle: the pixels as stored are turned, as every engine reads them.
    return await sharp(image).rotate(turn).png({ compressionLevel: 1 }).toBuffer();
  } catch {
    return undefined;
  }
}

/**
 * A box on the image turned `turn` degrees clockwise → the same place on the
 * image as sent, `sent` being that image's size.
 */
export function fromTurned(
  turn: QuarterTurn,
  sent: { width: number; height: number },
): (box: BBox) => BBox {
  const { width: w, height: h } = sent;
  switch (turn) {
    case 0:
      return (box) => box;
    case 90:
      return (b) => ({ x0: b.y0, y0: h - b.x1, x1: b.y1, y1: h - b.x0 });
    case 180:
      return (b) => ({ x0: w - b.x1, y0: h - b.y1, x1: w - b.x0, y1: h - b.y0 });
    case 270:
      return (b) => ({ x0: w - b.y1, y0: b.x0, x1: w - b.y0, y1: b.x1 });
  }
}
