// Multi-page TIFFs written at test time: sharp writes one page per file, and
// ImageMagick is not on every machine the tests run on, so the few tags a
// reader needs are written here, one uncompressed 8-bit grey page per IFD.
import sharp from "sharp";

export interface TiffPage {
  width: number;
  height: number;
  /** One byte per pixel, row by row; fewer bytes than the size says make a damaged page. */
  data: Uint8Array;
}

/** A page of grey pixels from any image sharp reads (PNG, JPEG). */
export async function greyPage(image: Buffer): Promise<TiffPage> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

const SHORT = 3;
const LONG = 4;

/** Little-endian TIFF: header, then each page's IFD followed by its pixels. */
export function writeTiff(pages: readonly TiffPage[]): Buffer {
  const entries = 9;
  const ifdSize = 2 + entries * 12 + 4;
  const header = Buffer.alloc(8);
  header.write("II", 0, "latin1");
  header.writeUInt16LE(42, 2);
  header.writeUInt32LE(8, 4);
  const parts: Buffer[] = [header];
  let offset = 8;
  pages.forEach((page, i) => {
    const dataAt = offset + ifdSize;
    const declared = page.width * page.height;
    const tags: [number, number, number][] = [
      [256, LONG, page.width], // ImageWidth
      [257, LONG, page.height], // ImageLength
      [258, SHORT, 8], // BitsPerSample
      [259, SHORT, 1], // Compression: none
      [262, SHORT, 1], // PhotometricInterpretation: black is zero
      [273, LONG, dataAt], // StripOffsets
      [277, SHORT, 1], // SamplesPerPixel
      [278, LONG, page.height], // RowsPerStrip: one strip
      [279, LONG, declared], // StripByteCounts
    ];
    const ifd = Buffer.alloc(ifdSize);
    ifd.writeUInt16LE(entries, 0);
    tags.forEach(([tag, type, value], k) => {
      const at = 2 + k * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(1, at + 4);
      if (type === SHORT) ifd.writeUInt16LE(value, at + 8);
      else ifd.writeUInt32LE(value, at + 8);
    });
    const next = i + 1 < pages.length ? dataAt + page.data.length : 0;
    ifd.writeUInt32LE(next, 2 + entries * 12);
    parts.push(ifd, Buffer.from(page.data));
    offset = dataAt + page.data.length;
  });
  return Buffer.concat(parts);
}
