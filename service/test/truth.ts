// The fixtures' true texts and the character error rate against them, for the
// tests that read fixtures with real engines.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { distance } from "fastest-levenshtein";
import { FIXTURES } from "./process-helpers";

/** `letter.jpg` → `letter-jpg.txt`; `letter.png` → `letter.txt` (the fixtures' README). */
export function truthFile(file: string): string {
  const ext = path.extname(file);
  const base = path.basename(file, ext);
  const own = path.join(FIXTURES, `${base}-${ext.slice(1)}.txt`);
  return readFileSync(existsSync(own) ? own : path.join(FIXTURES, `${base}.txt`), "utf8");
}

export const normalise = (text: string) => text.replace(/\s+/g, " ").trim();

/** Levenshtein distance / length of the true text, after collapsing runs of white space. */
export function characterErrorRate(read: string, truth: string): number {
  const expected = normalise(truth);
  return distance(normalise(read), expected) / Math.max(1, expected.length);
}
