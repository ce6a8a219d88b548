// Till receipts for the rendered set: narrow slips in monospaced or condensed
// faces, the shop's name on top, a date in the till's own form, the total
// under "TOTAL", "AMOUNT DUE", "JUMLAH", "Summe"... A receipt's truth has the
// three fields a receipt is judged on (shop, date, total) and says it is one.
// A Malaysian shop's name, registration numbers and address are composed from
// word lists on a stream of their own (see `malaysian` below): each a kind of
// shop, none a copy of one.
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
import { int, pick, type Random, shuffled } from "./random";

const lines = (list: readonly string[]) => list.map(esc).join("<br>");

/** Who the slip is from, as it prints it under its name. */
interface Shop {
  shop: string;
  address: string[];
  /** Lines under the shop's name (company number, tax registration), above its address. */
  registration?: string[];
  /** Lines under the heading (the till's document number, the cashier). */
  info?: string[];
}

interface Layout {
  language: string;
  currency: string;
  money: (cents: number) => string;
  /** The date and time as the till prints them. */
  when: (d: SimpleDate, hour: number, minute: number) => string;
  goods: string[];
  totalLabel: string;
  /** Lines under the total (tax, payment), given the total. */
  after: (total: number, money: (cents: number) => string) => string[];
  footer: string;
  /** A heading under the address ("TAX INVOICE"). */
  heading?: string;
  /** The shop's name in the body's print, bold, as many tills print it. */
  plainName?: boolean;
  /**
   * Lines between the items and the total (subtotal, tax, rounding), and the
   * total they come to, given the items' sum; without it the total is the sum.
   */
  totals?: (sum: number, money: (cents: number) => string) => { lines: string[]; total: number };
}

/** A till: its layout and a shop written out, or one composed from the stream it is given. */
type Till = Layout & (Shop | { made: (random: Random) => Shop });

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

// ------------------------------------------------ Malaysian shops, composed

/** Malay words shops are named with. */
const MALAY_WORDS =
  "AMAN BAHAGIA BERKAT BINTANG BUDI CAHAYA DAMAI HARAPAN INDAH JAYA MAJU MEGAH MURNI MUTIARA PERMAI SEJATI SENTOSA SETIA SINAR SRI SURIA TIMUR".split(
    " ",
  );
/** Syllables of romanised Chinese names ("… HENG", "KIM …"). */
const SYLLABLES =
  "AH CHEONG CHOON FATT HENG HIN HOCK HONG KEAT KIM KWONG LIAN LOONG MING SENG TAT TECK WAH WENG YIK".split(
    " ",
  );
/** Flowers, birds and stones that name streets and housing estates. */
const PLACE_WORDS =
  "ANGGERIK CEMPAKA DAHLIA DELIMA KEMBOJA KENANGA KENARI MAWAR MELATI MERBAH MERPATI NILAM NURI SERUNI TERATAI ZAMRUD".split(
    " ",
  );
/** Towns and the states they are in. */
const TOWNS: [town: string, state: string][] = [
  ["BATU PAHAT", "JOHOR"],
  ["KULAI", "JOHOR"],
  ["MUAR", "JOHOR"],
  ["SEGAMAT", "JOHOR"],
  ["KLANG", "SELANGOR"],
  ["RAWANG", "SELANGOR"],
  ["SEMENYIH", "SELANGOR"],
  ["IPOH", "PERAK"],
  ["TAIPING", "PERAK"],
  ["KUANTAN", "PAHANG"],
  ["ALOR SETAR", "KEDAH"],
  ["KOTA BHARU", "KELANTAN"],
  ["NILAI", "NEGERI SEMBILAN"],
];
const CASHIERS = ["AINA", "FAIZAL", "MEI LING", "PRIYA", "SITI", "WEI JIE", "HAZIQ", "KAVITHA"];

const digits = (random: Random, n: number) =>
  Array.from({ length: n }, () => String(int(random, 0, 9))).join("");
const letter = (random: Random) => String.fromCharCode(65 + int(random, 0, 25));
/** Two different words of a list. */
const pair = (random: Random, list: readonly string[]) => {
  const [a = "", b = ""] = shuffled(random, list);
  return `${a} ${b}`;
};
/**
 * A name `make` composes (with what else it composed along with it), of a
 * length in `[min, max]` characters: the length the layout was drawn for, so
 * that a name wraps in large print where the layout says it does (or does
 * not), whatever words it is made of.
 */
function ofLength<T extends readonly [string, ...unknown[]]>(
  random: Random,
  [min, max]: [number, number],
  make: (random: Random) => T,
): T {
  for (let i = 0; i < 500; i++) {
    const made = make(random);
    if (made[0].length >= min && made[0].length <= max) return made;
  }
  throw new Error(`no name of ${min}-${max} characters`);
}
/** A company's number, old style ("(123456-A)"). */
const companyNumber = (random: Random) => `${int(random, 100000, 999999)}-${letter(random)}`;
/** A business's registration ("JM0123456-X"). */
const businessNumber = (random: Random) =>
  `${pick(random, ["JM", "SA", "PG", "KT", "NS"])}0${digits(random, 6)}-${letter(random)}`;
/** A GST registration: twelve digits. */
const gstNumber = (random: Random) => `00${digits(random, 10)}`;
const phone = (random: Random) =>
  `0${int(random, 3, 9)}-${int(random, 1000, 9999)} ${int(random, 1000, 9999)}`;
const postcode = (random: Random) => String(int(random, 10000, 98999));
/** A town, its postcode before it, its state after it when `state`. */
const townLine = (random: Random, state = true) => {
  const [town, name] = pick(random, TOWNS);
  return `${postcode(random)} ${town}${state ? `, ${name}` : ""}`;
};
/** A street with a section number ("JALAN MELATI 3/2"). */
const street = (random: Random, word = pick(random, PLACE_WORDS)) =>
  `JALAN ${word} ${int(random, 1, 12)}/${int(random, 1, 9)}`;

/** The Malaysian shops' names, registrations and addresses, by the kind of slip. */
const malaysian = {
  grocer: (random: Random): Shop => ({
    // Short enough for one line.
    shop: ofLength(random, [18, 23], (r) => [`KEDAI RUNCIT ${pair(r, MALAY_WORDS)}`])[0],
    address: [
      `NO. ${int(random, 1, 99)}, JALAN ${pick(random, PLACE_WORDS)}`,
      townLine(random),
      `TEL: ${phone(random)}`,
    ],
  }),
  /** Its name in large print too long for the slip: it wraps. */
  hardware: (random: Random): Shop => ({
    shop: ofLength(random, [26, 26], (r) => [`${pair(r, MALAY_WORDS)} HARDWARE SDN BHD`])[0],
    registration: [`(Co. No. ${companyNumber(random)})`, `GST ID No: ${gstNumber(random)}`],
    address: [
      `LOT ${int(random, 2, 60)}, JALAN PERUSAHAAN ${int(random, 1, 9)}`,
      townLine(random),
      `TEL: ${phone(random)}`,
    ],
  }),
  restaurant: (random: Random): Shop => ({
    shop: `RESTORAN ${pair(random, MALAY_WORDS)}`,
    registration: [`(${businessNumber(random)})`, `GST REG NO: ${gstNumber(random)}`],
    address: [
      `NO ${int(random, 1, 99)}, JALAN ${pick(random, PLACE_WORDS)}`,
      townLine(random, false),
    ],
  }),
  /** Its housing estate in brackets in its name, and opening its address; the name wraps. */
  stationer: (random: Random): Shop => {
    const [shop, estate] = ofLength(random, [32, 32], (r) => {
      const estate = pick(r, PLACE_WORDS);
      return [`${pair(r, MALAY_WORDS)} (TAMAN ${estate}) SDN BHD`, estate] as const;
    });
    const [town, state] = pick(random, TOWNS);
    const lot = int(random, 1, 40);
    return {
      shop,
      registration: [`(${companyNumber(random)})`],
      address: [
        `NO. ${lot} & ${lot + 2}, ${street(random, estate)},`,
        `TAMAN ${estate},`,
        `${postcode(random)} ${town},`,
        `${state}.`,
      ],
      info: [
        `DOCUMENT NO : T${estate[0]}0${digits(random, 7)}`,
        `CASHIER: ${pick(random, CASHIERS)}`,
      ],
    };
  },
  /** A name that wraps without a legal form. */
  chickenRice: (random: Random): Shop => ({
    shop: ofLength(random, [32, 32], (r) => [`${pair(r, SYLLABLES)} CHICKEN RICE RESTAURANT`])[0],
    registration: [`(${businessNumber(random)})`, `GST ID : ${gstNumber(random)}`],
    address: [
      `${int(random, 1, 60)}, ${street(random)}, KAWASAN PERINDUSTRIAN ${pick(random, PLACE_WORDS)},`,
      townLine(random),
    ],
    info: [
      `INVOICE # : OR${digits(random, 10)}`,
      `TABLE ${int(random, 1, 20)}  PAX ${int(random, 1, 6)}`,
    ],
  }),
  pharmacy: (random: Random): Shop => ({
    shop: `FARMASI ${pair(random, MALAY_WORDS)}`,
    registration: [`(${businessNumber(random)})`],
    address: [
      `G-${two(int(random, 1, 20))}, ${street(random)}, BANDAR ${pick(random, PLACE_WORDS)},`,
      townLine(random, false),
    ],
  }),
  /** Its name in the body's print. */
  sundries: (random: Random): Shop => ({
    shop: `KEDAI UBAT & RUNCIT ${pair(random, SYLLABLES)}`,
    registration: [`(${businessNumber(random)})`],
    address: [
      `NO ${int(random, 1, 99)}, JALAN ${pick(random, PLACE_WORDS)},`,
      `${townLine(random)}.`,
      `TEL: ${phone(random)}`,
    ],
  }),
  /** Short words in the name's large print: a title before it, "(M)" after it. */
  homeware: (random: Random): Shop => {
    const lot = int(random, 100, 2999);
    return {
      shop: `${pick(random, ["DR.", "MS."])} ${pick(random, ["HOMEWARE", "KITCHENS", "LIGHTING", "PLUMBING"])} (M) SDN BHD`,
      registration: [`(CO. REG : ${companyNumber(random)})`],
      address: [
        `LOT ${lot}-A & ${lot}-B, JALAN ${pick(random, PLACE_WORDS)} ${int(random, 1, 9)},`,
        `KAWASAN PERINDUSTRIAN ${pick(random, PLACE_WORDS)},`,
        townLine(random),
      ],
      info: [`SLIP NO.: ${int(random, 1, 9)}${digits(random, 9)}`, `TRANS: ${digits(random, 6)}`],
    };
  },
  /** Its name in the body's print. */
  minimarket: (random: Random): Shop => {
    const area = `BANDAR ${pick(random, PLACE_WORDS)}`;
    return {
      shop: `${pick(random, MALAY_WORDS)}-MART ${area}`,
      registration: [`GST ID: ${gstNumber(random)}`],
      address: [`NO. ${int(random, 1, 99)}, ${street(random)}, ${area},`, townLine(random, false)],
    };
  },
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
    made: malaysian.grocer,
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
    made: malaysian.hardware,
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
    made: malaysian.restaurant,
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
    made: malaysian.stationer,
    heading: "CASH BILL",
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
    footer: "NO REFUND OR EXCHANGE OF GOODS SOLD. THANK YOU, PLEASE COME AGAIN!",
  },
  {
    language: "en",
    made: malaysian.chickenRice,
    heading: "TAX INVOICE",
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
    made: malaysian.pharmacy,
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
    made: malaysian.sundries,
    plainName: true,
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
    made: malaysian.homeware,
    heading: "TAX INVOICE",
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
    footer: "GOODS MAY BE EXCHANGED WITHIN 7 DAYS WITH THIS SLIP",
  },
  {
    language: "en",
    made: malaysian.minimarket,
    plainName: true,
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

/**
 * A till receipt: shop name on top, a date in the till's own form, items, the
 * total under its label. A shop the till composes comes from `names`, a stream
 * of its own, so that the rest of the slip is drawn alike whatever it is called.
 */
export function receipt(
  till: Till,
  random: Random,
  names: Random,
): { html: string; truth: InvoiceTruth } {
  const shop = "made" in till ? till.made(names) : till;
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
    <div class="shop${till.plainName ? " plain" : ""}">${esc(shop.shop)}</div>
    ${shop.registration ? `<div class="c">${lines(shop.registration)}</div>` : ""}
    <div class="c">${lines(shop.address)}</div>
    ${till.heading ? `<div class="c heading">${esc(till.heading)}</div>` : ""}
    ${shop.info ? `<div>${lines(shop.info)}</div>` : ""}
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
      fields: { supplier_name: shop.shop, invoice_date: iso(date), total: total / 100 },
      line_items: [],
    },
  };
}
