// Every page of a TIFF, decoded in the browser by utif2 (browsers cannot show
// TIFF themselves). Loaded only when a TIFF's result is shown; a page is
// decoded when it is first drawn, and kept as a bitmap for redraws.
import * as UTIF from "utif2";
import type { PageImages } from "./page-images";

/** NewSubfileType bit 0: a reduced-size copy of another page (a thumbnail), not a page. */
const REDUCED = 1;

export async function openTiffPages(file: Blob): Promise<PageImages> {
  const buffer = await file.arrayBuffer();
  const pages = UTIF.decode(buffer).filter(
    (ifd) => ifd.t256 !== undefined && (Number(first(ifd.t254)) & REDUCED) === 0,
  );
  if (pages.length === 0) throw new Error("no page in this TIFF");
  const bitmaps = new Map<number, Promise<ImageBitmap>>();
  const bitmapOf = (index: number) => {
    let made = bitmaps.get(index);
    if (!made) {
      const ifd = pages[index];
      if (!ifd) return Promise.reject(new Error(`no page ${index + 1}`));
      made = Promise.resolve().then(() => {
        UTIF.decodeImage(buffer, ifd);
        const rgba = new Uint8ClampedArray(UTIF.toRGBA8(ifd));
        return createImageBitmap(new ImageData(rgba, ifd.width, ifd.height));
      });
      bitmaps.set(index, made);
    }
    return made;
  };
  return {
    count: pages.length,
    async draw(index, canvas, width, signal) {
      const bitmap = await bitmapOf(index);
      signal.throwIfAborted();
      canvas.width = Math.max(1, Math.round(width));
      canvas.height = Math.max(1, Math.round((width * bitmap.height) / bitmap.width));
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2D canvas");
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    },
    close() {
      for (const made of bitmaps.values())
        made.then(
          (bitmap) => bitmap.close(),
          () => {},
        );
      bitmaps.clear();
    },
  };
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}
