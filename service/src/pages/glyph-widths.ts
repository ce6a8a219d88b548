// How wide each character is relative to the others, to place words inside a
// PDF text run: pdfjs gives one width per run, not per glyph. The advance
// widths of Helvetica (Adobe's AFM, 1/1000 em) for printable ASCII; Arial and
// Liberation Sans share them, and other Latin fonts are close enough that word
// boxes land within a few pixels, where equal widths drift by a word's length.

// biome-ignore format: sixteen characters a row, as in an ASCII table
const HELVETICA_ASCII = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space … /
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 … ?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ … O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P … _
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` … o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p … ~
];

/** Typical width for characters outside printable ASCII. */
const OTHER = 556;

export function glyphWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return HELVETICA_ASCII[code - 32] ?? OTHER;
}
