// Opens the person's PDF or TIFF for drawing, loading pdf.js or utif2 only now:
// each is a chunk of its own, fetched the first time such a document is shown.
import type { PageImages } from "./page-images";

/** Opens `file` for drawing; rejects when the browser cannot draw it (no canvas, damaged file). */
export async function openPageImages(file: Blob): Promise<PageImages> {
  // A browser (or test DOM) without a 2D canvas draws nothing: no library is fetched.
  if (!document.createElement("canvas").getContext("2d")) {
    throw new Error("no 2D canvas in this browser");
  }
  if (file.type === "application/pdf") return (await import("./pdf-pages")).openPdfPages(file);
  if (file.type === "image/tiff") return (await import("./tiff-pages")).openTiffPages(file);
  throw new Error(`pages of ${file.type || "this file"} are not drawn here`);
}
