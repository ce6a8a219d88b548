// Tesseract's TSV output (level 1 page … 5 word) → a page. Both engines give
// it: the CLI with the `tsv` config, tesseract.js as `data.tsv`. It carries the
// page size, which tesseract.js's `blocks` output does not, and is far lighter
// to pass out of a worker than `blocks` with its per-symbol detail.
import type { OcrSpan } from "@/lib/kernel/contract";
import type { RecognizedPage } from "./ocr-page";
import { buildPage, toUnitConfidence } from "./ocr-page";

/**
 * Words keep tesseract's line grouping (block, paragraph, line), and its
 * blocks in its reading order: the layout follows its page analysis.
 */
export function parseTsv(tsv: string): RecognizedPage {
  let width = 0;
  let height = 0;
  const lines = new Map<string, OcrSpan[]>();
  const blocks = new Map<string, OcrSpan[]>();
  // The CLI starts with a header row, tesseract.js does not; a header has no numbers and is skipped.
  for (const row of tsv.split("\n")) {
    const cols = row.split("\t");
    if (cols.length < 12) continue;
    const [level, , block, par, line, , left, top, w, h, conf] = cols.map(Number);
    const text = cols.slice(11).join("\t");
    if (level === 1) {
      width = w ?? 0;
      height = h ?? 0;
    } else if (level === 5 && text.trim() !== "") {
      const x0 = left ?? 0;
      const y0 = top ?? 0;
      const word = {
        text,
        confidence: toUnitConfidence(conf ?? 0),
        bbox: { x0, y0, x1: x0 + (w ?? 0), y1: y0 + (h ?? 0) },
      };
      push(lines, `${block}.${par}.${line}`, word);
      push(blocks, `${block}`, word);
    }
  }
  return buildPage(width, height, [...lines.values()], [...blocks.values()]);
}

function push(groups: Map<string, OcrSpan[]>, key: string, word: OcrSpan): void {
  const group = groups.get(key);
  if (group) group.push(word);
  else groups.set(key, [word]);
}
