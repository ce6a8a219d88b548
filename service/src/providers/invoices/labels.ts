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
  | "total"
  // Discounts, shipping, rounding, deposits: lines between items and total that are no item.
  | "adjustment"
  // A delivery address: a party that is neither supplier nor customer.
  | "ship_to"
  // How a receipt was paid, after its total: cash tendered, change, a card. No item, no sum.
  | "payment"
  // How many pieces were sold ("Total Qty: 3", "Item count 5"): no item, no sum.
  | "count";

/** Payment labels that name a card, whose line or slip says what was charged (totals.ts). */
export const CARD_PAYMENTS = [
  "(?:credit |debit )?card(?: payment)?",
  "visa",
  "master ?card",
  "amex",
  "eftpos",
  "ec-?karte",
  "girocard",
  "kartenzahlung",
  "maestro",
  "carte bancaire",
  "cb(?= *\\d)",
  "tarjeta",
  "bancomat",
  "pinnen",
  "multibanco",
  "debit",
];

const LABELS: Record<LabelKind, readonly string[]> = {
  invoice_number: [
    "invoice (?:number|no\\.?|nr\\.?|#|num\\.?|id)",
    // A title with the number after it: "INVOICE 2026-0117", "Rechnung Nr. 12".
    "(?:(?:tax |commercial |proforma |final )?invoice|(?:handels|schluss|teil|abschlags|proforma)?rechnung|facture|factura|factuur|fattura|fatura|receipt|bill)(?= *[#:]? *[a-z]{0,4}[.°º]?[-/]? *\\d)",
    "inv\\.? ?(?:no|#|nr)\\.?",
    "(?:bill|document|doc\\.?|receipt|voucher|cash bill) (?:no\\.?|nr\\.?|number|#)",
    "(?:booking|reservation|folio) (?:id|no\\.?|nr\\.?|number|#|ref\\.?)",
    "folio",
    "(?:tax |commercial )?invoice (?:n[°oº]\\.?|nr\\.?)",
    "(?:handels|schluss|teil|abschlags|proforma)?rechnung (?:n[°or]\\.?|nummer)",
    "reference(?: no\\.?)?",
    "ref\\.?(?: no\\.?)?",
    "rechnungs?(?:-| )?(?:nummer|nr\\.?)",
    "(?:beleg|bon|quittungs?) ?(?:nummer|nr\\.?)",
    "rechnung nr\\.?",
    "beleg(?:nummer|nr\\.?)",
    "facture n[°oº]\\.?",
    "(?:recu|ticket|quittance) n[°oº]\\.?",
    "(?:numero|n[°oº?]) (?:de )?facture",
    "factura n[°oº.]?",
    "(?:numero|n[°oº?]) (?:de )?factura",
    "factuur ?(?:nummer|nr\\.?)",
    "fattura n[°o.]?",
    "numero (?:della )?fattura",
    "(?:numero da )?fatura n?[°oº]?",
    "(?:recibo|ricevuta|scontrino|bon|kassabon|bonnummer) (?:n[°oº.]?|nr\\.?|numero)",
    "no\\.",
    // Before the number, or alone on its cell; not a receipt's row of "#*#*" stars.
    "#(?=[\\s:.]*(?:$|[\\p{L}\\d_/-]*\\d))",
    // A column of the number alone ("Numéro | Date | Échéance" over their values).
    "numero",
    "nummer",
    "number",
  ],
  invoice_date: [
    "invoice date",
    "date of issue",
    "issue date",
    "date issued",
    "receipt date",
    // Not a card's expiry ("Date d'expiration: 31/05/18").
    "dated?(?! d'?expiration| de validite| de fin)",
    "invoice date/tax point",
    // A hotel's folio is billed when the guest leaves.
    "depart(?:ure)?(?: date)?",
    "check[- ]?out(?: date)?",
    "billing date",
    "tax point",
    "rechnungsdatum",
    "belegdatum",
    "leistungsdatum",
    "ausstellungsdatum",
    "datum",
    "date de (?:la )?facture",
    "date d'emission",
    "date de facturation",
    "fecha(?: de (?:la )?factura| de emision| de expedicion)?",
    "factuurdatum",
    "factuur datum",
    "data(?: (?:della )?fattura| de emissao| da fatura)?",
    "tarikh",
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
    "bill(?:ed)? to(?: address)?",
    "billing address",
    "invoice address",
    "attn",
    "charge to",
    "to",
    "invoice(?:d)? to",
    "sold to",
    "customer",
    "client",
    "buyer",
    "recipient",
    "guest(?: name)?",
    "rechnungsempfanger",
    "leistungsempfanger",
    "rechnungsadresse",
    "empfanger",
    "kunde",
    "kaufer",
    "auftraggeber",
    "besteller",
    "an",
    "facture a",
    "facturee? a",
    "adresse de facturation",
    "destinataire",
    "acheteur",
    "facturar a",
    "facturado a",
    "direccion de facturacion",
    "comprador",
    "cliente",
    "factuur aan",
    "gefactureerd aan",
    "factuuradres",
    "klant",
    "afnemer",
    "fatturare a",
    "fatturato a",
    "intestatario",
    "indirizzo di fatturazione",
    "cessionario(?: ?/ ?committente| committente)?",
    "committente",
    "acquirente",
    "destinatario",
    "faturar a",
    "faturado a",
    "endereco de faturacao",
    "adquirente",
  ],
  supplier: [
    "from",
    "sold by",
    "service provider",
    "billed by",
    "supplier",
    "seller",
    "vendor",
    "issued by",
    "lieferant",
    "verkaufer",
    "rechnungssteller",
    "leistungserbringer",
    "von",
    "fournisseur",
    "emetteur",
    "emis par",
    "vendeur",
    "prestataire",
    "proveedor",
    "emisor",
    "vendedor",
    "leverancier",
    "verkoper",
    "fornitore",
    "cedente(?: ?/ ?prestatore| prestatore)?",
    "prestatore",
    "fornecedor",
    "emitente",
  ],
  subtotal: [
    "sub-? ?total",
    "(?:items?|goods|merchandise|line) total",
    "total (?:items?|goods|merchandise)",
    "total (?:hors taxes|ht|h\\.t\\.)",
    "total excl(?:uding)?\\.? (?:vat|tax|gst|btw)",
    "total(?: sales| amount)? \\(?excl(?:ude|uding|usive|\\.)?(?: of)? (?:vat|tax|gst|sst)\\)?",
    "exclusief btw",
    "excl\\.? btw",
    "net",
    "net (?:total|amount)",
    "total (?:net|(?:excl|exkl|ex)\\.?(?: (?:vat|tax|mwst|ust|gst|btw))?|before tax)",
    "amount before tax",
    "zwischensumme",
    "(?:summe )?warenwert",
    "summe positionen",
    "positionen gesamt",
    "gesamt(?:betrag)? netto",
    "netto ?summe",
    "nettobetrag",
    "summe netto",
    "netto(?:summe|betrag)?",
    "gesamt netto",
    "sous-total",
    "total articles",
    "montant hors taxes",
    "total ht",
    "montant ht",
    "base imponible",
    "base (?:ht|hors taxes)",
    "grondslag",
    "bemessungsgrundlage",
    "base (?:de calculo|tributavel)",
    "subtotal sin iva",
    "total sin iva",
    "subtotaal",
    "totaal artikelen",
    "totaal excl\\.? btw",
    "(?:totale )?imponibile",
    "subtotale",
    "totale (?:merce|articoli|imponibile)",
    "total (?:sem iva|i?liquido|dos artigos)",
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
    "i\\.v\\.a\\.?",
    "total (?:tax|vat|tva|iva|btw|gst)",
    "mwst\\.?-?betrag",
    "ust\\.?-?betrag",
    "montant (?:de la )?tva",
    "importe (?:del )?iva",
    "btw[- ]bedrag",
    "valor (?:do )?iva",
    // The tax inside a total that includes it ("TOTAL INCLUDES GST OF 0.35", "di cui IVA 1,25").
    "total includes (?:gst|vat|tax)(?: of)?",
    "(?:gst|vat|tax) included(?: in total)?",
    "di cui iva",
    "davon (?:mwst|ust)\\.?",
    "dont tva",
    "(?:suma|podatek) ptu",
  ],
  total: [
    "total(?: due| amount| payable| to pay| incl\\.?(?:uding)?\\.? (?:vat|tax|gst|btw)| sales| eur| usd| chf| gbp| rounded| after rounding)?",
    // After the cash rounding; "ROUND D TOTAL" as a faded print reads.
    "round(?:ed| ?d)? total",
    // What a till calls the sale's total ("Eat-In Total (incl GST)", "Check Total").
    "(?:order|sale|ticket|check|bill|receipt|eat-?in|take-?away|dine-?in|take ?out) total",
    "amount to pay",
    // A fuel slip's field line ("Amount : 30000 Rp" under "Fuel Type : SUPER").
    "amount(?=\\s*:)",
    "jumlah(?: bayar)?",
    // "Nett total" on receipts in Malaysia and Singapore is what is paid, after rounding.
    "nett(?: total| amount)?",
    "amount (?:due|payable)",
    "grand total",
    "balance(?: due)?",
    "invoice total",
    "tot(?:al|\\.)? ttc",
    "gesamt(?:betrag|summe)?",
    "rechnungsbetrag",
    "endbetrag",
    "zu zahlen(?:der betrag)?",
    "bruttobetrag",
    "gesamt ?brutto",
    "summe(?: brutto| eur)?",
    "rechnungssumme",
    "montant (?:total|du|ttc)",
    "net a payer",
    "total a payer",
    "somme a payer",
    "montant a payer",
    "total facture",
    "importe total",
    "importe",
    "total a pagar",
    "total factura",
    "totaal(?: incl\\.? btw| bedrag)?",
    "factuur totaal",
    "te betalen",
    "totale(?: complessivo| fattura| da pagare| documento)?",
    "importo totale",
    "total (?:da fatura|a pagar)",
    "valor total",
    // A Polish till's total ("SUMA PLN 19,94").
    "suma",
  ],
  ship_to: [
    "ship(?:ped)? to",
    "deliver(?:ed)? to",
    "(?:delivery|shipping) address",
    "lieferanschrift",
    "liefer(?:adresse|ung an)",
    "versandadresse",
    "adresse de livraison",
    "livre a",
    "direccion de (?:envio|entrega)",
    "enviar a",
    "afleveradres",
    "verzendadres",
    "indirizzo di (?:consegna|spedizione)",
    "endereco de entrega",
  ],
  payment: [
    ...CARD_PAYMENTS,
    "cash(?: tendered| paid| received| payment)?",
    "paid(?: amount)?",
    "amount paid",
    "(?:amount )?tender(?:ed)?",
    "change(?: due| given)?",
    "tunai",
    "kembali",
    "baki",
    "bar(?= *\\d)",
    "bargeld",
    "gegeben",
    "ru(?:e)?ckgeld",
    "wechselgeld",
    "zuruck",
    "especes",
    "rendu(?: monnaie)?",
    "monnaie rendue",
    "efectivo",
    "entregado",
    "cambio",
    "contanti",
    "resto",
    "contant",
    "wisselgeld",
    "dinheiro",
    "troco",
    "pin(?= *\\d)",
  ],
  count: [
    "total (?:qty|quantity|pcs|pieces|units)",
    "(?:item|qty|piece) count",
    "no\\.? of (?:items|pieces|pcs)",
    "anzahl (?:artikel|positionen)",
    "nombre d'articles",
  ],
  adjustment: [
    "discount",
    "total (?:discount|savings?)",
    "credits",
    "credit applied",
    "tip",
    "gratuity",
    "rebate",
    "promo(?:tion)?",
    "shipping(?: (?:and|&) handling)?",
    "delivery(?: fee| charge)?",
    "freight",
    "postage",
    "rounding(?: adj(?:ustment)?\\.?)?",
    "round(?:ing)? off",
    "deposit",
    "rabatt",
    "nachlass",
    "skonto",
    "versand(?:kosten)?",
    "porto",
    "fracht",
    "rundungs?(?:differenz)?",
    "remise",
    "escompte",
    "frais de (?:port|livraison|transport)",
    "livraison",
    "arrondi",
    "descuento",
    "gastos de envio",
    "envio",
    "redondeo",
    "sconto",
    "spese di (?:spedizione|trasporto)",
    "spedizione",
    "arrotondamento",
    "korting",
    "verzend(?:kosten|ing)",
    "afronding",
    "desconto",
    "portes",
    "frete",
    "arredondamento",
  ],
};

const TITLE =
  /^(?:(?:tax |commercial |vat |retail |proforma |pro forma |final |copy |kopie |duplicate )?(?:invoices?|rechnung|handelsrechnung|facture|factura|factuur|fattura|fatura|bill|credit note|gutschrift|receipt|payment receipt|sales receipt|kassenbon|quittung|recu|recibo|ricevuta|scontrino|kassabon)(?: ?bill)?)$|^(?:factura simplificada|documento commerciale|di vendita o prestazione|paragon fiskalny|cupom fiscal(?: eletronico)?|nota fiscal|scontrino fiscale|ticket de caisse)$/;
const TITLE_WORDS = [
  "invoice",
  "rechnung",
  "facture",
  "factura",
  "factuur",
  "fattura",
  "gutschrift",
  "receipt",
  "quittung",
];

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
    TITLE_WORDS.some((word) => distance(word, joined) <= 1)
  );
}

export type ColumnRole = "description" | "quantity" | "unit_price" | "amount";

const COLUMNS: Record<ColumnRole, readonly string[]> = {
  description: [
    "description",
    "(?:item|product|service|article) (?:description|name)",
    "description of (?:goods|services)",
    "items?",
    "articles?",
    "artikel(?:bezeichnung)?",
    "products?",
    "produkt",
    "produit",
    "producto",
    "produto",
    "services?",
    "leistung(?:sbeschreibung)?",
    "bezeichnung",
    "(?:waren|artikel)?beschreibung",
    "designation",
    "libelle",
    "omschrijving",
    "concepto",
    "articulo",
    "descripcion",
    "descrizione",
    "articolo",
    "descricao",
    "details",
    "particulars",
  ],
  quantity: [
    "qty\\.?",
    "quantity",
    "quant\\.?",
    "qte\\.?",
    "quantite",
    "nombre",
    "nbre?\\.?",
    "menge",
    "anzahl",
    "aantal",
    "hoeveelheid",
    "cantidad",
    "cant\\.?",
    "uds\\.?",
    "unid\\.?",
    "unidades",
    "units?",
    "hours",
    "hrs?\\.?",
    "stk\\.?",
    "stuks?",
    "pcs\\.?",
    "pieces",
    "quantita",
    "qta\\.?",
    "quantidade",
    "qtd\\.?",
  ],
  unit_price: [
    "(?:unit )?price",
    "price (?:per unit|each)",
    "per unit",
    "each",
    "rate",
    "unit cost",
    "einzel(?:preis|wert)",
    "(?:vk-|stuck)?preis(?: pro (?:stuck|einheit))?",
    "e-?preis",
    "prix(?: unitaire| unit\\.?| u\\.?)?(?: ht| ttc)?",
    "p\\.? ?u\\.? ?(?:ht)?",
    "precio(?: unitario| unidad| unit\\.?)?",
    "prijs(?: per stuk)?",
    "stukprijs",
    "prezzo(?: unitario| unit\\.?)?",
    "preco(?: unitario| unit\\.?)?",
    "valor unitario",
  ],
  amount: [
    "amount",
    "(?:line |net |sub)?total",
    "net amount",
    "charges",
    "(?:zeilen|gesamt|netto)?betrag",
    "gesamt(?:preis|wert)?",
    "summe",
    "montant(?: ht| ttc)?",
    "prix total",
    "total (?:ht|ttc)",
    "importe",
    "bedrag",
    "totaal",
    "prijs incl\\.? btw",
    "importo",
    "valor(?: total)?",
  ],
};

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
