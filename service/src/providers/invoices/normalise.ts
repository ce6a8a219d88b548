// Printed values made comparable (INTERFACE.md, "Invoice data"): dates as
// YYYY-MM-DD, amounts as numbers, currencies as ISO 4217 codes.
//
// Dates are read by chrono-node in the languages the service reads. Numeric
// dates whose day and month could be swapped (03/04/2026) are read in the
// document's order (`DateOrder`): the order an unambiguous numeric date of the
// same document shows (14/02/2026 is day first), else month first for US
// dollars or a US address (a state's code and a ZIP code) and day first
// otherwise; dotted dates (03.04.2026) are always day first.
import * as chrono from "chrono-node";

export type DateOrder = "dmy" | "mdy";

/** Worded dates in each language; the first parser of a list reads numeric dates. */
const WORDED = [chrono.en.strict, chrono.de.strict, chrono.fr.strict, chrono.es.strict];
const MORE = [chrono.nl.strict, chrono.it.strict, chrono.pt.strict];
const NUMERIC: Record<DateOrder, chrono.Chrono> = { dmy: chrono.en.GB, mdy: chrono.en.strict };
/** A reference date only breaks ties chrono never meets: every date read here has its year. */
const REFERENCE = new Date(Date.UTC(2000, 0, 1));

const NUMERIC_DATE = /\b(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})\b/g;
/** What a date must look like before chrono reads it: numbers and separators, or a month's name. */
const NUMERIC_SHAPE = /\d{1,4} ?[./-] ?\d{1,2} ?[./-] ?\d{2,4}/;
const MONTH =
  /(?<!\p{L})(?:jan|feb|f[eé]v|m[aä]r|maa|mrt|apr|avr|abr|ma[iy]|mei|mag|jun|jui|giu|jul|lug|aug|ao[uû]|ago|sep|set|o[ck]t|ott|out|nov|d[eé][cz]|dic|ene|gen)/iu;
/**
 * A day, an English (or Malay) month's name and a year, the year maybe in two
 * digits, as receipts and hotel folios print them: "27Mar21", "31-DEC-19",
 * "31 Dec 19", "29 Dis 2017". Not a price after a month ("1 Dec 24.50").
 */
const DAY_MONTH_YEAR =
  /(?<![\p{L}\d])(\d{1,2})(?:[ \-/.]|)(jan(?:uary|uari)?|feb(?:ruary|ruari)?|mar(?:ch)?|mac|apr(?:il)?|may|mei|june?|july?|julai|aug(?:ust)?|ogos|sep(?:t|tember)?|oct(?:ober)?|okt(?:ober)?|nov(?:ember)?|dec(?:ember)?|dis(?:ember)?)(?!\p{L})\.?(?:[ \-/.]|)(\d{4}|\d{2})(?!\d|[.,]\d)/iu;
/** An ISO date, a time may follow ("Emissão: 2022-09-03T18:13:32-03", its time read apart). */
const ISO_DATE = /(?<![\d./-])((?:19|20)\d{2})-(\d{2})-(\d{2})(?!\d)/;
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/** Malay months whose first three letters are not the English ones'. */
const MALAY_MONTHS: Readonly<Record<string, number>> = { mac: 3, mei: 5, ogo: 8, okt: 10, dis: 12 };
/** "March 12. 2024": a comma misread as a dot after the day of a month named in English. */
const DOTTED_DAY =
  /((?<!\p{L})(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2})\.(?= \d{4}(?!\d))/giu;
/** A worded date prints its year in full ("Mar 9 24" is no date), but for DAY_MONTH_YEAR. */
const maybeDate = (text: string) =>
  NUMERIC_SHAPE.test(text) ||
  (/\d{4}/.test(text) && MONTH.test(text)) ||
  DAY_MONTH_YEAR.test(text) ||
  COLON_DATE.test(text);

export interface Found<T> {
  value: T;
  /** The printed text the value was read from. */
  text: string;
  /** Where it starts in the string searched. */
  index: number;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Year, month and day as YYYY-MM-DD, when they make a day of the calendar (no 31 June). */
function calendarDay(y: number, m: number, d: number): string | undefined {
  const real = new Date(Date.UTC(y, m - 1, d));
  return real.getUTCDate() === d && real.getUTCMonth() === m - 1
    ? `${y}-${pad(m)}-${pad(d)}`
    : undefined;
}

const dates = new Map<string, Found<string> | undefined>();

/** The first full date (day, month and year all printed) in `text`, as YYYY-MM-DD. */
export function findDate(text: string, order: DateOrder = "dmy"): Found<string> | undefined {
  if (!maybeDate(text)) return undefined;
  // Remembered: the extractors ask about the same cells many times.
  const key = `${order}\u0000${text}`;
  if (dates.has(key)) return dates.get(key);
  const found = parseDate(text, order);
  if (dates.size >= 20_000) dates.clear();
  dates.set(key, found);
  return found;
}

/**
 * A date's year run into the time after it, as an engine may read a till's
 * line ("28-02-2312:46", "6/10/201913:59").
 */
export const GLUED_TIME = /(?<![\d./-])\d{1,2}([./-])\d{1,2}\1(?:\d{4}|\d{2})(?=\d{1,2}:\d{2})/;

function parseDate(printed: string, order: DateOrder): Found<string> | undefined {
  const glued = GLUED_TIME.exec(printed);
  if (glued) {
    // Read with the space put back; where and what was printed stay the printed text's.
    const at = glued.index + glued[0].length;
    const found = parseDate(`${printed.slice(0, at)} ${printed.slice(at)}`, order);
    if (!found) return undefined;
    const index = found.index > at ? found.index - 1 : found.index;
    const end = found.index + found.text.length;
    const length = found.index < at && end > at ? found.text.length - 1 : found.text.length;
    return { ...found, index, text: printed.slice(index, index + length) };
  }
  // The same length as printed, so indices and lengths hold for it.
  const text = printed.replace(DOTTED_DAY, "$1,");
  const dotted = /\b\d{1,2}\.\d{1,2}\.\d{2,4}\b/.test(text);
  // Worded dates only where a month may be named.
  const worded = MONTH.test(text) ? [...WORDED, ...MORE] : [];
  const parsers = [NUMERIC[dotted ? "dmy" : order], ...worded];
  let best: chrono.ParsedResult | undefined;
  for (const parser of parsers) {
    for (const result of parser.parse(text, REFERENCE)) {
      const { start } = result;
      if (!(start.isCertain("day") && start.isCertain("month") && start.isCertain("year")))
        continue;
      // Two separators are no date's ("2/4.00": two for 4.00).
      if (MIXED_SEPARATORS.test(result.text)) continue;
      // A year no document is dated ("0022 05/24" read as 24 May of the year 22):
      // read again without the number it began at (blanked, so places hold).
      if (!plausibleYear(start.get("year") ?? 0)) {
        const first = /^\S+/.exec(result.text)?.[0] ?? result.text;
        const blanked = `${printed.slice(0, result.index)}${" ".repeat(first.length)}${printed.slice(result.index + first.length)}`;
        const again = parseDate(blanked, order);
        return (
          again && { ...again, text: printed.slice(again.index, again.index + again.text.length) }
        );
      }
      if (!best || result.index < best.index || result.text.length > best.text.length)
        best = result;
    }
  }
  const iso = ISO_DATE.exec(text);
  if (iso && (!best || iso.index < best.index)) {
    const [whole, y = "", m = "", d = ""] = iso;
    const value = calendarDay(Number(y), Number(m), Number(d));
    if (value) return { value, text: whole, index: iso.index };
  }
  const short = DAY_MONTH_YEAR.exec(text);
  if (short && (!best || short.index < best.index)) {
    const [whole, day = "", month = "", year = ""] = short;
    const short3 = month.slice(0, 3).toLowerCase();
    const m = MONTHS.indexOf(short3) + 1 || (MALAY_MONTHS[short3] ?? 0);
    const y = year.length === 2 ? 2000 + Number(year) : Number(year);
    const value = calendarDay(y, m, Number(day));
    if (value) return { value, text: whole, index: short.index };
  }
  if (!best) return dottedDate(text) ?? colonDate(text);
  const { start } = best;
  const value = `${start.get("year")}-${pad(start.get("month") ?? 0)}-${pad(start.get("day") ?? 0)}`;
  return {
    value,
    text: printed.slice(best.index, best.index + best.text.length),
    index: best.index,
  };
}

/** Day, month and year parted by two different separators. */
const MIXED_SEPARATORS = /^\d{1,4}([./-])\d{1,2}(?!\1)[./-]\d{1,4}(?!\d)/;

/** Years a document may be dated: from 1970 to the next one. */
const plausibleYear = (year: number) => year >= 1970 && year <= new Date().getUTCFullYear() + 1;

/**
 * Day, month and year by dots, the day in one digit, as German tills print it
 * ("5.09.15"): the month in two digits, a year of two not yet to come; a year
 * in full may stand a space apart ("02.05. 2020", a till's line read so).
 */
const DOTTED = /(?<![\d.,])(\d{1,2})\.(\d{2})\.(?: (?=\d{4}))?(\d{4}|\d{2})(?![\d.,])/u;

/**
 * A till's dotted date whose dots were read as colons, the time after it
 * ("02:03:20 15:59"): no time has another time after it.
 */
const COLON_DATE = /(?<![\d:])(\d{2}):(\d{2}):(\d{2})(?= +\d{1,2}:\d{2}(?![\d:]))/u;

function colonDate(text: string): Found<string> | undefined {
  const found = COLON_DATE.exec(text);
  if (!found) return undefined;
  const dated = dottedDate(found[0].replaceAll(":", "."));
  return dated && { ...dated, text: found[0], index: found.index };
}

/** A dotted date chrono leaves unread. */
function dottedDate(text: string): Found<string> | undefined {
  const found = DOTTED.exec(text);
  if (!found) return undefined;
  const [whole, day = "", month = "", year = ""] = found;
  const [d, m] = [Number(day), Number(month)];
  const y = year.length === 2 ? 2000 + Number(year) : Number(year);
  if ((year.length === 2 && y > new Date().getUTCFullYear()) || !plausibleYear(y)) return undefined;
  const value = calendarDay(y, m, d);
  return value === undefined ? undefined : { value, text: whole, index: found.index };
}

/** A US state's code and a ZIP code ("Chicago IL 60613", "Denver, CO 80218-1234"). */
const US_ADDRESS =
  /(?<![\p{L}\d])(?:AL|AK|AZ|AR|CA|CO|CT|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC),? \d{5}(?:-\d{4})?(?![\p{L}\d])/u;

/** The document's order of numeric day and month (see the top of this file). */
export function dateOrder(text: string, currency: string | null): DateOrder {
  for (const [, first, separator, second] of text.matchAll(NUMERIC_DATE)) {
    if (separator === ".") continue;
    if (Number(first) > 12 && Number(second) <= 12) return "dmy";
    if (Number(second) > 12 && Number(first) <= 12) return "mdy";
  }
  return currency === "USD" || US_ADDRESS.test(text) ? "mdy" : "dmy";
}

const SYMBOLS: Readonly<Record<string, string>> = {
  US$: "USD",
  A$: "AUD",
  C$: "CAD",
  CA$: "CAD",
  NZ$: "NZD",
  HK$: "HKD",
  S$: "SGD",
  R$: "BRL",
  $: "USD",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
  "₹": "INR",
  "₩": "KRW",
  "₽": "RUB",
  "₺": "TRY",
  zł: "PLN",
  Kč: "CZK",
  "Fr.": "CHF",
  "Rs.": "INR",
  Rs: "INR",
  RM: "MYR",
  Rp: "IDR",
};
const ISO_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"));
const CODE = /\b[A-Z]{3}\b/g;
/** ISO 4217 codes that are words a till prints in capitals, as often as not for no currency. */
const WORD_CODES: ReadonlySet<string> = new Set([
  "ALL",
  "BAM",
  "BOB",
  "CUP",
  "GEL",
  "MAD",
  "MOP",
  "PEN",
  "SOS",
  "TOP",
]);
// A sign made of letters ("Rs", "zł") only as a word of its own, not inside
// "Orders"; any sign only where no letter follows it: an S read as "$" in a
// word ("Bitte überprüfen $ie") named a German receipt's currency USD.
const SYMBOL = new RegExp(
  Object.keys(SYMBOLS)
    .sort((a, b) => b.length - a.length)
    .map((s) => `${/^\p{L}/u.test(s) ? "(?<!\\p{L})" : ""}${s.replace(/[$.]/g, "\\$&")}(?!\\p{L})`)
    .join("|"),
  "u",
);

/** Currencies named in words ("... pounds and 26 pence"), for a page that prints no sign or code. */
const WORDS: readonly [RegExp, string][] = [
  [/(?<!\p{L})(?:pounds?(?: sterling)?|pence)(?!\p{L})/iu, "GBP"],
  [/(?<!\p{L})(?:euros?|euro cents?)(?!\p{L})/iu, "EUR"],
  [/(?<!\p{L})(?:swiss francs?|schweizer franken|franken|rappen)(?!\p{L})/iu, "CHF"],
  [/(?<!\p{L})(?:rupees?|paise)(?!\p{L})/iu, "INR"],
  [/(?<!\p{L})(?:us dollars?|dollars?|cents)(?!\p{L})/iu, "USD"],
];

/** The currency a text names in words, if any. */
export function findCurrencyWord(text: string): Found<string> | undefined {
  for (const [pattern, value] of WORDS) {
    const found = pattern.exec(text);
    if (found) return { value, text: found[0], index: found.index };
  }
  return undefined;
}

/** The currency `text` names, by ISO code (`EUR`) or sign (`€`, `$`, `£`). */
export function findCurrency(text: string): Found<string> | undefined {
  for (const match of text.matchAll(CODE)) {
    // A code that is also a word in capitals ("ARROZ SOS", "ALL ITEMS") only alone.
    if (WORD_CODES.has(match[0]) && text.trim() !== match[0]) continue;
    if (ISO_CODES.has(match[0])) return { value: match[0], text: match[0], index: match.index };
  }
  const symbol = SYMBOL.exec(text);
  const value = symbol ? SYMBOLS[symbol[0]] : undefined;
  return symbol && value ? { value, text: symbol[0], index: symbol.index } : undefined;
}

/**
 * An amount: digits grouped by `.`, `,`, spaces or `'`, with one to four
 * decimals after the last `.` or `,` (a unit price may have four). A
 * separator followed by exactly three digits after a first group that is not
 * 0 groups thousands (`1.234` is 1234, `0.125` is 0.125), as Indian lakhs do
 * (`1,23,456.00`); spaces group thousands only before a decimal comma or none
 * (`1 234,56`), so `2 100.00` stays 2 and 100.00.
 * A minus before it, or after it as tills print a deposit returned (`0,25-`),
 * makes it negative. Dates, percentages and numbers inside words
 * (`INV-2026`, `4AB`) are not amounts.
 */
const AMOUNT =
  /(?<![\p{L}\d.,\-/])(-|\()?([1-9]\d?(?:,\d{2})+,\d{3}|[1-9]\d{0,2}(?:(?:[.,'’]|\s(?=\d{3}(?:\s\d{3})*(?:,\d{1,2})?(?![\d.,])))\d{3})+|\d+)(?:([.,])(\d{1,4}))?(?![.,]?\d)(-(?!\d))?(?![\p{Ll}%])(?!\s%)/gu;

/**
 * Currency codes and signs of letters printed right before the digits: the
 * rand's "R" before an amount with cents, and a euro sign read as "e" or "c"
 * ("Total e17,33", "Bar c20.00").
 */
const GLUED_CODE =
  /(?<!\p{L})(?:(?:RM|Rs\.?|Rp|USD|EUR|GBP|CHF|SGD|MYR|INR|AUD|CAD|JPY|HKD|IDR)(?=\d)|R(?=\d[\d,]*\.\d{2}(?!\d))|[ec](?=\d{1,6}[.,]\d{2}(?![\d.,])))/gu;

/**
 * An amount alone in its text with a space read beside its decimal point
 * ("51. 05", "RM31 .45", a faded till's), perhaps with the till's mark of its
 * tax class after it ("19. 99 *", "3 ,50 B"): read without it, its text as printed.
 */
const STRAY_SPACE =
  /^(\s*\D{0,3}?\s*)(\d{1,3}(?:[.,]\d{3})*(?: [.,]|[.,] )\d{2})(?:\s+(?:\*|[A-D]))?\s*$/u;
/** The space beside a decimal point that STRAY_SPACE allows, taken out. */
const closeUp = (text: string) => text.replace(/ (?=[.,]\d{2}$)|(?<=[.,]) (?=\d{2}$)/u, "");

/** Every amount printed in `text`, in order (percentages are not amounts). */
export function findAmounts(text: string): Found<number>[] {
  // A currency's letters run into the amount ("RM18.45", "EUR12,50"): blanked, so indices hold.
  const spaced = text.replace(GLUED_CODE, (code) => " ".repeat(code.length));
  const stray = STRAY_SPACE.exec(spaced);
  if (stray?.[2]) {
    const [amount] = amountsIn(closeUp(stray[2]));
    if (amount) return [{ ...amount, text: stray[2], index: stray[1]?.length ?? 0 }];
  }
  return amountsIn(spaced);
}

function amountsIn(text: string): Found<number>[] {
  const found: Found<number>[] = [];
  for (const match of text.matchAll(AMOUNT)) {
    const [whole = "", sign, integer = "", , decimals, after] = match;
    const digits = integer.replace(/\D/g, "");
    // A till prints a deposit returned as "0,25-".
    const negative = sign !== undefined || after !== undefined;
    const value = Number(`${digits}.${decimals ?? 0}`) * (negative ? -1 : 1);
    found.push({ value, text: whole, index: match.index });
  }
  return found;
}

/** Whether a printed number has decimals, as money on invoices does. */
export const hasDecimals = (found: Found<number>) => {
  // As findAmounts read it: "3.441.812" and "1.234" group thousands, "12.50" has decimals.
  const [match] = closeUp(found.text).matchAll(AMOUNT);
  return match?.[4] !== undefined;
};
