// Generates the invoice calibration set (fixtures/calibration/invoices/):
// text-layer PDFs of invoices in several layouts, languages, label wordings,
// date and number formats and currencies, each beside its truth (`name.json`:
// the fields as normalised values and the line items), and photos of some of
// them (rendered at 150 dpi, tilted on a desk, noisy, JPEG) with the same truth.
// One more invoice whose totals do not add up (`mismatch-1`) has no truth of
// its totals: the service must call it unsure. Seeded: the same files every run.
//
//   npx tsx scripts/calibration/invoices.ts
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { photographPdf } from "./draw";
import { type PdfLine, type PdfText, simplePdf } from "./simple-pdf";
import { pick, type Random, seeded, shuffled } from "./text";

export const INVOICE_DIR = path.resolve(import.meta.dirname, "../../fixtures/calibration/invoices");

interface Locale {
  code: string;
  currency: string;
  /** How an amount in cents is printed, currency sign included. */
  money: (cents: number) => string;
  /** A bare amount (line items), without the sign. */
  plain: (cents: number) => string;
  dates: ((d: SimpleDate) => string)[];
  labels: {
    title: string[];
    number: string[];
    date: string[];
    due: string[];
    customer: string[];
    subtotal: string[];
    tax: ((rate: number) => string)[];
    total: string[];
    columns: [string, string, string, string][];
    /** Layout 3: the supplier's label, the item number's and the tax rate's columns. */
    supplier: string[];
    itemNo: string[];
    rate: string[];
  };
  taxRates: number[];
}

interface SimpleDate {
  y: number;
  m: number;
  d: number;
}

const grouped = (cents: number, thousands: string, decimal: string) => {
  const whole = Math.floor(cents / 100).toString();
  const withGroups = whole.replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${withGroups}${decimal}${String(cents % 100).padStart(2, "0")}`;
};
const two = (n: number) => String(n).padStart(2, "0");
const EN_MONTHS =
  "January February March April May June July August September October November December".split(
    " ",
  );
const DE_MONTHS =
  "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(" ");
const FR_MONTHS =
  "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(" ");
const NL_MONTHS =
  "januari februari maart april mei juni juli augustus september oktober november december".split(
    " ",
  );
const ES_MONTHS =
  "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(
    " ",
  );
const iso = (d: SimpleDate) => `${d.y}-${two(d.m)}-${two(d.d)}`;

const LOCALES: Locale[] = [
  {
    code: "en-US",
    currency: "USD",
    money: (c) => `$${grouped(c, ",", ".")}`,
    plain: (c) => grouped(c, ",", "."),
    dates: [
      (d) => `${EN_MONTHS[d.m - 1]} ${d.d}, ${d.y}`,
      (d) => `${two(d.m)}/${two(d.d)}/${d.y}`,
      (d) => `${EN_MONTHS[d.m - 1]?.slice(0, 3)} ${d.d}, ${d.y}`,
    ],
    labels: {
      title: ["INVOICE", "Invoice"],
      number: ["Invoice Number", "Invoice #", "Invoice No."],
      date: ["Invoice Date", "Date", "Date of Issue"],
      due: ["Due Date", "Payment Due", "Due"],
      customer: ["Bill To", "Billed To", "Customer"],
      subtotal: ["Subtotal", "Sub-total"],
      tax: [(r) => `Sales Tax (${r}%)`, (r) => `Tax ${r}%`, () => "Tax"],
      total: ["Total Due", "Total", "Amount Due", "Balance Due"],
      columns: [
        ["Description", "Qty", "Unit Price", "Amount"],
        ["Item", "Quantity", "Rate", "Total"],
      ],
      supplier: ["From", "Vendor"],
      itemNo: ["#", "No."],
      rate: ["Tax %"],
    },
    taxRates: [5, 7, 8],
  },
  {
    code: "en-GB",
    currency: "GBP",
    money: (c) => `£${grouped(c, ",", ".")}`,
    plain: (c) => grouped(c, ",", "."),
    dates: [
      (d) => `${d.d} ${EN_MONTHS[d.m - 1]} ${d.y}`,
      (d) => `${two(d.d)}/${two(d.m)}/${d.y}`,
      iso,
    ],
    labels: {
      title: ["INVOICE", "Tax Invoice"],
      number: ["Invoice No.", "Invoice Number", "Reference"],
      date: ["Date of issue", "Invoice date", "Tax point"],
      due: ["Payment due", "Due date", "Pay by"],
      customer: ["Invoice to", "Bill to", "Client"],
      subtotal: ["Net total", "Subtotal", "Total net"],
      tax: [(r) => `VAT ${r}%`, (r) => `VAT at ${r}%`, () => "VAT"],
      total: ["Amount due", "Total", "Total payable", "Grand total"],
      columns: [
        ["Description", "Qty", "Unit price", "Net amount"],
        ["Item", "Quantity", "Price", "Line total"],
      ],
      supplier: ["Supplier", "From"],
      itemNo: ["No.", "Line"],
      rate: ["VAT %", "VAT rate"],
    },
    taxRates: [20, 5],
  },
  {
    code: "de",
    currency: "EUR",
    money: (c) => `${grouped(c, ".", ",")} €`,
    plain: (c) => grouped(c, ".", ","),
    dates: [(d) => `${d.d}. ${DE_MONTHS[d.m - 1]} ${d.y}`, (d) => `${two(d.d)}.${two(d.m)}.${d.y}`],
    labels: {
      title: ["RECHNUNG", "Rechnung"],
      number: ["Rechnungsnummer", "Rechnung Nr.", "Rechnungs-Nr."],
      date: ["Rechnungsdatum", "Datum"],
      due: ["Fällig am", "Zahlbar bis", "Fälligkeitsdatum"],
      customer: ["Rechnungsempfänger", "Kunde", "An"],
      subtotal: ["Zwischensumme", "Nettobetrag", "Summe netto"],
      tax: [(r) => `MwSt. ${r} %`, (r) => `USt. ${r}%`, (r) => `zzgl. ${r}% MwSt.`],
      total: ["Gesamtbetrag", "Rechnungsbetrag", "Gesamt"],
      columns: [
        ["Beschreibung", "Menge", "Einzelpreis", "Betrag"],
        ["Artikel", "Anzahl", "Preis", "Gesamt"],
      ],
      supplier: ["Lieferant", "Von"],
      itemNo: ["Pos.", "Nr."],
      rate: ["MwSt.", "USt.-Satz"],
    },
    taxRates: [19, 7],
  },
  {
    code: "fr",
    currency: "EUR",
    money: (c) => `${grouped(c, " ", ",")} EUR`,
    plain: (c) => grouped(c, " ", ","),
    dates: [(d) => `${d.d} ${FR_MONTHS[d.m - 1]} ${d.y}`, (d) => `${two(d.d)}/${two(d.m)}/${d.y}`],
    labels: {
      title: ["FACTURE", "Facture"],
      number: ["Facture n°", "Numéro de facture", "N° de facture"],
      date: ["Date de facture", "Date d'émission", "Date"],
      due: ["Date d'échéance", "Échéance", "À payer avant le"],
      customer: ["Facturé à", "Client", "Destinataire"],
      subtotal: ["Sous-total", "Total HT", "Montant HT"],
      tax: [(r) => `TVA ${r} %`, (r) => `TVA (${r}%)`],
      total: ["Total TTC", "Montant total", "Net à payer"],
      columns: [
        ["Désignation", "Qté", "Prix unitaire", "Montant"],
        ["Description", "Quantité", "Prix", "Total HT"],
      ],
      supplier: ["Fournisseur", "Émetteur"],
      itemNo: ["N°", "Réf."],
      rate: ["TVA %", "Taux TVA"],
    },
    taxRates: [20, 10],
  },
  {
    code: "nl",
    currency: "EUR",
    money: (c) => `EUR ${grouped(c, ".", ",")}`,
    plain: (c) => grouped(c, ".", ","),
    dates: [(d) => `${d.d} ${NL_MONTHS[d.m - 1]} ${d.y}`, (d) => `${two(d.d)}-${two(d.m)}-${d.y}`],
    labels: {
      title: ["FACTUUR", "Factuur"],
      number: ["Factuurnummer", "Factuur nr."],
      date: ["Factuurdatum", "Datum"],
      due: ["Vervaldatum", "Te betalen voor"],
      customer: ["Factuur aan", "Klant"],
      subtotal: ["Subtotaal", "Totaal excl. BTW"],
      tax: [(r) => `BTW ${r}%`, (r) => `Btw (${r}%)`],
      total: ["Totaal", "Te betalen", "Totaal incl. BTW"],
      columns: [
        ["Omschrijving", "Aantal", "Prijs", "Bedrag"],
        ["Product", "Aantal", "Stukprijs", "Totaal"],
      ],
      supplier: ["Leverancier"],
      itemNo: ["Nr.", "#"],
      rate: ["BTW %", "BTW-tarief"],
    },
    taxRates: [21, 9],
  },
  {
    code: "es",
    currency: "EUR",
    money: (c) => `€${grouped(c, ".", ",")}`,
    plain: (c) => grouped(c, ".", ","),
    dates: [
      (d) => `${d.d} de ${ES_MONTHS[d.m - 1]} de ${d.y}`,
      (d) => `${two(d.d)}/${two(d.m)}/${d.y}`,
    ],
    labels: {
      title: ["FACTURA", "Factura"],
      number: ["Número de factura", "Factura nº", "Nº factura"],
      date: ["Fecha de factura", "Fecha de emisión", "Fecha"],
      due: ["Fecha de vencimiento", "Vencimiento"],
      customer: ["Facturar a", "Cliente"],
      subtotal: ["Base imponible", "Subtotal"],
      tax: [(r) => `IVA ${r}%`, (r) => `IVA (${r} %)`],
      total: ["Total", "Total a pagar", "Importe total"],
      columns: [
        ["Descripción", "Cantidad", "Precio unitario", "Importe"],
        ["Concepto", "Uds.", "Precio", "Total"],
      ],
      supplier: ["Proveedor", "Emisor"],
      itemNo: ["Nº", "Ref."],
      rate: ["IVA %", "Tipo IVA"],
    },
    taxRates: [21, 10],
  },
];

/** Companies and addresses of each locale: invoices between two firms of one country. */
const FIRMS: Record<string, { names: string[]; addresses: [string, string][] }> = {
  "en-US": {
    names: ["Greenfield Catering Inc.", "Oakridge Consulting LLC", "Harbourside Printing Co."],
    addresses: [
      ["450 Market Street", "Portland, OR 97205"],
      ["1200 Elm Avenue", "Austin, TX 78701"],
      ["88 Pine Street", "Seattle, WA 98101"],
    ],
  },
  "en-GB": {
    names: ["Northwind Traders Ltd", "Bluebell Office Supplies", "Kestrel Joinery Ltd"],
    addresses: [
      ["12 Harbour Road", "Leeds LS1 4AB"],
      ["77 Station Lane", "Bristol BS1 5TR"],
      ["5 Mill Street", "York YO1 6DP"],
    ],
  },
  de: {
    names: ["Müller & Söhne GmbH", "Keller Werkzeugbau KG", "Brandt Bürotechnik GmbH"],
    addresses: [
      ["Hauptstraße 45", "10115 Berlin"],
      ["Lindenallee 3", "80331 München"],
      ["Gartenweg 12", "50667 Köln"],
    ],
  },
  fr: {
    names: ["Atelier Lumière SARL", "Boulangerie Moreau SAS", "Éditions du Rhône"],
    addresses: [
      ["8 rue des Lilas", "69002 Lyon"],
      ["14 avenue Jean Jaurès", "31000 Toulouse"],
      ["3 place de la Gare", "67000 Strasbourg"],
    ],
  },
  nl: {
    names: ["Van Dijk Techniek B.V.", "Bakkerij De Molen", "Groen & Zonen V.O.F."],
    addresses: [
      ["Kerkstraat 101", "3511 AB Utrecht"],
      ["Prinsengracht 263", "1016 GV Amsterdam"],
      ["Markt 7", "5611 EB Eindhoven"],
    ],
  },
  es: {
    names: ["Soluciones Norte S.L.", "Panadería García S.A.", "Talleres Ruiz S.L."],
    addresses: [
      ["Calle Mayor 27", "28013 Madrid"],
      ["Avenida de la Constitución 8", "41004 Sevilla"],
      ["Calle de Alcalá 120", "28009 Madrid"],
    ],
  },
};
const GOODS = [
  "Printer paper A4, 5 reams",
  "Office chairs",
  "Website maintenance",
  "Consulting hours",
  "Toner cartridge black",
  "Standing desk",
  "Delivery and handling",
  "Network switch 24-port",
  "Cleaning service, March",
  "Annual software licence",
  "Catering for 20 guests",
  "Business cards (500)",
  "Monitor 27 inch",
  "Cable set",
];

export interface InvoiceTruth {
  /** The invoice's language, sent as `language_hints` (ISO 639-1). */
  language_hints: string[];
  fields: Record<string, string | number>;
  line_items: { description: string; quantity: number; unit_price: number; amount: number }[];
}

/** How an answer compares with a truth: the fields and line items it got right. */
export interface InvoiceScore {
  fields: number;
  wrongFields: string[];
  items: number;
  /** Line items in the truth. */
  itemCount: number;
}

const same = (a: unknown, b: unknown) =>
  typeof a === "number" && typeof b === "number"
    ? Math.round(a * 100) === Math.round(b * 100)
    : String(a ?? "")
        .replace(/\s+/g, " ")
        .trim() ===
      String(b ?? "")
        .replace(/\s+/g, " ")
        .trim();

export function scoreInvoice(
  answer: {
    fields: Record<string, { value: unknown }>;
    line_items: readonly Record<string, unknown>[];
  },
  truth: InvoiceTruth,
): InvoiceScore {
  const names = Object.keys(truth.fields);
  const wrongFields = names.filter((n) => !same(answer.fields[n]?.value, truth.fields[n]));
  const items = truth.line_items.filter((want, i) => {
    const got = answer.line_items[i];
    return got !== undefined && Object.entries(want).every(([k, v]) => same(got[k], v));
  }).length;
  return {
    fields: names.length - wrongFields.length,
    wrongFields,
    items,
    itemCount: truth.line_items.length,
  };
}

interface Drawn {
  texts: PdfText[];
  lines: PdfLine[];
  truth: InvoiceTruth;
}

const addDays = (d: SimpleDate, days: number): SimpleDate => {
  const t = new Date(Date.UTC(d.y, d.m - 1, d.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};

/** One invoice: its content drawn in one of three layouts. */
function invoice(random: Random, n: number, broken = false): Drawn {
  const locale = LOCALES[n % LOCALES.length] as Locale;
  const L = locale.labels;
  // Each language in each layout over the set.
  const layout = (n + Math.floor(n / LOCALES.length)) % 4;
  const firms = FIRMS[locale.code] ?? { names: [], addresses: [] };
  const [supplier = "", customer = ""] = shuffled(random, firms.names);
  const [supplierAddress = [], customerAddress = []] = shuffled(random, firms.addresses);
  const number = pick(random, [
    `INV-${2026}-${String(Math.floor(random() * 9000) + 1000)}`,
    `${Math.floor(random() * 900000) + 100000}`,
    `RE-${Math.floor(random() * 90000) + 10000}`,
    `F${2026}/${String(Math.floor(random() * 900) + 100)}`,
  ]);
  const issued: SimpleDate = {
    y: 2026,
    m: 1 + Math.floor(random() * 12),
    d: 1 + Math.floor(random() * 28),
  };
  const due = addDays(issued, pick(random, [14, 30, 45]));
  const dateFormat = pick(random, locale.dates);
  const items = shuffled(random, GOODS)
    .slice(0, 2 + Math.floor(random() * 5))
    .map((description) => {
      const quantity = 1 + Math.floor(random() * (random() < 0.5 ? 3 : 24));
      const unit = Math.round(random() * (random() < 0.3 ? 240000 : 30000)) + 150;
      return { description, quantity, unit, amount: quantity * unit };
    });
  const subtotal = items.reduce((s, i) => s + i.amount, 0);
  // Layout 3 taxes each line at one of two rates, and prints a tax line per rate.
  const [rate = 0, otherRate = rate] = shuffled(random, locale.taxRates);
  const itemRates = items.map((_, i) =>
    layout === 3 && i > 0 && random() < 0.5 ? otherRate : rate,
  );
  // The last line at the other rate, so there are always two.
  if (layout === 3 && itemRates.every((r) => r === rate))
    itemRates[itemRates.length - 1] = otherRate;
  const taxes = [...new Set(itemRates)].map((r): [number, number] => {
    const base = items.reduce((sum, item, i) => sum + (itemRates[i] === r ? item.amount : 0), 0);
    return [r, Math.round((base * r) / 100)];
  });
  const tax = taxes.reduce((sum, [, t]) => sum + t, 0);
  const total = subtotal + tax + (broken ? 10000 : 0);
  const labels = {
    title: pick(random, L.title),
    number: pick(random, L.number),
    date: pick(random, L.date),
    due: pick(random, L.due),
    customer: pick(random, L.customer),
    subtotal: pick(random, L.subtotal),
    tax: pick(random, L.tax),
    total: pick(random, L.total),
    columns: pick(random, L.columns),
    supplier: pick(random, L.supplier),
    itemNo: pick(random, L.itemNo),
    rate: pick(random, L.rate),
  };
  const colon = random() < 0.5 ? ":" : "";
  const texts: PdfText[] = [];
  const lines: PdfLine[] = [];
  const at = (x: number, y: number, text: string, size = 10, align?: "right") => {
    texts.push({ x, y, text, size, align });
  };
  const meta: [string, string][] = [
    [labels.number, number],
    [labels.date, dateFormat(issued)],
    [labels.due, dateFormat(due)],
  ];
  let bottom: number;
  if (layout === 3) {
    // Both parties labelled side by side, meta top right, items numbered with a
    // tax rate each, a tax line per rate.
    at(50, 56, labels.title, 20);
    meta.forEach(([label, value], i) => {
      at(330, 40 + i * 14, `${label}: ${value}`, 9);
    });
    const block = (x: number, label: string, name: string, address: readonly string[]) => {
      at(x, 110, `${label}:`, 9);
      at(x, 125, name, 11);
      address.forEach((line, i) => {
        at(x, 139 + i * 13, line);
      });
    };
    block(50, labels.supplier, supplier, supplierAddress);
    block(330, labels.customer, customer, customerAddress);
    const top = 215;
    const [d, q, u, a] = labels.columns;
    const heads: [number, string, "right" | undefined][] = [
      [50, labels.itemNo, undefined],
      [80, d, undefined],
      [340, q, "right"],
      [420, u, "right"],
      [480, labels.rate, "right"],
      [562, a, "right"],
    ];
    for (const [x, text, align] of heads) at(x, top, text, 9, align);
    lines.push({ x0: 50, y0: top + 5, x1: 562, y1: top + 5 });
    items.forEach((item, i) => {
      const y = top + 20 + i * 16;
      at(50, y, String(i + 1), 9);
      at(80, y, item.description, 9);
      at(340, y, String(item.quantity), 9, "right");
      at(420, y, locale.plain(item.unit), 9, "right");
      at(480, y, `${itemRates[i]}%`, 9, "right");
      at(562, y, locale.plain(item.amount), 9, "right");
    });
    bottom = top + 20 + items.length * 16;
    const rows: [string, number][] = [
      [labels.subtotal, subtotal],
      ...taxes.map(([r, t]): [string, number] => [labels.tax(r), t]),
      [labels.total, total],
    ];
    rows.forEach(([label, cents], i) => {
      at(390, bottom + 10 + i * 16, label, 9);
      at(562, bottom + 10 + i * 16, locale.money(cents), 9, "right");
    });
  } else {
    let tableTop = 0;
    if (layout === 0) {
      // Supplier top left, title top right, meta under the title, customer on the left.
      at(50, 60, supplier, 14);
      supplierAddress.forEach((line, i) => {
        at(50, 78 + i * 13, line);
      });
      at(562, 60, labels.title, 20, "right");
      meta.forEach(([label, value], i) => {
        at(360, 100 + i * 15, `${label}${colon}`);
        at(562, 100 + i * 15, value, 10, "right");
      });
      at(50, 170, labels.customer, 9);
      at(50, 185, customer, 11);
      customerAddress.forEach((line, i) => {
        at(50, 199 + i * 13, line);
      });
      tableTop = 260;
    } else if (layout === 1) {
      // Title top left, supplier block top right, meta as labels over values in a row.
      at(50, 64, labels.title, 22);
      at(380, 56, supplier, 12);
      supplierAddress.forEach((line, i) => {
        at(380, 72 + i * 13, line);
      });
      meta.forEach(([label, value], i) => {
        at(50 + i * 170, 130, label, 9);
        at(50 + i * 170, 145, value, 11);
      });
      at(50, 185, `${labels.customer}${colon}`, 9);
      at(50, 200, customer, 11);
      customerAddress.forEach((line, i) => {
        at(50, 214 + i * 13, line);
      });
      tableTop = 275;
    } else {
      // Supplier centred at the top, customer left and meta right side by side.
      at(200, 50, supplier, 15);
      at(200, 66, supplierAddress.join(", "), 9);
      at(50, 110, labels.title, 16);
      at(50, 140, `${labels.customer}${colon}`, 9);
      at(50, 155, customer, 11);
      customerAddress.forEach((line, i) => {
        at(50, 169 + i * 13, line);
      });
      meta.forEach(([label, value], i) => {
        at(330, 140 + i * 15, `${label}${colon} ${value}`);
      });
      tableTop = 240;
    }
    // The line items: description left, numbers right-aligned.
    const right = [0, 370, 460, 562];
    const [c0, c1, c2, c3] = labels.columns;
    at(50, tableTop, c0, 10);
    at(right[1] ?? 0, tableTop, c1, 10, "right");
    at(right[2] ?? 0, tableTop, c2, 10, "right");
    at(right[3] ?? 0, tableTop, c3, 10, "right");
    lines.push({ x0: 50, y0: tableTop + 5, x1: 562, y1: tableTop + 5 });
    items.forEach((item, i) => {
      const y = tableTop + 22 + i * 18;
      at(50, y, item.description);
      at(right[1] ?? 0, y, String(item.quantity), 10, "right");
      at(right[2] ?? 0, y, locale.plain(item.unit), 10, "right");
      at(right[3] ?? 0, y, locale.plain(item.amount), 10, "right");
    });
    bottom = tableTop + 22 + items.length * 18;
    lines.push({ x0: 50, y0: bottom - 8, x1: 562, y1: bottom - 8 });
    const totals: [string, number][] = [
      [labels.subtotal, subtotal],
      [labels.tax(rate), tax],
      [labels.total, total],
    ];
    totals.forEach(([label, cents], i) => {
      at(380, bottom + 14 + i * 17, `${label}${colon}`, i === 2 ? 11 : 10);
      at(562, bottom + 14 + i * 17, locale.money(cents), i === 2 ? 11 : 10, "right");
    });
  }
  at(
    50,
    bottom + 110,
    pick(random, ["Thank you for your business.", "IBAN DE44 5001 0517 5407 3249 31"]),
    8,
  );
  return {
    texts,
    lines,
    truth: {
      language_hints: [locale.code.slice(0, 2)],
      fields: {
        supplier_name: supplier,
        supplier_address: supplierAddress.join(", "),
        customer_name: customer,
        customer_address: customerAddress.join(", "),
        invoice_number: number,
        invoice_date: iso(issued),
        due_date: iso(due),
        currency: locale.currency,
        subtotal: subtotal / 100,
        tax_amount: tax / 100,
        total: total / 100,
      },
      line_items: items.map((i) => ({
        description: i.description,
        quantity: i.quantity,
        unit_price: i.unit / 100,
        amount: i.amount / 100,
      })),
    },
  };
}

const INVOICES = 16;
/** The first this many invoices are photographed too. */
const PHOTOS = 6;

export async function generateInvoices(): Promise<string[]> {
  rmSync(INVOICE_DIR, { recursive: true, force: true });
  mkdirSync(INVOICE_DIR, { recursive: true });
  const written: string[] = [];
  const write = (name: string, ext: string, bytes: Buffer, truth: InvoiceTruth) => {
    writeFileSync(path.join(INVOICE_DIR, `${name}.${ext}`), bytes);
    // A list of one on one line, as Biome formats JSON.
    const json = JSON.stringify(truth, null, 2).replace(/\[\n\s+("[^"]*")\n\s+\]/g, "[$1]");
    writeFileSync(path.join(INVOICE_DIR, `${name}.json`), `${json}\n`);
    written.push(`${name}.${ext}`);
  };
  for (let n = 0; n < INVOICES; n++) {
    const random = seeded(1600 + n);
    const { texts, lines, truth } = invoice(random, n);
    const name = `invoice-${n + 1}`;
    write(name, "pdf", simplePdf(texts, lines), truth);
    if (n < PHOTOS) {
      const bytes = await photographPdf(path.join(INVOICE_DIR, `${name}.pdf`), random);
      write(`${name}-photo`, "jpg", bytes, truth);
    }
  }
  const { texts, lines, truth } = invoice(seeded(1699), 0, true);
  write("mismatch-1", "pdf", simplePdf(texts, lines), truth);
  return written;
}

if (process.argv[1] === import.meta.filename) {
  generateInvoices().then(
    (files) => console.log(`${files.length} invoices written to ${INVOICE_DIR}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
