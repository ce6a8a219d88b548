// The words the calibration pages are made of, drawn with a seeded generator
// so every run of the generator writes the same pages.

/** mulberry32: small, fast, and the same sequence on every machine. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const ENGLISH = [
  "The committee met on Tuesday to review the budget for the coming year.",
  "Shipping costs rose by twelve percent after the new contract took effect.",
  "Please return the signed copy of this agreement before the end of March.",
  "Our warehouse in Leeds will be closed for inventory from 3 to 5 June.",
  "The survey covered 1,250 households in four districts of the city.",
  "Delivery times depend on the weight of the parcel and its destination.",
  "A second inspection found no defects in the roof or the drainage system.",
  "Members may bring one guest to the annual dinner at no extra charge.",
  "The library extends its opening hours during the examination period.",
  "Prices include value added tax at the standard rate unless stated otherwise.",
  "The new software release fixes several problems reported by our customers.",
  "Interest is charged monthly on any balance that remains unpaid after 30 days.",
  "Visitors must sign in at the front desk and wear their badge at all times.",
  "The river rose quickly after two days of heavy rain in the northern hills.",
  "Each application is reviewed by two members of the selection panel.",
  "Our records show that the meter was last read on 14 November 2025.",
  "The museum will open a new gallery of early photography next spring.",
  "Keep this receipt as proof of purchase for the duration of the warranty.",
  "Trains between Oxford and Reading run every twenty minutes on weekdays.",
  "The report recommends replacing the heating system within five years.",
  "Farmers in the valley expect a smaller harvest because of the dry summer.",
  "All staff are asked to complete the safety training by the end of the month.",
  "The bridge will carry two lanes of traffic and a path for cyclists.",
  "Questions about your account can be sent to our office by post or email.",
];

const GERMAN = [
  "Sehr geehrte Damen und Herren, vielen Dank für Ihre Anfrage vom 12. März.",
  "Die Lieferung erfolgt voraussichtlich in der übernächsten Woche.",
  "Bitte überweisen Sie den Betrag innerhalb von vierzehn Tagen.",
  "Für Rückfragen stehen wir Ihnen jederzeit gerne zur Verfügung.",
  "Die Größe des Grundstücks beträgt ungefähr achthundert Quadratmeter.",
  "Wir möchten Sie herzlich zu unserem Frühlingsfest im Schlossgarten einladen.",
  "Die Prüfung der Unterlagen hat leider länger gedauert als erwartet.",
  "Öffnungszeiten: montags bis freitags von acht bis achtzehn Uhr.",
  "Der Straßenbelag wird im Sommer zwischen Köln und Düsseldorf erneuert.",
  "Über die Änderungen im Vertrag informieren wir Sie gesondert.",
  "Die Gebühren für das Jahr 2026 bleiben gegenüber dem Vorjahr unverändert.",
  "Bei Fragen zur Rechnung wenden Sie sich bitte an unsere Buchhaltung.",
  "Das Müllfahrzeug kommt künftig jeden zweiten Donnerstag.",
  "Wir bestätigen den Eingang Ihrer Bestellung und danken für Ihr Vertrauen.",
  "Die Hausverwaltung weist darauf hin, dass die Heizung geprüft wird.",
  "Mit freundlichen Grüßen aus München, Ihre Schäfer & Söhne GmbH",
];

const ITEMS = [
  "Printer paper A4",
  "Blue ballpoint pens",
  "Stapler",
  "Desk lamp",
  "USB cable 2 m",
  "Notebook, ruled",
  "Whiteboard markers",
  "Paper clips",
  "Envelopes C5",
  "Coffee beans 1 kg",
  "Oat milk",
  "Croissant",
  "Orange juice",
  "Sparkling water",
  "Green tea",
  "Chocolate bar",
];

/** `count` sentences of the language, in a seeded order, without repeats until the list runs out. */
export function sentences(random: Random, language: "en" | "de", count: number): string[] {
  const pool = language === "de" ? GERMAN : ENGLISH;
  const out: string[] = [];
  while (out.length < count) out.push(...shuffled(random, pool));
  return out.slice(0, count);
}

export function items(random: Random, count: number): string[] {
  return shuffled(random, ITEMS).slice(0, count);
}

/** A price with two decimals between `min` and `max`. */
export function price(random: Random, min: number, max: number): number {
  return Math.round((min + random() * (max - min)) * 100) / 100;
}
