// What every part that handles page images shares: sharp, and a TIFF's signature.
//
// sharp (libvips, a native library), loaded the first time a page needs it, with
// libvips's operation cache off: it keeps up to 50 MiB of decoded results and
// 100 operations for reuse, and no two documents here share an image, so it only
// held memory between documents (docs/memory.md).
type Sharp = typeof import("sharp");

let loaded: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** Whether the bytes start as a TIFF does (little- or big-endian). */
export function isTiff(bytes: Buffer): boolean {
  return (
    bytes.length >= 4 &&
    ((bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 0x2a && bytes[3] === 0x00) ||
      (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0x00 && bytes[3] === 0x2a))
  );
}
