// Subtotal, tax and total by their labels, chosen so that they add up.
//
// An invoice may print several amounts under each kind of label: group
// subtotals inside the item table, "Subtotal" beside "Excl. VAT" (one of
// them with the tax in it), a total and a balance of 0.00 after payment.
// Of every labelled amount, the ones taken are those where subtotal + tax
// (+ the discount, shipping and rounding lines between them) = total: the
// last total, then the last subtotal that makes it with a tax, then one that
// makes it without; the tax is one tax line or the sum of several (7 % and
// 19 %). Else a total's row that prints net, tax and gross under the items'
// columns gives all three. A total that a rounding line and another total
// follow gives way to that one, what was paid in cash ("Total Incl. GST
// 61.29", "Rounding 0.01", "Total 61.30"). When nothing adds up, the last of
// each is taken (a total on its label's line before one read under a
// column's head) and the checks say so; but a subtotal printed after the
// total that does not make it is one tax rate's row, and no subtotal or tax
// is given. A total of zero (a balance after
// payment) is passed over for another. A total misread in one figure gives
// way to a tax table's sum whose net and tax make it.
import type { InvoiceField } from "@/lib/kernel/contract";
import { union } from "../../layout/geometry";
import { type LabelledCell, labelValue, readAmount } from "./labelled";
import { CARD_PAYMENTS, fold, type LabelKind } from "./labels";
import { findAmounts, hasDecimals } from "./normalise";
import { type Cell, field, NOT_FOUND, type PageRows, piece } from "./rows";

export interface Totals {
  subtotal: InvoiceField;
  tax_amount: InvoiceField;
  total: InvoiceField;
  /** Discounts, shipping and rounding printed between subtotal and total (signed). */
  totalAdjustment: number;
  /** Those printed between the items and the subtotal ("Items total", "Discount", "Subtotal"). */
  itemAdjustment: number;
}

interface Entry {
  field: InvoiceField;
  value: number;
  /** Its label's place in reading order. */
  at: number;
  /** Read under its label, as a column's head ("Netto | MwSt | Total" over a tax table's row). */
  under?: boolean;
}

const cents = (n: number) => Math.round(n * 100);

/** A discount, rebate or prepayment lowers the total, however it is printed. */
const DEDUCTION =
  /discount|rebate|promo|credit|rabatt|nachlass|skonto|remise|escompte|descuento|sconto|korting|desconto|deposit|anzahlung|acompte/;

/** Several amounts read as one, their sum (taxes at two rates). */
export function sumFields(fields: readonly InvoiceField[]): InvoiceField {
  const [first] = fields;
  if (!first || fields.length === 1) return first ?? NOT_FOUND;
  const sum = fields.reduce((s, f) => s + cents(Number(f.value)), 0);
  return {
    value: sum / 100,
    text: fields.map((f) => f.text).join(" + "),
    confidence: Math.min(...fields.map((f) => f.confidence)),
    page: first.page,
    bbox: union(fields.flatMap((f) => (f.bbox ? [f.bbox] : []))),
  };
}

function entries(
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  kind: LabelKind,
  skip: (cell: Cell) => boolean,
): Entry[] {
  return labels.flatMap((labelled, at) => {
    if (labelled.label.kind !== kind || skip(labelled.cell)) return [];
    // A label alone over its column (a tax table) has its amount under it.
    const field = labelValue(pages, labelled, readAmount, { down: true, amount: true });
    if (!field || typeof field.value !== "number") return [];
    let value = field.value;
    if (kind === "adjustment" && value > 0 && DEDUCTION.test(fold(labelled.cell.text))) {
      value = -value;
    }
    const under = field.bbox !== undefined && field.bbox.y0 >= labelled.cell.bbox.y1;
    return [{ field: value === field.value ? field : { ...field, value }, value, at, under }];
  });
}

/** The amounts labels of `kind` lead to, in reading order. */
export const labelledAmounts = (
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  kind: LabelKind,
): number[] => entries(pages, labels, kind, () => false).map((e) => e.value);

const between = (list: readonly Entry[], from: number, to: number) =>
  list.filter((e) => e.at > from && e.at < to);
const sum = (list: readonly Entry[]) => list.reduce((s, e) => s + cents(e.value), 0);

/** The labelled subtotal, tax and total that add up (see the top of this file). */
export function findTotals(
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  skip: (cell: Cell) => boolean,
): Totals {
  const subtotals = entries(pages, labels, "subtotal", skip);
  const taxes = entries(pages, labels, "tax_amount", skip);
  const adjustments = entries(pages, labels, "adjustment", skip);
  const allTotals = entries(pages, labels, "total", skip);
  const nonZero = allTotals.filter((t) => cents(t.value) !== 0);
  const totals = (nonZero.length > 0 ? nonZero : allTotals).reverse();
  const firstTax = taxes[0]?.at ?? Number.POSITIVE_INFINITY;
  const itemAdjustment = (sub: Entry | undefined) =>
    sub ? sum(adjustments.filter((a) => a.at < sub.at && a.at < firstTax)) / 100 : 0;

  for (const total of totals) {
    const subs = subtotals.filter((s) => s.at < total.at).reverse();
    for (const withTax of [true, false]) {
      for (const sub of subs) {
        const mine = between(taxes, sub.at, total.at);
        // Several tax lines (one per rate) as their sum first, then each alone.
        const options: Entry[][] = withTax
          ? [...(mine.length > 1 ? [mine] : []), ...[...mine].reverse().map((t) => [t])]
          : [[]];
        const adjusted = sum(between(adjustments, sub.at, total.at));
        for (const tax of options) {
          for (const adjustment of adjusted === 0 ? [0] : [0, adjusted]) {
            if (cents(sub.value) + sum(tax) + adjustment !== cents(total.value)) continue;
            const paid = cashRounded(pages, labels, total.at, total.value, skip);
            return {
              subtotal: sub.field,
              tax_amount: tax.length > 0 ? sumFields(tax.map((t) => t.field)) : NOT_FOUND,
              total: paid?.total ?? total.field,
              totalAdjustment: adjustment / 100 + (paid?.rounding ?? 0),
              itemAdjustment: itemAdjustment(sub),
            };
          }
        }
      }
    }
  }
  const row = totalsRow(pages, labels, skip);
  if (row) return { ...row, totalAdjustment: 0, itemAdjustment: 0 };
  // Nothing adds up: the last of each (and the checks will say so). A
  // receipt without a total's label may say what it cost by the cash
  // tendered less the change.
  const paid = totals.length === 0 ? paidSubtotal(pages, labels, skip, subtotals) : undefined;
  const unpriced = totals.length === 0 && !paid;
  // Without either, what the tax table's rates come to.
  const rated = unpriced ? ratesTotal(pages) : undefined;
  if (rated) return { ...rated, totalAdjustment: 0, itemAdjustment: 0 };
  // Without any of those, a Polish receipt's sales by rate, or what was paid by card, on its slip.
  const spent = unpriced ? (salesByRate(pages) ?? paidByCard(pages, labels, skip)) : undefined;
  if (spent) {
    return {
      subtotal: NOT_FOUND,
      tax_amount: taxes.at(-1)?.field ?? NOT_FOUND,
      total: spent,
      totalAdjustment: 0,
      itemAdjustment: 0,
    };
  }
  // A total on its label's line before one under a column's head ("Total
  // €1.95", then a tax table whose "Total" column holds one rate's share);
  // of them, the one the tax table's net and tax make, if any.
  const candidates = paid
    ? [paid]
    : [...totals.filter((t) => !t.under), ...totals.filter((t) => t.under)];
  for (const candidate of candidates) {
    const split = netTaxGross(pages, candidate.value);
    if (split) {
      const { subtotal, tax_amount } = split;
      return {
        subtotal,
        tax_amount,
        total: candidate.field,
        totalAdjustment: 0,
        itemAdjustment: 0,
      };
    }
  }
  // A total misread in one figure ("SUMME EUR 5,05" over a tax table's
  // "Gesamtbetrag 4,42 0,61 5,03"): the tax table's, its three amounts
  // checking each other.
  for (const candidate of candidates) {
    const split = misreadTotal(pages, candidate.value);
    if (split) return { ...split, totalAdjustment: 0, itemAdjustment: 0 };
  }
  const total = candidates[0];
  const others = subtotals.filter((s) => s !== paid);
  const sub = others.filter((s) => !total || s.at < total.at).at(-1) ?? others.at(-1);
  const mine = taxes.filter((t) => (!sub || t.at > sub.at) && (!total || t.at < total.at));
  const tax = mine.at(-1) ?? taxes.at(-1);
  // One printed after the total that does not make it with the tax is one
  // rate's net in a tax table ("A 7 % 8,87 0,62 9,49" under "SUMME 26,90").
  const afterTotal =
    sub !== undefined &&
    total !== undefined &&
    sub.at > total.at &&
    cents(sub.value) + cents(tax?.value ?? 0) !== cents(total.value);
  if (afterTotal) {
    return {
      subtotal: NOT_FOUND,
      tax_amount: NOT_FOUND,
      total: total.field,
      totalAdjustment: 0,
      itemAdjustment: 0,
    };
  }
  return {
    subtotal: sub?.field ?? NOT_FOUND,
    tax_amount: tax?.field ?? NOT_FOUND,
    total: total?.field ?? NOT_FOUND,
    totalAdjustment: sub && total ? sum(between(adjustments, sub.at, total.at)) / 100 : 0,
    itemAdjustment: itemAdjustment(sub),
  };
}

/** The most a till rounds a total by for cash (5 sen, 5 Rappen, 10 öre). */
const CASH_ROUNDING = 10;
const ROUNDING = /^(?:round|rundung|arrondi|redondeo|arrotondamento|afronding|arredondamento)/;

/**
 * The total after the cash rounding, and the rounding, when one follows the
 * total read at label `from` with a rounding line between them ("Total Incl.
 * GST 61.29", "Rounding 0.01", "Total 61.30"), whatever the rounding's amount
 * was read as.
 */
export function cashRounded(
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  from: number,
  total: number,
  skip: (cell: Cell) => boolean = () => false,
): { total: InvoiceField; rounding: number } | undefined {
  const rounded = entries(pages, labels, "total", skip).findLast(
    (t) =>
      t.at > from &&
      Math.abs(cents(t.value) - cents(total)) <= CASH_ROUNDING &&
      labels
        .slice(from + 1, t.at)
        .some((l) => l.label.kind === "adjustment" && ROUNDING.test(fold(l.cell.text))),
  );
  return rounded && { total: rounded.field, rounding: (cents(rounded.value) - cents(total)) / 100 };
}

type Split = Pick<Totals, "subtotal" | "tax_amount" | "total">;

/** The amounts with decimals a cell prints, each a field of its own. */
const amountsIn = (cell: Cell | undefined): InvoiceField[] =>
  cell
    ? findAmounts(cell.text)
        .filter(hasDecimals)
        .map((a) => field(a.value, [piece(cell, a.index, a.text.length)]))
    : [];

/**
 * The last three amounts of a row when two make the third, in any order
 * ("Brutto Netto Steuer", "MWST + Netto = Brutto"): the smaller of the two is
 * the tax; or, the third misread, when the first two make `total`.
 */
function splitOf(cells: readonly Cell[], total?: number): Split | undefined {
  const last = cells.flatMap(amountsIn).slice(-3);
  const [first, second, third] = last;
  if (!first || !second || !third) return undefined;
  const money = (f: InvoiceField) => cents(Number(f.value));
  const [tax, net, gross] = [...last].sort((a, b) => money(a) - money(b));
  if (tax && net && gross && money(tax) + money(net) === money(gross)) {
    return { subtotal: net, tax_amount: tax, total: gross };
  }
  if (total === undefined || money(first) + money(second) !== cents(total)) return undefined;
  const [larger, smaller] = money(first) >= money(second) ? [first, second] : [second, first];
  return { subtotal: larger, tax_amount: smaller, total: third };
}

/**
 * A row that splits the total into net and tax, its last three amounts net,
 * tax and gross (a till's tax table: "Gesamtbetrag 9,36 1,20 10,56", its
 * label however misread, or its gross: "Summe 2,84 20,67 73,51" under "zu
 * zahlen 23,51"); the last such row.
 */
function netTaxGross(pages: readonly PageRows[], total: number): Split | undefined {
  let found: Split | undefined;
  for (const row of pages.flatMap((p) => p.rows)) {
    const split = splitOf(row.cells, total);
    const made =
      split && cents(Number(split.subtotal.value)) + cents(Number(split.tax_amount.value));
    if (made === cents(total)) found = split;
  }
  return found;
}

/** Whether two amounts differ in one figure alone (5,05 and 5,03; 8,00 and 6,00). */
function oneFigureOff(a: number, b: number): boolean {
  const [x, y] = [String(cents(a)), String(cents(b))];
  if (x.length !== y.length) return false;
  return [...x].filter((figure, i) => figure !== y[i]).length === 1;
}

/**
 * The row of a tax table whose net and tax make its gross, that gross one
 * figure off `total`; the last such row (see `netTaxGross`).
 */
function misreadTotal(pages: readonly PageRows[], total: number): Split | undefined {
  return pages
    .flatMap((p) => p.rows)
    .flatMap((row) => splitOf(row.cells) ?? [])
    .findLast((split) => oneFigureOff(Number(split.total.value), total));
}

/**
 * A receipt's total read from its tax table when no label names one ("Summe"
 * misread): the rows that print a rate and its gross, net and tax, summed
 * ("A=19,00% 13,78 11,58 2,20").
 */
function ratesTotal(pages: readonly PageRows[]): Split | undefined {
  const splits = pages
    .flatMap((p) => p.rows)
    .filter((row) => row.cells.some((c) => RATE.test(c.text)))
    .flatMap((row) => splitOf(row.cells) ?? []);
  if (splits.length === 0) return undefined;
  return {
    subtotal: sumFields(splits.map((s) => s.subtotal)),
    tax_amount: sumFields(splits.map((s) => s.tax_amount)),
    total: sumFields(splits.map((s) => s.total)),
  };
}

const RATE = /\d\s?%/;

/** A Polish fiscal receipt's taxable sales at one rate, tax included ("Sprzed. opod. PTU A 15,56"). */
const SALES_AT_RATE = /^sprzed\p{L}*\.?\s*opod\p{L}*[.,]?\s*ptu\s+[a-g](?!\p{L})/u;

/**
 * A receipt's total when its own is not read ("SUMA PLN" and no amount): the
 * sum of its sales at each tax rate, which a Polish fiscal receipt prints.
 */
function salesByRate(pages: readonly PageRows[]): InvoiceField | undefined {
  const sales = pages
    .flatMap((p) => p.rows)
    .filter((row) => SALES_AT_RATE.test(fold(row.cells.map((c) => c.text).join(" "))))
    .flatMap((row) => amountsIn(row.cells.at(-1)).slice(-1));
  return sales.length > 0 ? sumFields(sales) : undefined;
}

/** A payment by card: the card's name, or the slip's heading. */
const CARD = new RegExp(`^(?:${CARD_PAYMENTS.join("|")})(?!\\p{L})`, "u");
/** The line of a card's slip that says what was charged ("Betrag EUR 39,00"). */
const CHARGED = /^(?:betrag|amount|montant|importe|importo|bedrag|valor)(?!\p{L})/u;

/**
 * A receipt's total when no label gives one: what was paid by card, on the
 * card's line ("GIROCARD 39,00") or on its slip's amount line after it
 * ("Kartenzahlung", "girocard", "Betrag 49,90 EUR"); the last such payment.
 * Cash is not: it is tendered, the change given back.
 */
function paidByCard(
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  skip: (cell: Cell) => boolean,
): InvoiceField | undefined {
  let paid: InvoiceField | undefined;
  for (const { cell, label } of labels) {
    if (label.kind !== "payment" || skip(cell) || !CARD.test(fold(cell.text))) continue;
    const rows = pages.find((p) => p.page === cell.page)?.rows ?? [];
    const own = rows[cell.row]?.cells.filter((c) => c.bbox.x0 >= cell.bbox.x0).flatMap(amountsIn);
    const slip = rows
      .slice(cell.row + 1, cell.row + 3)
      .find((row) => row.cells[0] !== undefined && CHARGED.test(fold(row.cells[0].text)));
    paid = own?.at(-1) ?? slip?.cells.flatMap(amountsIn).at(-1) ?? paid;
  }
  return paid;
}

/** The change given back, under the cash tendered. */
const CHANGE =
  /^(?:change|ru(?:e)?ckgeld|wechselgeld|kembali|baki|rendu|monnaie rendue|cambio|vuelto|resto|troco|wisselgeld)(?!\p{L})/u;

/**
 * The subtotal a receipt paid in cash comes to ("Zwischensumme 15,95", then
 * "20,00" tendered and "Rückgeld 4,05"): the amount on the line above the
 * change, less the change. Without such a subtotal, the amount that makes
 * it on one of the three lines over the cash, its label misread ("JU LAH
 * (RM) 22.70", then "TUNAI 30.00" and "BAKI 7.30"); without that, the cash
 * less the change itself ("Pagamento contante 50.00", "RESTO 37,97": 12.03).
 */
function paidSubtotal(
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  skip: (cell: Cell) => boolean,
  subtotals: readonly Entry[],
): Entry | undefined {
  for (const change of entries(pages, labels, "payment", skip)) {
    const cell = labels[change.at]?.cell;
    if (!cell || !CHANGE.test(fold(cell.text))) continue;
    const above = pages.find((p) => p.page === cell.page)?.rows[cell.row - 1];
    const tendered = above?.cells.flatMap(amountsIn).at(-1);
    if (!tendered) continue;
    const paid = cents(Number(tendered.value)) - cents(change.value);
    const sub = subtotals.filter((s) => s.at < change.at && cents(s.value) === paid).at(-1);
    if (sub) return sub;
    const rows = pages.find((p) => p.page === cell.page)?.rows ?? [];
    for (const row of rows.slice(Math.max(0, cell.row - 4), cell.row - 1).reverse()) {
      const last = row.cells.flatMap(amountsIn).at(-1);
      if (last && cents(Number(last.value)) === paid) {
        return { field: last, value: paid / 100, at: change.at };
      }
    }
    // No line prints it (its amount misread): what was paid is the cash less the change.
    if (paid > 0) {
      const made: InvoiceField = {
        ...tendered,
        value: paid / 100,
        text: `${tendered.text} − ${change.field.text}`,
        confidence: Math.min(tendered.confidence, change.field.confidence),
        bbox: union([tendered.bbox, change.field.bbox].flatMap((b) => (b ? [b] : []))),
      };
      return { field: made, value: paid / 100, at: change.at };
    }
  }
  return undefined;
}

/**
 * A total's row under the items' columns that prints the net, the tax and
 * the gross ("Total | 1 | 278.61 | 40.39 | 319.00"): its last three amounts,
 * when the first two make the third.
 */
function totalsRow(
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  skip: (cell: Cell) => boolean,
): Split | undefined {
  for (const { cell, label } of [...labels].reverse()) {
    if (label.kind !== "total" || skip(cell)) continue;
    const row = pages.find((p) => p.page === cell.page)?.rows[cell.row];
    const split = splitOf((row?.cells ?? []).filter((c) => c.bbox.x0 >= cell.bbox.x1));
    if (split) return split;
  }
  return undefined;
}
