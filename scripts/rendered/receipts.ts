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
  /** Lines under the heading (the till's document number, the cashier). */
  info?: string[];
  /** The shop's name in the body's print, bold, as many tills print it. */
  plainName?: boolean;
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

/** A subtotal, then the cash rounding to the nearest 5 sen and the total it comes to. */
function roundedTotals(label: { net: string; rounding: string }) {
  return (sum: number, money: (cents: number) => string) => {
    const total = Math.round(sum / 5) * 5;
    const rounding = total - sum;
    return {
      lines: [
        `${label.net}  ${money(sum)}`,
        `${label.rounding}  ${rounding < 0 ? "-" : ""}${money(Math.abs(rounding))}`,
      ],
      total,
    };
  };
}

/** A subtotal and a sales tax on it, in `percent`. */
function salesTax(label: { net: string; tax: string }, percent: number) {
  return (sum: number, money: (cents: number) => string) => {
    const tax = Math.round((sum * percent) / 100);
    return {
      lines: [`${label.net}  ${money(sum)}`, `${label.tax}  ${money(tax)}`],
      total: sum + tax,
    };
  };
}

const hour12 = (h: number, m: number, s?: number) =>
  `${h > 12 ? h - 12 : h}:${two(m)}${s === undefined ? "" : `:${two(s)}`} ${h >= 12 ? "PM" : "AM"}`;

/** What was tendered in notes of `note` cents, and the change. */
const cash =
  (label: { cash: string; change: string }, note: number) =>
  (t: number, money: (cents: number) => string) => {
    const given = Math.ceil(t / note) * note;
    return [`${label.cash}  ${money(given)}`, `${label.change}  ${money(given - t)}`];
  };

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
  {
    language: "en",
    shop: "SINAR ILMU (TAMAN MOLEK) SDN BHD",
    registration: ["(778812-P)"],
    address: ["NO. 21, 23 & 25, JALAN MOLEK 1/9,", "TAMAN MOLEK,", "81100 JOHOR BAHRU,", "JOHOR."],
    heading: "CASH BILL",
    info: ["DOCUMENT NO : TM01184032", "CASHIER: AINA"],
    currency: "MYR",
    money: (c) => en(c),
    when: (d, h, m) => `DATE: ${two(d.d)}/${two(d.m)}/${d.y} ${hour12(h, m, (h * 7 + m) % 60)}`,
    goods: [
      "A4 PAPER 80GSM 500S",
      "BALL PEN BLUE 0.7",
      "GLUE STICK 21G",
      "EXERCISE BOOK 80P",
      "CORRECTION TAPE",
      "COLOUR PENCIL 24C",
      "RULER 30CM",
      "PLASTIC FOLDER A4",
    ],
    totals: roundedTotals({ net: "TOTAL:", rounding: "ROUNDING ADJUSTMENT" }),
    totalLabel: "ROUNDED TOTAL (RM):",
    after: cash({ cash: "CASH", change: "CHANGE" }, 1000),
    footer: "GOODS SOLD ARE NOT RETURNABLE OR EXCHANGEABLE. THANK YOU, PLEASE COME AGAIN!",
  },
  {
    language: "en",
    shop: "WAH HENG CHICKEN RICE RESTAURANT",
    registration: ["(JM0612345-X)", "GST ID : 001122334455"],
    address: ["12, JALAN TAMPOI 7/4, KAWASAN PERINDUSTRIAN TAMPOI,", "81200 JOHOR BAHRU, JOHOR"],
    heading: "TAX INVOICE",
    info: ["INVOICE # : OR1805180217", "TABLE 7  PAX 2"],
    currency: "MYR",
    money: (c) => en(c),
    when: (d, h, m) => `${d.d} ${monthName("en", d.m).slice(0, 3)} ${d.y} ${two(h)}:${two(m)}`,
    goods: [
      "CHICKEN RICE (S)",
      "ROASTED PORK RICE",
      "ICED LEMON TEA",
      "BEAN SPROUTS",
      "HAINAN COFFEE",
      "SOUP OF THE DAY",
      "CHINESE TEA",
      "BRAISED EGG",
    ],
    totals: gstTotals({
      net: "Total Excl. GST",
      tax: "GST 6%",
      gross: "Total Incl. GST",
      rounding: "Rounding",
    }),
    totalLabel: "Total",
    after: (t, money) => [
      `CASH  ${money(Math.ceil(t / 5000) * 5000)}`,
      "GST Summary  Amount(RM)",
      `SR @ 6%  ${money(Math.round(t / 1.06))}`,
    ],
    footer: "THANK YOU, PLEASE COME AGAIN",
  },
  {
    language: "en",
    shop: "FARMASI SIHAT SEJAHTERA",
    registration: ["(SA0423871-M)"],
    address: ["G-08, JALAN PJU 8/3, DAMANSARA PERDANA,", "47820 PETALING JAYA"],
    currency: "MYR",
    money: (c) => `RM ${en(c)}`,
    when: (d, h, m) => `Date : ${d.y}-${two(d.m)}-${two(d.d)}  Time : ${two(h)}:${two(m)}`,
    goods: [
      "PANADOL ACTIVE 20S",
      "VITAMIN C 1000MG",
      "STREPSILS HONEY",
      "DETTOL HAND WASH",
      "FACE MASK 50S",
      "SALONPAS 10S",
      "EYEMO 7.5ML",
      "COTTON BUDS 200S",
    ],
    totalLabel: "GRAND TOTAL",
    after: cash({ cash: "PAYMENT (VISA)", change: "CHANGE" }, 1),
    footer: "Get well soon. Thank you.",
  },
  {
    language: "es",
    shop: "SUPERMERCADOS LA PLAZA S.L.",
    registration: ["C.I.F. B-83214567"],
    address: ["Calle Mayor 14", "28013 Madrid", "Tel. 915 32 44 10"],
    heading: "FACTURA SIMPLIFICADA",
    currency: "EUR",
    money: de,
    when: (d, h, m) => `${two(d.d)}/${two(d.m)}/${d.y} ${two(h)}:${two(m)}`,
    goods: [
      "LECHE ENTERA 1L",
      "PAN DE MOLDE",
      "ACEITE OLIVA 1L",
      "HUEVOS M DOCENA",
      "TOMATE RAMA KG",
      "QUESO MANCHEGO",
      "ARROZ REDONDO 1KG",
      "AGUA MINERAL 1,5L",
    ],
    totalLabel: "TOTAL A PAGAR (€)",
    after: (t, money) => [
      ...cash({ cash: "ENTREGADO", change: "CAMBIO" }, 500)(t, money),
      `IVA 10% INCLUIDO  ${money(Math.round(t / 11))}`,
    ],
    footer: "GRACIAS POR SU VISITA",
  },
  {
    language: "pt",
    shop: "Pastelaria Bela Vista, Lda.",
    registration: ["NIF 501234567"],
    address: ["Rua Augusta 120", "1100-053 Lisboa"],
    currency: "EUR",
    money: (c) => `${de(c)} €`,
    when: (d, h, m) => `${d.y}-${two(d.m)}-${two(d.d)} ${two(h)}:${two(m)}`,
    goods: [
      "Pastel de nata",
      "Galão",
      "Bica",
      "Torrada",
      "Sumo de laranja",
      "Croissant misto",
      "Bolo de arroz",
      "Água 0,5L",
    ],
    totalLabel: "TOTAL",
    after: (t, money) => [
      `Multibanco  ${money(t)}`,
      `IVA 23%  ${money(Math.round((t * 23) / 123))}`,
    ],
    footer: "Obrigado pela sua visita",
  },
  {
    language: "en",
    shop: "GREENLEAF FOODS LTD",
    address: ["21 High Street", "Harrogate HG1 1QR", "VAT REG 219 4410 32"],
    currency: "GBP",
    money: (c) => `£${en(c)}`,
    when: (d, h, m) => `${two(d.d)}/${two(d.m)}/${String(d.y).slice(2)}  ${two(h)}:${two(m)}`,
    goods: [
      "SEMI SKIMMED MILK",
      "FREE RANGE EGGS",
      "ORGANIC CARROTS",
      "WHOLEMEAL BREAD",
      "GREEK YOGURT",
      "RED LENTILS",
      "OAT BISCUITS",
      "TOMATO PASSATA",
    ],
    totalLabel: "BALANCE DUE",
    after: cash({ cash: "CASH", change: "CHANGE DUE" }, 500),
    footer: "THANK YOU FOR SHOPPING LOCALLY",
  },
  {
    language: "en",
    shop: "QUIKSTOP MARKET #4411",
    address: ["902 E Colfax Ave", "Denver, CO 80218"],
    currency: "USD",
    money: (c) => `$${en(c)}`,
    when: (d, h, m) => `${two(d.m)}-${two(d.d)}-${d.y} ${hour12(h, m)}`,
    goods: [
      "GATORADE 28OZ",
      "BEEF JERKY 3OZ",
      "TRAIL MIX",
      "SUNGLASSES",
      "ENERGY DRINK 16OZ",
      "CHIPS LG",
      "GUM SPEARMINT",
      "WATER 1L",
    ],
    totals: salesTax({ net: "SUBTOTAL", tax: "TAX 8.81%" }, 8.81),
    totalLabel: "TOTAL",
    after: (t, money) => [`DEBIT  ${money(t)}`, "CHANGE  $0.00"],
    footer: "HAVE A GREAT DAY",
  },
  {
    language: "en",
    shop: "KEDAI UBAT & RUNCIT HOCK SENG",
    plainName: true,
    registration: ["(JM0287766-D)"],
    address: ["NO 8, JALAN PASAR BARU,", "86000 KLUANG, JOHOR.", "TEL: 07-772 1234"],
    currency: "MYR",
    money: (c) => en(c),
    when: (d, h, m) => `TARIKH: ${two(d.d)}/${two(d.m)}/${d.y}  MASA: ${two(h)}:${two(m)}`,
    goods: [
      "MINYAK ANGIN CAP KAPAK",
      "KOPI TONGKAT ALI",
      "SABUN MANDI LIFEBUOY",
      "UBAT GIGI COLGATE",
      "MI SEDAP GORENG 5S",
      "TEH BOH 100S",
      "SUSU CAP JUNJUNG",
      "GARAM HALUS",
    ],
    totalLabel: "JUMLAH BESAR",
    after: cash({ cash: "TUNAI", change: "BAKI" }, 1000),
    footer: "TERIMA KASIH",
  },
  {
    language: "en",
    shop: "MR. HARDWARE (M) SDN BHD",
    registration: ["(CO. REG : 860671-D)"],
    address: [
      "LOT 1851-A & 1851-B, JALAN KPB 6,",
      "KAWASAN PERINDUSTRIAN BALAKONG,",
      "43300 SERI KEMBANGAN, SELANGOR",
    ],
    heading: "TAX INVOICE",
    info: ["SLIP NO.: 9010031923", "TRANS: 123456"],
    currency: "MYR",
    money: (c) => en(c),
    when: (d, h, m) => `${two(d.d)}-${two(d.m)}-${String(d.y).slice(2)} ${two(h)}:${two(m)}`,
    goods: [
      "STEEL WOOL 12PCS",
      "EXTENSION CORD 3M",
      "LED BULB 9W",
      "HOSE CONNECTOR",
      "SUPER GLUE 3G",
      "STORAGE BOX 20L",
      "DOOR STOPPER",
      "FLOOR MOP",
    ],
    totals: gstTotals({
      net: "Total Exclude GST",
      tax: "Total GST",
      gross: "Total Inclusive GST",
      rounding: "Rounding",
    }),
    totalLabel: "TOTAL RM",
    after: cash({ cash: "CASH", change: "CHANGE" }, 5000),
    footer: "EXCHANGE ALLOWED WITHIN 7 DAYS WITH RECEIPT",
  },
  {
    language: "en",
    shop: "ECO-MART BANDAR BARU",
    plainName: true,
    registration: ["GST ID: 000456789012"],
    address: ["NO. 3, JALAN BB 2/1, BANDAR BARU,", "70450 SEREMBAN"],
    currency: "MYR",
    money: (c) => en(c),
    when: (d, h, m) => `Date: ${two(d.d)}/${two(d.m)}/${d.y}  Time: ${hour12(h, m)}`,
    goods: [
      "DUTCH LADY UHT 1L",
      "GARDENIA WHOLEMEAL",
      "NESCAFE 3IN1 30S",
      "FARM FRESH YOGURT",
      "MAGGI KARI 5S",
      "100PLUS 1.5L",
      "JASMINE RICE 5KG",
      "DARLIE TOOTHPASTE",
    ],
    totalLabel: "Total Sales Inclusive GST @6%",
    after: (t, money) => [
      ...cash({ cash: "CASH", change: "CHANGE" }, 1000)(t, money),
      "GST Summary  Amount(RM)",
      `SR @ 6%  ${money(Math.round(t / 1.06))}`,
    ],
    footer: "THANK YOU. PLEASE COME AGAIN.",
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
    <div class="shop${till.plainName ? " plain" : ""}">${esc(till.shop)}</div>
    ${till.registration ? `<div class="c">${lines(till.registration)}</div>` : ""}
    <div class="c">${lines(till.address)}</div>
    ${till.heading ? `<div class="c heading">${esc(till.heading)}</div>` : ""}
    ${till.info ? `<div>${lines(till.info)}</div>` : ""}
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
    .shop.plain { font-size: 1em }
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
