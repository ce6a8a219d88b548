// Which known document type a file's first bytes say it is. A table of seven
// signatures instead of file-type's browser entry: that one bundles a hundred
// formats' detection, and the category page has a budget to keep
// (docs/performance-web.md, "JavaScript shipped"). The service checks the bytes again before it reads them.

/** Bytes to read from the start of a file: enough for every signature below. */
export const SNIFF_BYTES = 1024;

const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

function startsWith(head: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (head.length < offset + signature.length) return false;
  return signature.every((byte, i) => head[offset + i] === byte);
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
const TIFF_LE = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a];
const BMP = ascii("BM");
const PDF = ascii("%PDF-");

/** Readers accept a PDF header anywhere in the first 1024 bytes (ISO 32000-1, annex H). */
function hasPdfHeader(head: Uint8Array): boolean {
  const last = Math.min(head.length, SNIFF_BYTES) - PDF.length;
  for (let offset = 0; offset <= last; offset++) {
    if (startsWith(head, PDF, offset)) return true;
  }
  return false;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];

/** XML (an e-invoice): after a byte-order mark and white space, `<?xml`, a comment or an element. */
function looksLikeXml(head: Uint8Array): boolean {
  if (UTF16_BOMS.some((bom) => startsWith(head, bom))) return true;
  const start = startsWith(head, UTF8_BOM) ? UTF8_BOM.length : 0;
  const text = String.fromCharCode(...head.subarray(start, start + 64));
  return /^\s*<(\?xml\s|!--|[A-Za-z_])/.test(text);
}

/** The media type the bytes show, or null when they match none of the known documents. */
export function sniffMediaType(head: Uint8Array): string | null {
  if (startsWith(head, PNG)) return "image/png";
  if (startsWith(head, JPEG)) return "image/jpeg";
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return "image/webp";
  if (startsWith(head, TIFF_LE) || startsWith(head, TIFF_BE)) return "image/tiff";
  // "BM" alone is two ASCII letters; a BMP also says where its pixels start (reserved bytes 6–9 are 0).
  if (startsWith(head, BMP) && startsWith(head, [0, 0, 0, 0], 6)) {
    return "image/bmp";
  }
  if (hasPdfHeader(head)) return "application/pdf";
  if (looksLikeXml(head)) return "application/xml";
  return null;
}

export async function readHead(file: Blob, bytes = SNIFF_BYTES): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
}
