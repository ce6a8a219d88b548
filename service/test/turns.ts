// Where a box lands when its image is turned, worked out apart from the
// service's own code (preprocess/turn.ts) so tests of turned pages can check it.
import type { BBox } from "@/lib/kernel/contract";
import type { QuarterTurn } from "../src/preprocess/turn";

/** `box` on an image of `size`, once the image is turned `turn` degrees clockwise. */
export function onTurned(turn: QuarterTurn, size: { width: number; height: number }) {
  const { width: w, height: h } = size;
  return (b: BBox): BBox => {
    if (turn === 90) return { x0: h - b.y1, y0: b.x0, x1: h - b.y0, y1: b.x1 };
    if (turn === 180) return { x0: w - b.x1, y0: h - b.y1, x1: w - b.x0, y1: h - b.y0 };
    if (turn === 270) return { x0: b.y0, y0: w - b.x1, x1: b.y1, y1: w - b.x0 };
    return b;
  };
}
