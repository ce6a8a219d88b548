// Till receipts for the rendered set: narrow slips in monospaced or condensed
// faces, the shop's name on top, a date in the till's own form, the total
// under "TOTAL", "AMOUNT DUE", "JUMLAH", "Summe"... A receipt's truth has the
// three fields a receipt is judged on (shop, date, total) and says it is one.
import { esc, MONO, NARROW, strip } from "./html";
import {
  de,
  en,
  frSpace,
  type InvoiceTruth,
  iso,
  items,
  monthName,
  type SimpleDate,
  someDate,
  sum,
  two,
} from "./invoice-data";
import { int, pick, type Random } from "./random";

const lines = (list: readonly string[]) => list.map(esc).join("<br>");

interface Till {
  language: string;
  shop: string;
  address: string[];
  currency: string;
  money: (cents: number) => string;
  /** The date and time as the till prints them. */
  when: (d: SimpleDate, hour: number, minute: number) => string;
  goods: string[];
  totalLabel: string;
  /** Lines under the total (tax, payment), given the total. */
  after: (total: number, money: (cents: number) => string) => string[];
  footer: string;
  /** Lines under the shop's name (company number, tax registration), above its address. */
  registration?: string[];
  /** A heading under the address ("TAX INVOICE"). */
  heading?: string;
  /**
   * Lines between the items and the total (subtotal, tax, rounding), and the
   * total they come to, given the items' sum; without it the total is the sum.
   */
  totals?: (sum: number, money: (cents: number) => string) => { lines: string[]; total: number };
}

/** Malaysian GST at 6 %, and cash rounded to the nearest 5 sen, as a till of 2015–2018 prints them. */
function gstTotals(label: { net: string; tax: string; gross: string; rounding: string }) {
  return (sum: number, money: (cents: number) => string) => {
    const tax = Math.round(sum * 0.06);
    const gross = sum + tax;
    const total = Math.round(gross / 5) * 5;
    const rounding = total - gross;
    return {
      lines: [
        `${label.net}  ${money(sum)}`,
        `${label.tax}  ${money(tax)}`,
        `${label.gross}  ${money(gross)}`,
        `${label.rounding}  ${rounding < 0 ? "-" : ""}${money(Math.abs(rounding))}`,
      ],
      total,
    };
  };
}

export const TILLS: Till[] = [
  {
    language: "en",
    shop: "FRESHWAY MARKET",
    address: ["1450 W Addison St", "Chicago IL 60613", "(773) 555-0148"],
    currency: "USD",
    money: en,
    when: (d, h, m) => `${two(d.m)}/${two(d.d)}/${d.y} ${two(h)}:${two(m)}`,
    goods: [
      "BANANAS 2.1 LB",
      "WHOLE MILK 1 GAL",
      "SOURDOUGH LOAF",
      "EGGS LARGE 12CT",
      "CHEDDAR 8 OZ",
      "APPLES GALA",
      "COFFEE 12 OZ",
      "PASTA PENNE",
    ],
    totalLabel: "TOTAL",
    after: (t, money) => [`VISA ****${4000 + (t % 5000)}  ${money(t)}`, "APPROVED"],
    footer: "THANK YOU FOR SHOPPING WITH US",
  },
  {
    language: "en",
    shop: "The Copper Kettle",
    address: ["8 Market Place", "Ludlow SY8 1AR", "VAT No. 318 4421 07"],
    currency: "GBP",
    money: (c) => `£${en(c)}`,
    when: (d, h, m) => `${two(d.d)} ${monthName("en", d.m).slice(0, 3)} ${d.y} ${two(h)}:${two(m)}`,
    goods: [
      "Flat white",
      "Pot of tea for one",
      "Cheese scone",
      "Victoria sponge",
      "Soup of the day",
      "Ham sandwich",
      "Orange juice",
      "Hot chocolate",
    ],
    totalLabel: "AMOUNT DUE",
    after: (t, money) => [`Card  ${money(t)}`, `VAT incl. @ 20%  ${money(Math.round(t / 6))}`],
    footer: "Thank you, see you again soon!",
  },
  {
    language: "en",
    shop: "KEDAI RUNCIT SRI MAJU",
    address: ["NO. 12, JALAN BESAR", "43000 KAJANG, SELANGOR", "TEL: 03-8736 2210"],
    currency: "MYR",
    money: (c) => en(c),
    when: (d, h, m) => `${two(d.d)}-${two(d.m)}-${d.y} ${two(h)}:${two(m)}`,
    goods: [
      "MILO 1KG",
      "GULA PASIR 1KG",
      "BERAS 5KG",
      "TELUR GRED A 10BJ",
      "MINYAK MASAK 2KG",
      "ROTI GARDENIA",
      "SUSU PEKAT",
      "MEE KUNING",
    ],
    totalLabel: "JUMLAH (RM)",
    after: (t, money) => [
      `TUNAI  ${money(Math.ceil(t / 1000) * 1000)}`,
      `BAKI  ${money(Math.ceil(t / 1000) * 1000 - t)}`,
    ],
    footer: "TERIMA KASIH, SILA DATANG LAGI",
  },
  {
    language: "de",
    shop: "Bäckerei Sonnenkorn",
    address: ["Kirchgasse 3", "72070 Tübingen"],
    currency: "EUR",
    money: de,
    when: (d, h, m) => `${two(d.d)}.${two(d.m)}.${String(d.y).slice(2)} ${two(h)}:${two(m)}`,
    goods: [
      "Bauernbrot 1000g",
      "Brezel",
      "Dinkelbrötchen",
      "Apfelstrudel",
      "Kaffee groß",
      "Mohnschnecke",
      "Laugenstange",
      "Käsekuchen",
    ],
    totalLabel: "Summe EUR",
    after: (t, money) => [
      `Bar  ${money(Math.ceil(t / 500) * 500)}`,
      `Rückgeld  ${money(Math.ceil(t / 500) * 500 - t)}`,
      `MwSt 7%  ${money(Math.round((t * 7) / 107))}`,
    ],
    footer: "Vielen Dank für Ihren Einkauf!",
  },
  {
    language: "fr",
    shop: "Boulangerie du Marché",
    address: ["2 place du Marché", "37000 Tours", "SIRET 534 221 908 00017"],
    currency: "EUR",
    money: (c) => `${frSpace(c)} €`,
    when: (d, h, m) => `${two(d.d)}/${two(d.m)}/${d.y} ${two(h)}h${two(m)}`,
    goods: [
      "Baguette tradition",
      "Croissant",
      "Pain au chocolat",
      "Tarte aux pommes",
      "Éclair café",
      "Pain de campagne",
      "Quiche lorraine",
      "Café",
    ],
    totalLabel: "TOTAL TTC",
    after: (t, money) => [
      `CB  ${money(t)}`,
      `dont TVA 5,5 %  ${money(Math.round((t * 5.5) / 105.5))}`,
    ],
    footer: "Merci de votre visite",
  },
  {
    language: "nl",
    shop: "Drogisterij De Linde",
    address: ["Lindenstraat 40", "6511 KR Nijmegen"],
    currency: "EUR",
    money: de,
    when: (d, h, m) => `${d.d}-${d.m}-${d.y}  ${two(h)}:${two(m)}`,
    goods: [
      "Tandpasta",
      "Shampoo 250 ml",
      "Zonnebrand SPF30",
      "Pleisters",
      "Handcrème",
      "Vitamine C",
      "Wattenschijfjes",
      "Deodorant",
    ],
    totalLabel: "TOTAAL",
    after: (t, money) => [`PIN  ${money(t)}`, `BTW 21%  ${money(Math.round((t * 21) / 121))}`],
    footer: "Bedankt en tot ziens!",
  },
  {
    language: "it",
    shop: "Bar Pasticceria Aurora",
    address: ["Via Roma 77", "50123 Firenze", "P. IVA 05123480481"],
    currency: "EUR",
    money: de,
    when: (d, h, m) => `${two(d.d)}-${two(d.m)}-${d.y} ${two(h)}:${two(m)}`,
    goods: [
      "Cappuccino",
      "Cornetto crema",
      "Spremuta arancia",
      "Caffè espresso",
      "Tramezzino",
      "Acqua naturale",
      "Sfogliatella",
      "Cannolo",
    ],
    totalLabel: "TOTALE COMPLESSIVO",
    after: (t, money) => [
      `Pagamento elettronico  ${money(t)}`,
      `di cui IVA  ${money(Math.round((t * 10) / 110))}`,
    ],
    footer: "DOCUMENTO COMMERCIALE di vendita o prestazione",
  },
  {
    language: "en",
    shop: "HARBOUR PHARMACY",
    address: ["3 Quay Street", "Galway H91 X2C4", "Tel 091 562 118"],
    currency: "EUR",
    money: (c) => `€${en(c)}`,
    when: (d, h, m) =>
      `${monthName("en", d.m).slice(0, 3)} ${d.d}, ${d.y} ${h > 12 ? h - 12 : h}:${two(m)} ${h >= 12 ? "PM" : "AM"}`,
    goods: [
      "Paracetamol 500mg",
      "Plasters x20",
      "Vitamin D3",
      "Hand sanitiser",
      "Throat lozenges",
      "Sun cream SPF50",
      "Lip balm",
      "Tissues",
    ],
    totalLabel: "TOTAL",
    after: (t, money) => [`CONTACTLESS  ${money(t)}`],
    footer: "Please retain receipt",
  },
  {
    language: "en",
    shop: "MAJU JAYA HARDWARE SDN BHD",
    registration: ["(Co. No. 654321-K)", "GST ID No: 001234567890"],
    address: ["LOT 23, JALAN PERUSAHAAN 2", "68100 BATU CAVES, SELANGOR", "TEL: 03-6187 4420"],
    heading: "TAX INVOICE",
    currency: "MYR",
    money: (c) => en(c),
    when: (d, h, m) =>
      `Date: ${two(d.d)}/${two(d.m)}/${d.y}  ${two(h)}:${two(m)}:${two((h * m) % 60)}`,
    goods: [
      'PVC PIPE 1/2" 10FT',
      'CABLE TIE 8" 100PCS',
      "WD-40 333ML",
      "SCREW 8X1 BOX",
      "MASKING TAPE 24MM",
      "SANDPAPER P120",
      'PAINT BRUSH 2"',
      "SILICONE SEALANT",
    ],
    totals: gstTotals({
      net: "Total Sales (Excluding GST)",
      tax: "GST @6%",
      gross: "Total (Inclusive of GST)",
      rounding: "Rounding Adjustment",
    }),
    totalLabel: "TOTAL AMOUNT PAYABLE",
    after: (t, money) => [
      `CASH  ${money(Math.ceil(t / 1000) * 1000)}`,
      `CHANGE  ${money(Math.ceil(t / 1000) * 1000 - t)}`,
    ],
    footer: "GOODS SOLD ARE NOT RETURNABLE. THANK YOU",
  },
  {
    language: "en",
    shop: "RESTORAN SELERA KAMPUNG",
    registration: ["(JM0712345-T)", "GST REG NO: 000987654321"],
    address: ["NO 5, JALAN MERDEKA", "75000 MELAKA"],
    heading: "SIMPLIFIED TAX INVOICE",
    currency: "MYR",
    money: (c) => `RM${en(c)}`,
    when: (d, h, m) => `${two(d.d)}/${two(d.m)}/${String(d.y).slice(2)} ${two(h)}:${two(m)}`,
    goods: [
      "NASI LEMAK AYAM",
      "TEH TARIK",
      "MEE GORENG MAMAK",
      "ROTI CANAI",
      "KOPI O AIS",
      "NASI GORENG KAMPUNG",
      "AIR SIRAP",
      "CHAR KUEY TEOW",
    ],
    totals: gstTotals({
      net: "SUBTOTAL",
      tax: "SR 6% GST",
      gross: "TOTAL INCL. GST",
      rounding: "ROUNDING ADJ",
    }),
    totalLabel: "NETT TOTAL",
    after: (t, money) => [
      `CASH  ${money(Math.ceil(t / 5000) * 5000)}`,
      `CHANGE  ${money(Math.ceil(t / 5000) * 5000 - t)}`,
    ],
    footer: "THANK YOU. PLEASE COME AGAIN",
  },
];

/** A till receipt: shop name on top, a date in the till's own form, items, the total under its label. */
export function receipt(till: Till, random: Random): { html: string; truth: InvoiceTruth } {
  const date = someDate(random);
  const hour = int(random, 7, 20);
  const minute = int(random, 0, 59);
  const chosen = items(random, till.goods, int(random, 3, 6), { low: 0.6, high: 12 }).map((i) => {
    const quantity = random() < 0.75 ? 1 : int(random, 2, 3);
    return { ...i, quantity, amount: quantity * i.unit };
  });
  const totals = till.totals?.(sum(chosen.map((i) => i.amount)), till.money);
  const total = totals?.total ?? sum(chosen.map((i) => i.amount));
  const font = pick(random, [...MONO, ...NARROW]);
  const dateOnTop = random() < 0.6;
  const row = (left: string, right: string, cls = "") =>
    `<div class="row ${cls}"><span>${esc(left)}</span><span>${esc(right)}</span></div>`;
  const when = `<div>${esc(till.when(date, hour, minute))}</div>`;
  const split = (line: string) => {
    const [left = "", right = ""] = line.split("  ");
    return row(left, right);
  };
  const body = `
    <div class="shop">${esc(till.shop)}</div>
    ${till.registration ? `<div class="c">${lines(till.registration)}</div>` : ""}
    <div class="c">${lines(till.address)}</div>
    ${till.heading ? `<div class="c heading">${esc(till.heading)}</div>` : ""}
    ${dateOnTop ? when : ""}
    <div class="rule"></div>
    ${chosen
      .map((i) =>
        i.quantity > 1
          ? `<div>${esc(i.description)}</div>${row(`  ${i.quantity} x ${till.money(i.unit)}`, till.money(i.amount))}`
          : row(i.description, till.money(i.amount)),
      )
      .join("")}
    <div class="rule"></div>
    ${totals ? totals.lines.map(split).join("") : ""}
    ${row(till.totalLabel, till.money(total), "total")}
    ${till.after(total, till.money).map(split).join("")}
    ${dateOnTop ? "" : when}
    <div class="c foot">${esc(till.footer)}</div>`;
  const css = `
    .shop { text-align: center; font-weight: bold; font-size: 1.5em; margin-bottom: 1mm }
    .c { text-align: center }
    .row { display: flex; justify-content: space-between; gap: 3mm }
    .row.total { font-weight: bold; font-size: 1.2em; margin: 1mm 0 2mm }
    .rule { border-top: 1px dashed #333; margin: 2mm 0 }
    .foot { margin-top: 4mm }
    .heading { font-weight: bold; margin-top: 1mm }`;
  return {
    html: strip(body, {
      font,
      size: font === "Nimbus Sans Narrow" ? 10 : 9,
      css,
    }),
    truth: {
      document_type: "receipt",
      language_hints: [till.language],
      fields: { supplier_name: till.shop, invoice_date: iso(date), total: total / 100 },
      line_items: [],
    },
  };
}
