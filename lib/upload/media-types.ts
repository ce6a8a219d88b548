// The document types the browser knows how to check. The seed gives no
// accepted types per category, so this table is the client's guess; the
// service's 422 on the upload grant stays the final word.

export interface MediaType {
  /** Lower-case media type sent as Content-Type. */
  mime: string;
  /** Lower-case file name endings, with the dot. */
  extensions: readonly string[];
  /** What a person calls it. */
  label: string;
}

export const KNOWN_MEDIA_TYPES: readonly MediaType[] = [
  { mime: "image/png", extensions: [".png"], label: "PNG" },
  { mime: "image/jpeg", extensions: [".jpg", ".jpeg", ".jpe", ".jfif"], label: "JPEG" },
  { mime: "image/webp", extensions: [".webp"], label: "WebP" },
  { mime: "image/tiff", extensions: [".tif", ".tiff"], label: "TIFF" },
  { mime: "image/bmp", extensions: [".bmp"], label: "BMP" },
  { mime: "application/pdf", extensions: [".pdf"], label: "PDF" },
  // An e-invoice (CII or UBL); this project's invoice category takes it.
  { mime: "application/xml", extensions: [".xml"], label: "XML" },
  { mime: "text/xml", extensions: [], label: "XML" },
];

/** Every page type above (not XML): what a text-recognition category takes on this project's service. */
export const DEFAULT_ACCEPTED_TYPES: readonly string[] = KNOWN_MEDIA_TYPES.map(
  (t) => t.mime,
).filter((mime) => !mime.endsWith("/xml"));

/** 25 MiB, the service's default maximum (INTERFACE.md, "Upload URL"). */
export const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;

export function findMediaType(mime: string): MediaType | undefined {
  const bare = normaliseMime(mime);
  return KNOWN_MEDIA_TYPES.find((t) => t.mime === bare);
}

/** `image/PNG; charset=x` → `image/png`: how the service compares types. */
export function normaliseMime(mime: string): string {
  return (mime.split(";")[0] ?? "").trim().toLowerCase();
}

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot <= 0 ? "" : fileName.slice(dot).toLowerCase();
}

export function mediaTypeForExtension(fileName: string): MediaType | undefined {
  const ext = extensionOf(fileName);
  return ext ? KNOWN_MEDIA_TYPES.find((t) => t.extensions.includes(ext)) : undefined;
}

/** react-dropzone's `accept`: media type → endings. Unknown types keep no endings. */
export function dropzoneAccept(accepted: readonly string[]): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const mime of accepted) {
    accept[normaliseMime(mime)] = [...(findMediaType(mime)?.extensions ?? [])];
  }
  return accept;
}

/** "PNG, JPEG, WebP, TIFF, BMP or PDF" */
export function describeAcceptedTypes(accepted: readonly string[]): string {
  const labels = [...new Set(accepted.map((m) => findMediaType(m)?.label ?? normaliseMime(m)))];
  if (labels.length <= 1) return labels[0] ?? "no file types";
  return `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
}
