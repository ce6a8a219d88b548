// Hand-placed OCR words for the invoice extractors' tests (no OCR run): lines of
// words where a page puts them, words in larger print, and the short slips several
// tests set a shop's head over.
import type { OcrData, OcrSpan } from "@/lib/kernel/contract";
import { extractByLayout, extractByPatterns } from "../src/providers/invoices/extract";

/** Words of `text` from (x, y), 10 px a character, 20 px high; `tilt` lifts them by x × tilt. */
export function line(x: number, y: number, text: string, tilt = 0): OcrSpan[] {
  let at = x;
  return text.split(" ").map((word) => {
    const x0 = at;
    at += word.length * 10 + 10;
    const dy = ((x0 + at) / 2) * tilt;
    return { text: word, confidence: 0.9, bbox: { x0, y0: y + dy, x1: at - 10, y1: y + 20 + dy } };
  });
}

export function document(lines: [number, number, string][], tilt = 0): OcrData {
  const words = lines.flatMap(([x, y, text]) => line(x, y, text, tilt));
  const page = {
    number: 1,
    width: 1200,
    height: 1600,
    text: "",
    confidence: 0.9,
    lines: [],
    words,
  };
  return { text: "", language: "eng", pages: [page] };
}

/** The fields' values, by name. */
export const valuesOf = (data: ReturnType<typeof extractByLayout>) =>
  Object.fromEntries(Object.entries(data.fields).map(([k, f]) => [k, f.value]));
export const amounts = (data: ReturnType<typeof extractByLayout>) =>
  data.line_items.map((i) => i.amount);

/** Words of `text` in a larger print: `size` px high, `size / 2` px a character. */
export function big(x: number, y: number, text: string, size: number): OcrSpan[] {
  let at = x;
  return text.split(" ").map((word) => {
    const x0 = at;
    at += (word.length * size) / 2 + size / 2;
    return { text: word, confidence: 0.9, bbox: { x0, y0: y, x1: at - size / 2, y1: y + size } };
  });
}

export function withWords(data: OcrData, words: OcrSpan[]): OcrData {
  const [page] = data.pages;
  if (!page) return data;
  return { ...data, pages: [{ ...page, words: [...page.words, ...words] }] };
}

/** Both extractors, for `it.each`: what the one reads, the other must read too. */
export const bothExtractors = [
  ["layout", extractByLayout],
  ["patterns", extractByPatterns],
] as const;

/** `head` over a till's date and time, one item and its "Summe". */
export const slipBelow = (head: [number, number, string][]) =>
  document([
    ...head,
    [100, 200, "18.05.2020 16:07 2171/3"],
    [100, 240, "Ricola Kräuter"],
    [700, 240, "1,75"],
    [100, 270, "Summe"],
    [700, 270, "1,75"],
  ]);

/** `head` over another till's date and time, one item and its "Summe". */
export const tillBelow = (head: [number, number, string][]) =>
  document([
    ...head,
    [100, 200, "14.05.2020 17:35"],
    [100, 240, "Holzkohle 3 kg"],
    [700, 240, "5,99"],
    [100, 270, "Summe"],
    [700, 270, "5,99"],
  ]);

/** The shop's name and address an extraction found. */
export const shopOf = (data: ReturnType<typeof extractByLayout>) => ({
  name: data.fields.supplier_name.value,
  address: data.fields.supplier_address.value,
});
