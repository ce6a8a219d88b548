// What every part that handles page images shares: sharp, OpenCV, and a TIFF's signature.
//
// sharp (libvips, a native library), loaded the first time a page needs it, with
// libvips's operation cache off: it keeps up to 50 MiB of decoded results and
// 100 operations for reuse, and no two documents here share an image, so it only
// held memory between documents (docs/memory.md).
import { createRequire } from "node:module";

type Sharp = typeof import("sharp");

let loaded: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

type OpenCv = typeof import("@techstark/opencv-js");

let openCv: Promise<{ cv: OpenCv }> | undefined;

/**
 * OpenCV (WebAssembly), ready once its runtime has started; loaded the first
 * time a page needs it. Its heap never shrinks: every matrix made is deleted.
 * Wrapped in an object: the module is its own thenable, and a promise of it
 * would never settle.
 */
export function loadOpenCv(): Promise<{ cv: OpenCv }> {
  openCv ??= (async () => {
    const require = createRequire(import.meta.url);
    const cv = require("@techstark/opencv-js") as OpenCv & { then?: (ready: () => void) => void };
    // Its `then` runs the callback once the runtime is up; awaiting the module itself would
    // loop (the module is its own thenable).
    if (typeof cv.Mat !== "function") {
      await new Promise<void>((resolve) => cv.then?.(() => resolve()));
    }
    return { cv };
  })();
  return openCv;
}

/** Whether the bytes start as a TIFF does (little- or big-endian). */
export function isTiff(bytes: Buffer): boolean {
  return (
    bytes.length >= 4 &&
    ((bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 0x2a && bytes[3] === 0x00) ||
      (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0x00 && bytes[3] === 0x2a))
  );
}
