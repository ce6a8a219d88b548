// The truth of a WildReceipt receipt, made from the dataset's own annotations
// (one JSON a line: the image's file_name and its words, each a box, a text
// and a label id naming a line of class_list.txt). Only what the annotations
// settle is written, in the shape of the real receipts:
//   - the shop: the Store_name_value words in reading order, a word that
//     repeats one before it dropped, joined by spaces;
//   - the date: the Date_value words read as a date, kept only when reading
//     them month first and day first gives one and the same day;
//   - the total: the Total_value words read as an amount, kept only when
//     every one of them reads as one clear amount and they agree;
//   - the currency: the ISO code or the sign (€, £) printed with the total.
// WildReceipt's transcriptions carry no spaces (its dict.txt has no space
// character), so "KOREANRESTAURANT" is what the dataset says; a bench scores
// its text with the spaces taken out of both sides.
import * as chrono from "chrono-node";
import { z } from "zod";
import type { InvoiceTruth } from "./einvoice-truth";

const Annotation = z
  .object({
    /** Four corners, x y each, as the dataset draws them. */
    box: z.array(z.number()).length(8),
    text: z.string(),
    label: z.number().int().nonnegative(),
  })
  .strict();
type Annotation = z.infer<typeof Annotation>;

export const AnnotatedReceipt = z
  .object({
    file_name: z.string().min(1),
    height: z.number().positive(),
    width: z.number().positive(),
    annotations: z.array(Annotation),
  })
  .strict();
export type AnnotatedReceipt = z.infer<typeof AnnotatedReceipt>;

/** The sidecar truth `<name>.words.json`: every annotated word, its label by name. */
export const WildReceiptWords = z
  .object({
    file_name: z.string().min(1),
    width: z.number().positive(),
    height: z.number().positive(),
    words: z.array(
      z
        .object({ box: z.array(z.number()).length(8), text: z.string(), label: z.string() })
        .strict(),
    ),
  })
  .strict();
export type WildReceiptWords = z.infer<typeof WildReceiptWords>;

/** The annotation file, by file_name. */
export const readAnnotations = (text: string): Map<string, AnnotatedReceipt> =>
  new Map(
    text
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => {
        const receipt = AnnotatedReceipt.parse(JSON.parse(line));
        return [receipt.file_name, receipt] as const;
      }),
  );

/** class_list.txt: one class name a line, the line's index its label id. */
export const readClasses = (text: string): string[] =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");

const ys = (a: Annotation) => a.box.filter((_, i) => i % 2 === 1);
const xs = (a: Annotation) => a.box.filter((_, i) => i % 2 === 0);
const middleY = (a: Annotation) => (Math.min(...ys(a)) + Math.max(...ys(a))) / 2;

/** Top to bottom; words whose middle lies within the first word's height share its line, left to right. */
const readingOrder = (words: readonly Annotation[]): Annotation[] => {
  const lines: Annotation[][] = [];
  for (const word of [...words].sort((a, b) => middleY(a) - middleY(b))) {
    const line = lines.at(-1);
    const first = line?.[0];
    const y = middleY(word);
    if (line && first && y >= Math.min(...ys(first)) && y <= Math.max(...ys(first)))
      line.push(word);
    else lines.push([word]);
  }
  return lines.flatMap((line) => line.sort((a, b) => Math.min(...xs(a)) - Math.min(...xs(b))));
};

const spaceless = (text: string) => text.replace(/\s+/g, "");

const shopOf = (words: readonly Annotation[]): string | undefined => {
  const seen = new Set<string>();
  const parts = readingOrder(words)
    .map((w) => w.text.trim())
    .filter((text) => {
      const key = spaceless(text);
      if (key === "" || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return parts.length > 0 ? parts.join(" ") : undefined;
};

const LOCALES = [chrono.en.casual, chrono.en.GB];

/** Every full date (year, month and day all stated) that one reading or the other finds. */
const datesIn = (text: string): Set<string> => {
  // The transcriptions run words together ("12/30/2016FRI", "ThuAug09,2012",
  // "Sep1.20173:05:24pm", "Aug262017"): parted where letters meet digits or a
  // capital follows a small letter, a year's apostrophe made a space, a time
  // taken off the year it follows, a day off the year after a month's name.
  const parted = text
    .replace(/['´’`](\d{2})\b/g, " $1")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Za-z])(\d)/g, "$1 $2")
    .replace(/(\d)(?!(?:st|nd|rd|th)(?![a-z]))([A-Za-z])/g, "$1 $2")
    .replace(/((?:19|20)\d{2})(\d{1,2}:\d{2})/g, "$1 $2")
    .replace(/([A-Za-z]{3,}) (\d{1,2})[.]?((?:19|20)\d{2})\b/g, "$1 $2 $3");
  const found = new Set<string>();
  for (const locale of LOCALES) {
    for (const result of locale.parse(parted, new Date(2020, 0, 1))) {
      const start = result.start;
      if (!(start.isCertain("year") && start.isCertain("month") && start.isCertain("day")))
        continue;
      const [year, month, day] = [start.get("year"), start.get("month"), start.get("day")];
      if (year === null || month === null || day === null || year < 1980 || year > 2030) continue;
      found.add(`${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`);
    }
  }
  return found;
};

type Found<T> = { value: T } | { why: string };

const dateOf = (words: readonly Annotation[]): Found<string> => {
  if (words.length === 0) return { why: "no Date_value word" };
  const ordered = readingOrder(words);
  // A date split over several words is read from them together.
  let dates = new Set(ordered.flatMap((w) => [...datesIn(w.text)]));
  if (dates.size === 0) dates = datesIn(ordered.map((w) => w.text).join(" "));
  const texts = ordered.map((w) => JSON.stringify(w.text)).join(", ");
  const [only] = dates;
  if (dates.size === 1 && only) return { value: only };
  return dates.size === 0
    ? { why: `${texts} holds no full date` }
    : { why: `${texts} reads as ${[...dates].join(" or ")}` };
};

/**
 * One amount in a word ("$60.44", "Eur154,40", "AED105."): the decimal mark is
 * the last separator when one or two digits follow it, the others group
 * thousands; a lone separator before three digits ("134,999") could be either.
 */
export const amountIn = (text: string): number | undefined => {
  const runs = text.match(/\d[\d.,]*/g) ?? [];
  const [run] = runs;
  if (runs.length !== 1 || !run) return undefined;
  const number = run.replace(/[.,]+$/, "");
  const separators = number.match(/[.,]/g) ?? [];
  const last = Math.max(number.lastIndexOf("."), number.lastIndexOf(","));
  if (last < 0) return Number(number);
  const tail = number.slice(last + 1);
  const head = number.slice(0, last);
  const grouped = (digits: string, mark: string) =>
    new RegExp(`^\\d{1,3}(\\${mark}\\d{3})*$`).test(digits);
  const mark = number[last] ?? "";
  const other = mark === "." ? "," : ".";
  if (tail.length <= 2) {
    if (head.includes(mark) || !(grouped(head, other) || /^\d+$/.test(head))) return undefined;
    return Number(`${head.replaceAll(other, "")}.${tail}`);
  }
  // Three digits after every separator, all alike and more than one: thousands.
  if (separators.length > 1 && separators.every((s) => s === mark) && grouped(number, mark)) {
    return Number(number.replaceAll(mark, ""));
  }
  return undefined;
};

const cents = (n: number) => Math.round(n * 100);

const totalOf = (words: readonly Annotation[]): Found<number> => {
  if (words.length === 0) return { why: "no Total_value word" };
  const amounts = words.map((w) => ({ text: w.text, amount: amountIn(w.text) }));
  const unclear = amounts.filter((a) => a.amount === undefined);
  if (unclear.length > 0)
    return {
      why: `${unclear.map((a) => JSON.stringify(a.text)).join(", ")} not one clear amount`,
    };
  const values = [...new Set(amounts.map((a) => cents(a.amount ?? 0)))];
  const [only] = values;
  if (values.length > 1 || only === undefined)
    return { why: `${amounts.map((a) => JSON.stringify(a.text)).join(", ")} disagree` };
  // A slip's Total_value of nothing is the balance left after paying, not what it came to.
  if (only === 0) return { why: `${amounts.map((a) => JSON.stringify(a.text)).join(", ")} is 0` };
  return { value: only / 100 };
};

const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));
const SIGNS: Record<string, string> = { "€": "EUR", "£": "GBP" };

/** The currency the total is printed with, where it names one (a bare "$" names none). */
const currencyOf = (words: readonly Annotation[]): string | undefined => {
  const named = new Set<string>();
  for (const { text } of words) {
    for (const [sign, code] of Object.entries(SIGNS)) if (text.includes(sign)) named.add(code);
    for (const letters of text.match(/(?<![A-Za-z])[A-Za-z]{3}(?![A-Za-z])/g) ?? []) {
      const code = letters.toUpperCase();
      if (CURRENCIES.has(code)) named.add(code);
    }
  }
  const [only] = named;
  return named.size === 1 ? only : undefined;
};

export interface WildReceiptTruth {
  truth: InvoiceTruth;
  /** Each field left out and why, for the manifest's note. */
  leftOut: string[];
}

const labelId = (classes: readonly string[], name: string) => {
  const id = classes.indexOf(name);
  if (id < 0) throw new Error(`class_list.txt has no ${name}`);
  return id;
};

export const wildreceiptTruth = (
  receipt: AnnotatedReceipt,
  classes: readonly string[],
): WildReceiptTruth => {
  const labelled = (name: string) => {
    const id = labelId(classes, name);
    return receipt.annotations.filter((a) => a.label === id && a.text.trim() !== "");
  };
  const totals = labelled("Total_value");
  const shop = shopOf(labelled("Store_name_value"));
  const date = dateOf(labelled("Date_value"));
  const total = totalOf(totals);
  const currency = "value" in total ? currencyOf(totals) : undefined;
  const leftOut = [
    ...(shop === undefined ? ["shop: no Store_name_value word"] : []),
    ...("why" in date ? [`date: ${date.why}`] : []),
    ...("why" in total ? [`total: ${total.why}`] : []),
  ];
  return {
    truth: {
      // The dataset's receipts are in English, as its MMOCR metafile says, a few in other languages.
      language_hints: ["en"],
      document_type: "receipt",
      fields: {
        ...(shop !== undefined ? { supplier_name: shop } : {}),
        ...("value" in date ? { invoice_date: date.value } : {}),
        ...(currency !== undefined ? { currency } : {}),
        ...("value" in total ? { total: total.value } : {}),
      },
      line_items: [],
    },
    leftOut,
  };
};

export const wildreceiptWords = (
  receipt: AnnotatedReceipt,
  classes: readonly string[],
): WildReceiptWords => ({
  file_name: receipt.file_name,
  width: receipt.width,
  height: receipt.height,
  words: receipt.annotations.map((a) => {
    const label = classes[a.label];
    if (label === undefined) throw new Error(`${receipt.file_name}: no class ${a.label}`);
    return { box: a.box, text: a.text, label };
  }),
});
