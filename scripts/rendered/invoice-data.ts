// What the rendered invoices and receipts are made of: firms of eight
// countries, goods in their languages, amounts and dates printed the way each
// country prints them, and the truth every document is judged against (the
// shape of fixtures/calibration/invoices/*.json).
import { between, int, pick, type Random, shuffled } from "./random";

export interface SimpleDate {
  y: number;
  m: number;
  d: number;
}

export interface InvoiceTruth {
  document_type: "invoice" | "receipt";
  /** The document's language, sent as `language_hints` (ISO 639-1). */
  language_hints: string[];
  fields: Record<string, string | number>;
  line_items: { description: string; quantity: number; unit_price: number; amount: number }[];
}

export interface Item {
  description: string;
  quantity: number;
  /** Cents. */
  unit: number;
  /** Cents. */
  amount: number;
}

export interface Firm {
  name: string;
  /** Street and town, as printed one under the other. */
  lines: string[];
}

export const two = (n: number): string => String(n).padStart(2, "0");
export const iso = (d: SimpleDate): string => `${d.y}-${two(d.m)}-${two(d.d)}`;

export function someDate(random: Random): SimpleDate {
  return { y: int(random, 2018, 2025), m: int(random, 1, 12), d: int(random, 1, 28) };
}

export function addDays(d: SimpleDate, days: number): SimpleDate {
  const t = new Date(Date.UTC(d.y, d.m - 1, d.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** Cents with `thousands` between groups of three and `decimal` before the cents. */
export function grouped(cents: number, thousands: string, decimal: string): string {
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, thousands);
  return `${cents < 0 ? "-" : ""}${whole}${decimal}${two(abs % 100)}`;
}

/** 1,234.50 */
export const en = (cents: number): string => grouped(cents, ",", ".");
/** 1.234,50 */
export const de = (cents: number): string => grouped(cents, ".", ",");
/** 2'146.87 */
export const ch = (cents: number): string => grouped(cents, "'", ".");
/** 1 234,50 with a narrow no-break space, as French software prints it. */
export const frNarrow = (cents: number): string => grouped(cents, "\u202f", ",");
/** 1 234,50 with a no-break space. */
export const frSpace = (cents: number): string => grouped(cents, "\u00a0", ",");

/** A quantity as printed: whole numbers bare, hours with their fraction. */
export const quantity = (q: number, decimal = "."): string =>
  Number.isInteger(q) ? String(q) : String(q).replace(".", decimal);

export const MONTHS = {
  en: "January February March April May June July August September October November December".split(
    " ",
  ),
  de: "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(
    " ",
  ),
  fr: "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(
    " ",
  ),
  nl: "januari februari maart april mei juni juli augustus september oktober november december".split(
    " ",
  ),
  it: "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre".split(
    " ",
  ),
  es: "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(
    " ",
  ),
};
export const monthName = (language: keyof typeof MONTHS, m: number): string =>
  MONTHS[language][m - 1] ?? "";

export const FIRMS: Record<string, Firm[]> = {
  de: [
    { name: "Schneider Haustechnik GmbH", lines: ["Bahnhofstraße 17", "70173 Stuttgart"] },
    { name: "Lindqvist Möbelhandel GmbH", lines: ["Am Mühlbach 4", "90402 Nürnberg"] },
    { name: "Elektro Brückner OHG", lines: ["Königsallee 58", "40212 Düsseldorf"] },
    { name: "Hoffmann & Partner Steuerberatung", lines: ["Friedrichstraße 112", "01067 Dresden"] },
    { name: "Bäckerei Wörner e.K.", lines: ["Marktplatz 9", "79098 Freiburg"] },
  ],
  at: [
    { name: "Gruber Handels GmbH", lines: ["Mariahilfer Straße 88", "1070 Wien"] },
    {
      name: "Alpenblick Hotelbetriebs GmbH",
      lines: ["Maria-Theresien-Straße 21", "6020 Innsbruck"],
    },
  ],
  ch: [
    { name: "Alpen Druck AG", lines: ["Bahnhofplatz 3", "3011 Bern"] },
    { name: "Bergmann Informatik GmbH", lines: ["Seestrasse 41", "8002 Zürich"] },
    { name: "Käserei Zurbriggen AG", lines: ["Dorfstrasse 12", "3920 Zermatt"] },
    { name: "Weber Treuhand AG", lines: ["Aeschenvorstadt 55", "4051 Basel"] },
  ],
  fr: [
    { name: "Menuiserie Dubois SARL", lines: ["27 boulevard Victor Hugo", "06000 Nice"] },
    { name: "Café des Arts SAS", lines: ["5 rue Sainte-Catherine", "33000 Bordeaux"] },
    { name: "Transports Lefèvre & Fils", lines: ["41 quai de la Fosse", "44000 Nantes"] },
    { name: "Cabinet Rousseau Conseil", lines: ["18 rue de la République", "69002 Lyon"] },
  ],
  us: [
    { name: "Bluewater Logistics Inc.", lines: ["2210 Lakeshore Drive", "Chicago, IL 60614"] },
    { name: "Pinecrest Dental Group", lines: ["815 Peachtree Street", "Atlanta, GA 30308"] },
    { name: "Summit Audio Visual LLC", lines: ["47 Beacon Street", "Boston, MA 02108"] },
    { name: "Redwood Analytics Corp.", lines: ["1600 Mission Street", "San Francisco, CA 94103"] },
  ],
  gb: [
    { name: "Thornbury Garden Centre Ltd", lines: ["Unit 4, Riverside Park", "Reading RG1 8DB"] },
    { name: "Ashdown Electrical Services", lines: ["19 Castle Street", "Edinburgh EH2 3AH"] },
    { name: "Marlow & Finch Solicitors LLP", lines: ["3 Queen Square", "Bath BA1 2HA"] },
    { name: "The Old Mill Kitchen", lines: ["22 Bridge Street", "Hexham NE46 1QD"] },
  ],
  au: [
    {
      name: "Coastline Surf Supplies Pty Ltd",
      lines: ["14 Marine Parade", "Coolangatta QLD 4225"],
    },
    { name: "Wattle Creek Vineyards", lines: ["230 Main Road", "McLaren Vale SA 5171"] },
    { name: "Harbourview Physiotherapy", lines: ["Level 2, 88 George Street", "Sydney NSW 2000"] },
  ],
  nl: [
    { name: "Bouwbedrijf Jansen B.V.", lines: ["Oudegracht 145", "3511 AL Utrecht"] },
    { name: "Drukkerij Visser", lines: ["Stationsplein 9", "2011 LR Haarlem"] },
    { name: "De Vries Installatietechniek", lines: ["Vismarkt 22", "9711 KT Groningen"] },
  ],
  it: [
    { name: "Tipografia Ferrari S.r.l.", lines: ["Via Garibaldi 18", "10122 Torino"] },
    { name: "Ristorante Da Marco S.n.c.", lines: ["Corso Buenos Aires 54", "20124 Milano"] },
    { name: "Studio Bianchi & Associati", lines: ["Piazza Maggiore 6", "40124 Bologna"] },
  ],
  pt: [
    { name: "Construções Almeida, Lda.", lines: ["Rua Augusta 120", "1100-053 Lisboa"] },
    { name: "Papelaria Central, Lda.", lines: ["Avenida dos Aliados 45", "4000-065 Porto"] },
    { name: "Silva & Costa Consultores", lines: ["Rua Ferreira Borges 9", "3000-180 Coimbra"] },
  ],
  es: [
    { name: "Carpintería Navarro S.L.", lines: ["Calle Colón 14", "46004 Valencia"] },
    { name: "Distribuciones Ortega S.A.", lines: ["Paseo de Gracia 61", "08007 Barcelona"] },
    { name: "Clínica Dental Serrano", lines: ["Gran Vía 32", "48009 Bilbao"] },
  ],
};

/** Two different firms of a country: the supplier and the customer. */
export function parties(random: Random, country: string, customerCountry = country): [Firm, Firm] {
  const [supplier] = shuffled(random, FIRMS[country] ?? []);
  const customers = (FIRMS[customerCountry] ?? []).filter((f) => f.name !== supplier?.name);
  const customer = pick(random, customers);
  if (!supplier) throw new Error(`no firms of ${country}`);
  return [supplier, customer];
}

export const GOODS: Record<string, string[]> = {
  en: [
    "Annual boiler service",
    "Copper pipe 15 mm, 5 m",
    "Thermostatic radiator valve",
    "Wireless keyboard and mouse",
    "Ergonomic office chair",
    "Installation and setup",
    "Ethernet cable Cat 6, 10 m",
    "LED desk lamp",
    "Printer toner, cyan",
    "Conference room hire",
    "Whiteboard 120 x 90 cm",
    "Filing cabinet, 4 drawers",
  ],
  services: [
    "Requirements workshop",
    "Backend development",
    "Code review and testing",
    "Project management",
    "Deployment support",
    "UX design",
    "Data migration",
    "On-site training",
  ],
  de: [
    "Wartung Heizungsanlage",
    "Kupferrohr 15 mm, 5 m",
    "Thermostatventil",
    "Druckerpapier A4, 500 Blatt",
    "Bürostuhl ergonomisch",
    "Montage und Einrichtung",
    "Netzwerkkabel Cat. 6, 10 m",
    "Schreibtischleuchte LED",
    "Aktenschrank, 4 Schübe",
    "Tonerkartusche schwarz",
  ],
  fr: [
    "Entretien chaudière",
    "Tube cuivre 15 mm, 5 m",
    "Robinet thermostatique",
    "Ramette papier A4",
    "Fauteuil de bureau",
    "Installation et paramétrage",
    "Câble réseau Cat. 6, 10 m",
    "Lampe de bureau LED",
    "Armoire de rangement",
    "Cartouche de toner noir",
  ],
  nl: [
    "Onderhoud cv-ketel",
    "Koperen buis 15 mm, 5 m",
    "Thermostaatkraan",
    "Printpapier A4, 500 vel",
    "Bureaustoel",
    "Installatie en configuratie",
    "Netwerkkabel Cat 6, 10 m",
    "Bureaulamp LED",
  ],
  it: [
    "Manutenzione caldaia",
    "Tubo in rame 15 mm, 5 m",
    "Valvola termostatica",
    "Carta per fotocopie A4",
    "Sedia da ufficio",
    "Installazione e configurazione",
    "Cavo di rete Cat. 6, 10 m",
    "Lampada da scrivania LED",
  ],
  pt: [
    "Manutenção de caldeira",
    "Tubo de cobre 15 mm, 5 m",
    "Válvula termostática",
    "Papel de fotocópia A4",
    "Cadeira de escritório",
    "Instalação e configuração",
    "Cabo de rede Cat. 6, 10 m",
    "Candeeiro de secretária LED",
  ],
  es: [
    "Mantenimiento de caldera",
    "Tubo de cobre 15 mm, 5 m",
    "Válvula termostática",
    "Papel para fotocopiadora A4",
    "Silla de oficina",
    "Instalación y configuración",
    "Cable de red Cat. 6, 10 m",
    "Lámpara de escritorio LED",
  ],
};

/** `count` line items from the list, with quantities (halves of hours where `hours`) and prices in cents. */
export function items(
  random: Random,
  goods: readonly string[],
  count: number,
  options: { hours?: boolean; low?: number; high?: number } = {},
): Item[] {
  return shuffled(random, goods)
    .slice(0, count)
    .map((description) => {
      const quantity = options.hours
        ? int(random, 2, 40) / (random() < 0.5 ? 2 : 1)
        : int(random, 1, random() < 0.6 ? 6 : 30);
      const unit = Math.round(between(random, options.low ?? 4, options.high ?? 480) * 100);
      return { description, quantity, unit, amount: Math.round(quantity * unit) };
    });
}

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** A rate's share of an amount in cents, rounded to the cent. */
export const share = (cents: number, rate: number): number => Math.round((cents * rate) / 100);

/** The truth's line items, in currency units. */
export const truthItems = (list: readonly Item[]): InvoiceTruth["line_items"] =>
  list.map((i) => ({
    description: i.description,
    quantity: i.quantity,
    unit_price: i.unit / 100,
    amount: i.amount / 100,
  }));

const UNITS =
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(
    " ",
  );
const TENS = "  twenty thirty forty fifty sixty seventy eighty ninety".split(" ");

/** A whole number under a million in English words, as on a bill's "amount in words". */
export function inWords(n: number): string {
  if (n < 20) return UNITS[n] ?? "";
  if (n < 100) return `${TENS[Math.floor(n / 10)]}${n % 10 ? `-${UNITS[n % 10]}` : ""}`;
  if (n < 1000)
    return `${UNITS[Math.floor(n / 100)]} hundred${n % 100 ? ` and ${inWords(n % 100)}` : ""}`;
  return `${inWords(Math.floor(n / 1000))} thousand${n % 1000 ? `${n % 1000 < 100 ? " and" : ""} ${inWords(n % 1000)}` : ""}`;
}
