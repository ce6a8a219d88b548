// PDF or image: a document's kind, told from its bytes before anything reads it
// (the text providers, word sources, lattice tables).
import { UnreadableDocumentError } from "../providers/interface/types";

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/tiff", "image/webp", "image/bmp"]);

export type DocumentKind = "pdf" | "image";

/**
 * What the bytes really are, by their magic bytes. Providers check this
 * themselves and do not trust the declared type: the tesseract CLI reads a
 * text file as a list of image paths to open, so text must never reach it.
 */
export async function sniffDocument(bytes: Buffer): Promise<DocumentKind> {
  const { fileTypeFromBuffer } = await import("file-type");
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime === "application/pdf") return "pdf";
  if (type && IMAGE_TYPES.has(type.mime)) return "image";
  throw new UnreadableDocumentError("The document is not a supported image or a PDF");
}
