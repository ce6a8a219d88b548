// The wordings invoices label their fields and line-item columns with, in the
// languages the service reads (English, German, French, Spanish, Dutch,
// Italian, Portuguese). Patterns are matched on text folded to lower case
// without accents ("Fällig" → "fallig"); a cell's label is the longest match
// among all fields, so "Total HT" is a subtotal and "Te betalen voor" a due date.
// A cell that is only a long label misread by one letter ("Vervaidatum") still
// counts as that label (two letters from 12 characters on).
import { distance } from "fastest-levenshtein";

export type LabelKind =
  | "invoice_number"
  | "invoice_date"
  | "due_date"
  | "customer"
  | "supplier"
  | "subtotal"
  | "tax_amount"
  | "total";

const LABELS: Record<LabelKind, readonly string[]> = {
  invoice_number: [
    "invoice (?:number|no\\.?|nr\\.?|#|num\\.?|id)",
    // A title with the number after it: "INVOICE 2026-0117", "Rechnung Nr. 12".
    "(?:invoice|rechnung|facture|factura|factuur|fattura)(?= *[#:]? *[a-z]{0,4}[-/]?\\d)",
    "inv\\.? ?(?:no|#)\\.?",
    "(?:bill|document|order) (?:no\\.?|number)",
    "reference(?: no\\.?)?",
    "ref\\.?(?: no\\.?)?",
    "rechnungs?(?:-| )?(?:nummer|nr\\.?)",
    "rechnung nr\\.?",
    "beleg(?:nummer|nr\\.?)",
    "facture n[°o]\\.?",
    "(?:numero|n[°oº]) (?:de )?facture",
    "factura n[°oº.]?",
    "(?:numero|n[°oº]) (?:de )?factura",
    "factuur ?(?:nummer|nr\\.?)",
    "fattura n[°o.]?",
    "numero (?:della )?fattura",
    "(?:numero da )?fatura n?[°oº]?",
    "no\\.",
    "#",
  ],
  invoice_date: [
    "invoice date",
    "date of issue",
    "issue date",
    "date issued",
    "billing date",
    "tax point",
    "date",
    "rechnungsdatum",
    "ausstellungsdatum",
    "datum",
    "date de (?:la )?facture",
    "date d'emission",
    "date de facturation",
    "fecha(?: de (?:la )?factura| de emision| de expedicion)?",
    "factuurdatum",
    "data(?: (?:della )?fattura| de emissao| da fatura)?",
  ],
  due_date: [
    "due date",
    "payment due(?: date| by| on)?",
    "due(?: by| on)?",
    "pay(?:able)? by",
    "fallig(?:keitsdatum| am| bis)?",
    "zahlbar bis",
    "zahlungsziel",
    "date d'echeance",
    "echeance",
    "a payer avant le",
    "date limite de paiement",
    "(?:fecha de )?vencimiento",
    "vervaldatum",
    "te betalen voor",
    "uiterste betaaldatum",
    "(?:data di )?scadenza",
    "data de vencimento",
  ],
  customer: [
    "bill(?:ed)? to",
    "to",
    "invoice(?:d)? to",
    "sold to",
    "customer",
    "client",
    "buyer",
    "recipient",
    "rechnungsempfanger",
    "empfanger",
    "kunde",
    "an",
    "facture a",
    "destinataire",
    "facturar a",
    "cliente",
    "factuur aan",
    "klant",
    "fatturare a",
    "faturar a",
  ],
  supplier: [
    "from",
    "supplier",
    "seller",
    "vendor",
    "issued by",
    "lieferant",
    "verkaufer",
    "von",
    "fournisseur",
    "emetteur",
    "vendeur",
    "proveedor",
    "emisor",
    "leverancier",
    "fornitore",
    "fornecedor",
  ],
  subtotal: [
    "sub-? ?total",
    "net",
    "net (?:total|amount)",
    "total (?:net|excl\\.?(?: vat| tax)?|before tax)",
    "amount before tax",
    "zwischensumme",
    "nettobetrag",
    "summe netto",
    "netto(?:summe|betrag)?",
    "gesamt netto",
    "sous-total",
    "total ht",
    "montant ht",
    "base imponible",
    "subtotaal",
    "totaal excl\\.? btw",
    "(?:totale )?imponibile",
    "subtotale",
  ],
  tax_amount: [
    "(?:sales )?tax(?: amount)?",
    "vat(?: amount)?",
    "gst",
    "hst",
    "mwst\\.?",
    "ust\\.?",
    "umsatzsteuer",
    "mehrwertsteuer",
    "zzgl\\.?",
    "tva",
    "iva",
    "btw",
    "imposta",
    "impuesto",
  ],
  total: [
    "total(?: due| amount| payable| to pay)?",
    "amount (?:due|payable)",
    "grand total",
    "balance(?: due)?",
    "invoice total",
    "total ttc",
    "gesamt(?:betrag|summe)?",
    "rechnungsbetrag",
    "endbetrag",
    "zu zahlen(?:der betrag)?",
    "bruttobetrag",
    "summe",
    "montant (?:total|du|ttc)",
    "net a payer",
    "total a payer",
    "importe total",
    "total a pagar",
    "totaal(?: incl\\.? btw)?",
    "te betalen",
    "totale(?: fattura| da pagare)?",
    "importo totale",
  ],
};

const TITLE =
  /^(?:tax |commercial |vat )?(?:invoice|rechnung|facture|factura|factuur|fattura|fatura|bill|credit note|gutschrift)$/;
const TITLE_WORDS = [
  "invoice",
  "rechnung",
  "facture",
  "factura",
  "factuur",
  "fattura",
  "gutschrift",
];

/**
 * Whether a cell only names the document (`INVOICE`, `Tax Invoice`, `Rechnung`),
 * also as OCR misreads a large title: letters spaced out (`F ACTU U R`), an
 * `I` read as `|`, or one letter wrong.
 */
export function isTitle(text: string): boolean {
  const letters = fold(text.replaceAll("|", "i"))
    .replace(/[^a-z ]/g, "")
    .trim();
  const joined = letters.replaceAll(" ", "");
  return (
    TITLE.test(letters) ||
    TITLE.test(joined) ||
    TITLE_WORDS.some((word) => distance(word, joined) <= 1)
  );
}

export type ColumnRole = "description" | "quantity" | "unit_price" | "amount";

const COLUMNS: Record<ColumnRole, readonly string[]> = {
  description: [
    "description",
    "items?",
    "articles?",
    "artikel",
    "products?",
    "produkt",
    "produit",
    "producto",
    "services?",
    "leistung",
    "bezeichnung",
    "beschreibung",
    "designation",
    "omschrijving",
    "concepto",
    "descripcion",
    "descrizione",
    "descricao",
    "details",
    "particulars",
  ],
  quantity: [
    "qty\\.?",
    "quantity",
    "qte\\.?",
    "quantite",
    "menge",
    "anzahl",
    "aantal",
    "cantidad",
    "cant\\.?",
    "uds\\.?",
    "units?",
    "hours",
    "hrs\\.?",
    "stk\\.?",
    "pcs\\.?",
    "quantita",
    "quantidade",
  ],
  unit_price: [
    "(?:unit )?price",
    "rate",
    "unit cost",
    "einzelpreis",
    "preis",
    "e-?preis",
    "prix(?: unitaire)?(?: ht)?",
    "p\\.?u\\.?",
    "precio(?: unitario| unidad)?",
    "prijs",
    "stukprijs",
    "prezzo(?: unitario)?",
    "preco(?: unitario)?",
  ],
  amount: [
    "amount",
    "(?:line |net )?total",
    "net amount",
    "betrag",
    "gesamt(?:preis)?",
    "montant(?: ht)?",
    "total ht",
    "importe",
    "bedrag",
    "totaal",
    "importo",
    "valor",
  ],
};

/** Lower case without accents, one UTF-16 unit per unit, so indices match the original. */
function fold(text: string): string {
  return text.replace(/./gsu, (c) => {
    const base = (c.normalize("NFD")[0] ?? c).toLowerCase();
    return base.length === c.length ? base : c;
  });
}

const compile = (patterns: readonly string[]) =>
  patterns.map((p) => new RegExp(`(?<![\\p{L}\\d])(?:${p})(?![\\p{L}\\d])`, "u"));

const LABEL_PATTERNS = Object.entries(LABELS).map(
  ([kind, patterns]) => [kind as LabelKind, compile(patterns)] as const,
);
const COLUMN_PATTERNS = Object.entries(COLUMNS).map(
  ([role, patterns]) => [role as ColumnRole, compile(patterns)] as const,
);

export interface LabelMatch<K> {
  kind: K;
  /** Where the label ends in the text: the value, if on the same cell, follows. */
  end: number;
  /** Whether the label is the whole text (apart from punctuation). */
  whole: boolean;
}

/** Text before a label may hold only a rate ("19% MwSt.") or punctuation. */
const LEADING = /^[\d\s%.,()+:-]*$/;
const TRAILING = /^[\s:#.\-–]*$/;

function longest<K>(
  text: string,
  table: readonly (readonly [K, readonly RegExp[]])[],
): LabelMatch<K> | undefined {
  const folded = fold(text);
  let best: (LabelMatch<K> & { length: number }) | undefined;
  for (const [kind, patterns] of table) {
    for (const pattern of patterns) {
      const match = pattern.exec(folded);
      if (!match || !LEADING.test(folded.slice(0, match.index))) continue;
      if (!best || match[0].length > best.length) {
        const end = match.index + match[0].length;
        best = { kind, end, whole: TRAILING.test(folded.slice(end)), length: match[0].length };
      }
    }
  }
  return best ? { kind: best.kind, end: best.end, whole: best.whole } : misread(folded, table);
}

const LITERAL = /^[\p{L}' -]{7,}$/u;

/** A whole cell that is a plain label of seven letters or more but for a letter or two. */
function misread<K>(
  folded: string,
  table: readonly (readonly [K, readonly RegExp[]])[],
): LabelMatch<K> | undefined {
  const text = folded.replace(/[\s:#.]+$/, "");
  if (text.length < 7) return undefined;
  for (const [kind, patterns] of table) {
    for (const pattern of patterns) {
      const literal = pattern.source.slice(
        pattern.source.indexOf("(?:") + 3,
        pattern.source.lastIndexOf(")(?!"),
      );
      if (!LITERAL.test(literal) || Math.abs(literal.length - text.length) > 2) continue;
      if (distance(literal, text) <= (literal.length >= 12 ? 2 : 1)) {
        return { kind, end: folded.length, whole: true };
      }
    }
  }
  return undefined;
}

/** The field a cell's text labels, if it starts with a label. */
export const matchLabel = (text: string) => longest(text, LABEL_PATTERNS);

/** The line-item column a header cell names. */
export const matchColumn = (text: string) => longest(text, COLUMN_PATTERNS);
