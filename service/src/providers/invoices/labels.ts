// The wordings invoices label their fields and line-item columns with, in the
// languages the service reads (English, German, French, Spanish, Dutch,
// Italian, Portuguese). Patterns are matched on text folded to lower case
// without accents ("Fällig" → "fallig"); a cell's label is the longest match
// among all fields, so "Total HT" is a subtotal and "Te betalen voor" a due date.
// A cell that is only a long label misread by one letter ("Vervaidatum") still
// counts as that label (two letters from 12 characters on).
import { distance } from "fastest-levenshtein";
import { z } from "zod";
import data from "./labels.json" with { type: "json" };

const LABEL_KINDS = [
  "invoice_number",
  "invoice_date",
  "due_date",
  "customer",
  "supplier",
  "subtotal",
  "tax_amount",
  "total",
  // A delivery address: a party that is neither supplier nor customer.
  "ship_to",
  // How a receipt was paid, after its total: cash tendered, change, a card. No item, no sum.
  "payment",
  // How many pieces were sold ("Total Qty: 3", "Item count 5"): no item, no sum.
  "count",
  // Discounts, shipping, rounding, deposits: lines between items and total that are no item.
  "adjustment",
] as const;

export type LabelKind = (typeof LABEL_KINDS)[number];

const patterns = z.array(z.string().min(1)).min(1);

/**
 * labels.json: the wordings as regular-expression sources, by field and by
 * column. `why` explains a pattern whose shape is not self-evident; each of its
 * keys must be one of the patterns, so a note cannot outlive its pattern.
 */
const LabelData = z
  .strictObject({
    /** Payment labels that name a card; `labels.payment` lists the others. */
    cardPayments: patterns,
    labels: z.strictObject(
      Object.fromEntries(LABEL_KINDS.map((kind) => [kind, patterns])) as Record<
        LabelKind,
        typeof patterns
      >,
    ),
    columns: z.strictObject({
      description: patterns,
      quantity: patterns,
      unit_price: patterns,
      amount: patterns,
    }),
    titleWords: patterns,
    why: z.record(z.string(), z.string().min(1)),
  })
  .superRefine((d, ctx) => {
    const all = new Set(
      [d.cardPayments, ...Object.values(d.labels), ...Object.values(d.columns)].flat(),
    );
    for (const pattern of [...all]) {
      try {
        new RegExp(pattern, "u");
      } catch (error) {
        ctx.addIssue({
          code: "custom",
          message: `not a regular expression: ${pattern} (${error})`,
        });
      }
    }
    for (const pattern of Object.keys(d.why)) {
      if (!all.has(pattern)) {
        ctx.addIssue({ code: "custom", path: ["why", pattern], message: "names no pattern" });
      }
    }
  });

const parsed = LabelData.safeParse(data);
if (!parsed.success) {
  throw new Error(`labels.json is malformed:\n${z.prettifyError(parsed.error)}`);
}
const DATA = parsed.data;

/** Payment labels that name a card, whose line or slip says what was charged (totals.ts). */
export const CARD_PAYMENTS: string[] = DATA.cardPayments;

const LABELS: Record<LabelKind, readonly string[]> = {
  ...DATA.labels,
  payment: [...CARD_PAYMENTS, ...DATA.labels.payment],
};

const TITLE =
  /^(?:(?:tax |commercial |vat |retail |proforma |pro forma |final |copy |kopie |duplicate )?(?:invoices?|rechnung|handelsrechnung|facture|factura|factuur|fattura|fatura|bill|credit note|gutschrift|receipt|payment receipt|sales receipt|kassenbon|quittung|recu|recibo|ricevuta|scontrino|kassabon)(?: ?bill)?)$|^(?:factura simplificada|documento commerciale|di vendita o prestazione|paragon fiskalny|cupom fiscal(?: eletronico)?|nota fiscal|scontrino fiscale|ticket de caisse)$/;

/**
 * Whether a cell only names the document (`INVOICE`, `Tax Invoice`, `Rechnung`),
 * also as OCR misreads a large title: letters spaced out (`F ACTU U R`), an
 * `I` read as `|`, or one letter wrong.
 */
export const isTitle = remembered(titleOnly);

function titleOnly(text: string): boolean {
  const letters = fold(text.replaceAll("|", "i"))
    .replace(/[^a-z ]/g, "")
    .trim();
  const joined = letters.replaceAll(" ", "");
  return (
    TITLE.test(letters) ||
    TITLE.test(joined) ||
    DATA.titleWords.some((word) => distance(word, joined) <= 1)
  );
}

export type ColumnRole = "description" | "quantity" | "unit_price" | "amount";

const COLUMNS: Record<ColumnRole, readonly string[]> = DATA.columns;

const NOT_ASCII = /[^\p{ASCII}]/u;

/** Lower case without accents, one UTF-16 unit per unit, so indices match the original. */
export function fold(text: string): string {
  // Most text is ASCII, where lower case alone is the fold (and much faster).
  if (!NOT_ASCII.test(text)) return text.toLowerCase();
  return text.replace(/[A-Z]|[^\p{ASCII}]/gu, (c) => {
    const base = (c.normalize("NFD")[0] ?? c).toLowerCase();
    return base.length === c.length ? base : c;
  });
}

/**
 * Currency codes and signs inside a label name no field ("Montant EUR HT",
 * "Preis CHF", "Total €"): blanked out, so the indices stay the text's.
 */
const CURRENCY_WORD =
  /(?<![a-z])(?:eur|usd|chf|gbp|inr|jpy|cad|aud|sek|nok|dkk|pln|czk|huf|€|\$|£)(?![a-z])/g;

/**
 * A label at the start of a text, after nothing but a rate or punctuation
 * ("19% MwSt."): the label is group 1. Anchored, a text that does not start
 * so fails at once rather than being tried at every position.
 */
const anchored = (pattern: string) =>
  new RegExp(`^[\\d\\s%.,()+:-]*?(?<![\\p{L}\\d])(${pattern})(?![\\p{L}\\d])`, "u");

const LITERAL = /^[\p{L}' -]{7,}$/u;

interface LabelTable<K> {
  patterns: { kind: K; pattern: RegExp }[];
  /** Any of the patterns: most texts match none, and one test says so. */
  any: RegExp;
  /** The plain (regex-free) labels, with their kind: the ones a misread may stand for. */
  literals: { kind: K; literal: string }[];
}

/** A space of a pattern matches any run of spaces (a currency code blanked out leaves several). */
function labelTable<K extends string>(labels: Record<K, readonly string[]>): LabelTable<K> {
  const labelled = (Object.entries(labels) as [K, readonly string[]][]).flatMap(([kind, list]) =>
    list.map((label) => ({ kind, label, source: `(?:${label.replace(/ (?![?*+{])/g, "\\s+")})` })),
  );
  return {
    patterns: labelled.map(({ kind, source }) => ({ kind, pattern: anchored(source) })),
    any: anchored(labelled.map((e) => e.source).join("|")),
    literals: labelled
      .filter(({ label }) => LITERAL.test(label))
      .map(({ kind, label }) => ({ kind, literal: label })),
  };
}

const LABEL_TABLE = labelTable(LABELS);
const COLUMN_TABLE = labelTable(COLUMNS);

export interface LabelMatch<K> {
  kind: K;
  /** Where the label ends in the text: the value, if on the same cell, follows. */
  end: number;
  /** Whether the label is the whole text (apart from punctuation). */
  whole: boolean;
}

const TRAILING = /^[\s:#.\-–]*$/;

/**
 * The longest label a text starts with. Every cell of a page is asked, each
 * against hundreds of patterns: the one test of them all first, where most
 * cells end (extraction over a text layer spent most of its time here).
 */
function longest<K>(text: string, table: LabelTable<K>): LabelMatch<K> | undefined {
  const folded = fold(text).replace(CURRENCY_WORD, (m) => " ".repeat(m.length));
  if (!table.any.test(folded)) return misread(folded, table);
  let best: (LabelMatch<K> & { length: number }) | undefined;
  for (const { kind, pattern } of table.patterns) {
    const match = pattern.exec(folded);
    const label = match?.[1];
    if (!match || label === undefined) continue;
    if (!best || label.length > best.length) {
      const end = match[0].length;
      best = { kind, end, whole: TRAILING.test(folded.slice(end)), length: label.length };
    }
  }
  return best ? { kind: best.kind, end: best.end, whole: best.whole } : misread(folded, table);
}

/** A whole cell that is a plain label of seven letters or more but for a letter or two. */
function misread<K>(folded: string, table: LabelTable<K>): LabelMatch<K> | undefined {
  const text = folded.replace(/[\s:#.]+$/, "");
  // Only a short run of letters can be a misread label.
  if (text.length < 7 || text.length > 40 || !LITERAL.test(text)) return undefined;
  for (const { kind, literal } of table.literals) {
    if (Math.abs(literal.length - text.length) > 2) continue;
    if (distance(literal, text) <= (literal.length >= 12 ? 2 : 1)) {
      return { kind, end: folded.length, whole: true };
    }
  }
  return undefined;
}

/**
 * A function of a cell's text remembered for the texts seen last: a page
 * asks the same cells again and again (labels, titles, column names).
 */
export function remembered<T>(read: (text: string) => T, size = 20_000): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    if (seen.has(text)) return seen.get(text) as T;
    const value = read(text);
    if (seen.size >= size) seen.clear();
    seen.set(text, value);
    return value;
  };
}

/** The field a cell's text labels, if it starts with a label. */
export const matchLabel = remembered((text: string) => longest(text, LABEL_TABLE));

/** The line-item column a header cell names. */
export const matchColumn = remembered((text: string) => longest(text, COLUMN_TABLE));

const SUMMARY: ReadonlySet<LabelKind> = new Set([
  "subtotal",
  "tax_amount",
  "total",
  "adjustment",
  "payment",
  "count",
]);

/** Words a summary line may carry beside its label and amounts ("Tax 15% on $ 112.90"). */
const QUALIFIER =
  /^(?:incl|inkl|excl|exkl|zzgl|vat|tax|mwst|ust|tva|iva|btw|gst|hst|net|netto|brutto|sales|rate|due|paid|on|of|auf|sur|sobre|su|van|over|de|du|der|the|and|und|et|y|e|en|to|from|items?)$/;

/**
 * The kind of a line that sums or adjusts the items (subtotal, tax, total,
 * discount, shipping, rounding) or says how they were paid (cash, change,
 * a card) rather than being one: it starts with such a
 * label, and what follows is amounts, rates and qualifiers, no description.
 */
export function isSummaryLine(text: string): LabelKind | undefined {
  const label = matchLabel(text);
  if (!label || !SUMMARY.has(label.kind)) return undefined;
  const words = fold(text.slice(label.end)).match(/\p{L}{4,}/gu) ?? [];
  const described = words.some((w) => !QUALIFIER.test(w) && findCurrencyCode(w) === undefined);
  return described ? undefined : label.kind;
}

const findCurrencyCode = (word: string) =>
  /^[a-z]{3}$/.test(word) && CURRENCY_CODES.has(word.toUpperCase()) ? word : undefined;
const CURRENCY_CODES: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"));
