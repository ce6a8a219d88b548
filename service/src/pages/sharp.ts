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
