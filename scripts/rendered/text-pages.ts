// The rendered set's text pages (fixtures/rendered/text/): HTML pages in the
// kinds and fonts the canvas generator never draws, each rendered by Chromium
// and then left clean, scanned, photographed or turned. Every page's truth is
// the text as a person reads it: letterhead, then the address block beside it,
// then the body; a newsletter column by column; a form and a table row by row.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pMap from "p-map";
import { PAPER, type Paper, type Renderer } from "./browser";
import { bindTiff, cleanPng, photograph, scan, turn } from "./degrade";
import { esc, type Font, face, MONO, SANS, SERIF, sheet } from "./html";
import { chance, int, pick, type Random, seeded, shuffled } from "./random";
import {
  AVISO_TITLES,
  avisoParagraph,
  type Language,
  letter,
  NEWS_HEADLINES,
  NEWSLETTER_TITLES,
  newsParagraph,
} from "./words";

export const TEXT_KINDS = [
  "letter-right-address",
  "newsletter-3col",
  "form",
  "banner",
  "phone-photo",
  "turned-90",
  "turned-180",
  "turned-270",
  "small-serif",
  "multi-page",
] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** One entry of manifest.json, as in fixtures/calibration/manifest.json. */
export interface TextPageEntry {
  file: string;
  kind: TextKind;
  languageHints: string[];
}

const PAGES_PER_KIND: Record<TextKind, number> = {
  "letter-right-address": 4,
  "newsletter-3col": 4,
  form: 4,
  banner: 4,
  "phone-photo": 4,
  "turned-90": 4,
  "turned-180": 4,
  "turned-270": 4,
  "small-serif": 4,
  "multi-page": 1,
};

/** A page written in HTML, before it is rendered. */
interface Written {
  html: string;
  paper: Paper;
  language: Language;
}

/** A template: `amount` (1 = the most) lets a page that overflows be written again with less on it. */
type Template = (random: Random, amount: number) => Written;

const colourOf = (random: Random) =>
  pick(random, ["#1d3557", "#7a1f2b", "#1f4d3a", "#3b3355", "#8a4b08"]);

// ---------------------------------------------------------------- letters

/** A business letter whose recipient's address is set to the right, in one of three layouts. */
function rightAddressLetter(language: Language, font?: Font): Template {
  return (random) => {
    const text = letter(random, language);
    const letterFont = font ?? pick(random, [...SANS, ...SERIF]);
    const paper: Paper = language === "en" && chance(random, 0.5) ? "Letter" : "A4";
    const colour = colourOf(random);
    const recipient = `<div class="to" data-read>${[
      text.recipient.name,
      text.recipient.person,
      ...text.recipient.lines,
    ]
      .filter((line) => line !== "")
      .map(esc)
      .join("<br>")}</div>`;
    const senderLines = [text.sender.name, ...text.sender.lines];
    const layout = int(random, 0, 2);
    let head: string;
    if (layout === 0) {
      // Letterhead on the left, the recipient under it on the right.
      head = `<div class="lh" data-read><div class="firm">${esc(text.sender.name)}</div>${text.sender.lines.map(esc).join("<br>")}</div>
        <div class="row">${recipient}</div>`;
    } else if (layout === 1) {
      // The firm's name as a heading on the left, the recipient beside it on the right.
      head = `<div class="row top"><div class="lh" data-read><div class="firm big">${esc(text.sender.name)}</div>${text.sender.lines.map(esc).join("<br>")}</div>${recipient}</div>`;
    } else {
      // A centred letterhead, then the sender's return line on the left and the recipient on the right.
      head = `<div class="centre" data-read><div class="firm big">${esc(text.sender.name)}</div></div>
        <div class="row top"><div class="from" data-read>${senderLines.slice(1).map(esc).join("<br>")}</div>${recipient}</div>`;
    }
    const body = `${head}
      <div class="date" data-read>${esc(text.date)}</div>
      <div class="ref" data-read>${esc(text.reference)}</div>
      <div class="subject" data-read>${esc(text.subject)}</div>
      <div data-read><p>${esc(text.salutation)}</p>${text.paragraphs.map((p) => `<p>${esc(p)}</p>`).join("")}</div>
      <div class="closing" data-read><p>${esc(text.closing)}</p><p class="sign">${esc(text.signer)}<br>${esc(text.role)}</p></div>`;
    const css = `
      .firm { font-size: 1.35em; font-weight: bold; color: ${colour} }
      .firm.big { font-size: 1.8em; letter-spacing: 0.02em }
      .lh { font-size: 0.92em; line-height: 1.35 }
      .centre { text-align: center; margin-bottom: 8mm }
      .row { display: flex; justify-content: flex-end; margin: 10mm 0 8mm }
      .row.top { justify-content: space-between; align-items: flex-start; margin-top: 0 }
      .from { font-size: 0.9em; color: #333 }
      .to { width: 78mm; line-height: 1.35 }
      .date { text-align: right; margin: 4mm 0 5mm }
      .ref { font-size: 0.9em; margin-bottom: 5mm }
      .subject { font-weight: bold; margin-bottom: 6mm }
      .closing { margin-top: 6mm }
      .sign { margin-top: 12mm }`;
    return {
      html: sheet(body, {
        paper,
        font: letterFont,
        size: pick(random, [10.5, 11, 11.5]),
        margin: "20mm 22mm",
        css,
      }),
      paper,
      language,
    };
  };
}

/** A letter typed on a typewriter (a monospaced face): the sender's address on the right, the recipient on the left. */
function typedLetter(language: Language): Template {
  return (random) => {
    const text = letter(random, language, int(random, 2, 3));
    const right = `<div class="right" data-read>${[
      text.sender.name,
      ...text.sender.lines,
      "",
      text.date,
    ]
      .map((line) => (line === "" ? "<br>" : esc(line)))
      .join("<br>")}</div>`;
    const to = `<div class="to" data-read>${[
      text.recipient.name,
      text.recipient.person,
      ...text.recipient.lines,
    ]
      .filter((line) => line !== "")
      .map(esc)
      .join("<br>")}</div>`;
    const body = `${right}${to}
      <div class="subject" data-read>${esc(text.subject)}</div>
      <div data-read><p>${esc(text.salutation)}</p>${text.paragraphs.map((p) => `<p>${esc(p)}</p>`).join("")}</div>
      <div data-read><p>${esc(text.closing)}</p><p class="sign">${esc(text.signer)}</p></div>`;
    const css = `
      .right { margin-left: 95mm; margin-bottom: 10mm }
      .to { margin-bottom: 10mm }
      .subject { margin-bottom: 6mm; text-decoration: underline }
      .sign { margin-top: 14mm }
      p { margin-bottom: 1em }`;
    return {
      html: sheet(body, {
        paper: "A4",
        font: pick(random, MONO),
        size: 11,
        margin: "22mm 24mm",
        css,
      }),
      paper: "A4",
      language,
    };
  };
}

// ---------------------------------------------------------------- newsletter

const newsletter: Template = (random, amount) => {
  const title = pick(random, NEWSLETTER_TITLES);
  const font = pick(random, SERIF);
  const headFace = pick(random, [...SANS, font]);
  const articles = Math.max(3, 9 - amount);
  const headlines = shuffled(random, NEWS_HEADLINES).slice(0, articles);
  const issue = `Issue ${int(random, 12, 140)} · ${pick(random, ["Spring", "Summer", "Autumn", "Winter"])} ${int(random, 2019, 2025)} · Free to every household`;
  const columns = headlines
    .map(
      (headline) =>
        `<h3>${esc(headline)}</h3>${Array.from({ length: int(random, 1, 3) }, () => `<p>${esc(newsParagraph(random))}</p>`).join("")}`,
    )
    .join("");
  const body = `<div class="mast" data-read><div class="title">${esc(title)}</div></div>
    <div class="issue" data-read>${esc(issue)}</div>
    <div class="cols" data-read>${columns}</div>`;
  const css = `
    .mast { border-bottom: 3px double #222; padding-bottom: 2mm; text-align: center }
    .title { ${face(headFace)}; font-size: 30pt; font-weight: bold; letter-spacing: 0.01em }
    .issue { text-align: center; font-size: 0.9em; margin: 2mm 0 6mm; color: #333 }
    .cols { column-count: 3; column-gap: 7mm; column-rule: 0.5pt solid #999; text-align: ${pick(random, ["left", "justify"])}; hyphens: none }
    .cols h3 { ${face(headFace)}; font-size: 1.25em; margin: 0 0 1.5mm; break-after: avoid }
    .cols p { margin: 0 0 2.5mm }
    .cols p + h3, .cols p ~ h3 { margin-top: 4mm }`;
  return {
    html: sheet(body, {
      paper: "A4",
      font,
      size: pick(random, [9.5, 10, 10.5]),
      margin: "15mm 16mm",
      css,
    }),
    paper: "A4",
    language: "en",
  };
};

// ---------------------------------------------------------------- forms

interface FormText {
  language: Language;
  title: string;
  note: string;
  sections: { heading: string; rows: [string, string][][] }[];
  declaration: string;
}

function formText(random: Random, variant: number): FormText {
  const day = () =>
    `${String(int(random, 1, 28)).padStart(2, "0")}/${String(int(random, 1, 12)).padStart(2, "0")}/${int(random, 1950, 2004)}`;
  const soon = () =>
    `${String(int(random, 1, 28)).padStart(2, "0")}/${String(int(random, 1, 12)).padStart(2, "0")}/${int(random, 2024, 2026)}`;
  const phone = () => `0${int(random, 1200, 7999)} ${int(random, 100000, 999999)}`;
  const start = new Date(Date.UTC(int(random, 2024, 2026), int(random, 0, 11), int(random, 1, 28)));
  const end = new Date(start.getTime() + int(random, 1, 21) * 86_400_000);
  const dmy = (d: Date) =>
    `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
  const [loanFrom, loanTo] = [dmy(start), dmy(end)];
  if (variant === 0) {
    const [first, last] = [
      pick(random, ["Eleanor", "Samuel", "Priya", "Tomasz", "Grace"]),
      pick(random, ["Whitfield", "Nakamura", "O'Brien", "Kowalski", "Adeyemi"]),
    ];
    return {
      language: "en",
      title: "Application for a Residents' Parking Permit",
      note: "Please complete every section in block capitals and return the form to the Parking Services office.",
      sections: [
        {
          heading: "1. Applicant",
          rows: [
            [
              ["Surname", last.toUpperCase()],
              ["First name", first.toUpperCase()],
            ],
            [["Date of birth", day()]],
            [
              [
                "Address",
                `${int(random, 2, 140)} ${pick(random, ["ELM GROVE", "NORTH STREET", "CASTLE HILL", "ORCHARD WAY"])}`,
              ],
            ],
            [
              ["Postcode", pick(random, ["YO31 7HT", "LE2 1DB", "EX4 6NP", "CB1 2JD"])],
              ["Telephone", phone()],
            ],
          ],
        },
        {
          heading: "2. Vehicle",
          rows: [
            [
              [
                "Registration number",
                pick(random, ["KY19 XTR", "BD68 PLM", "WF21 HOA", "LN70 CJE"]),
              ],
            ],
            [
              [
                "Make and model",
                pick(random, ["VAUXHALL CORSA", "TOYOTA YARIS", "FORD FOCUS", "KIA NIRO"]),
              ],
              ["Colour", pick(random, ["SILVER", "BLUE", "RED", "GREY"])],
            ],
          ],
        },
        {
          heading: "3. Permit",
          rows: [
            [
              ["Zone", pick(random, ["B", "C", "F", "K"])],
              ["Start date", soon()],
            ],
            [["Duration", pick(random, ["12 months", "6 months", "3 months"])]],
          ],
        },
      ],
      declaration:
        "I declare that the information given on this form is true and that the vehicle is kept at the address above.",
    };
  }
  if (variant === 1) {
    return {
      language: "fr",
      title: "Médiathèque municipale – Demande d'inscription",
      note: "Merci de joindre un justificatif de domicile de moins de trois mois.",
      sections: [
        {
          heading: "Identité",
          rows: [
            [
              ["Nom", pick(random, ["LEROY", "FAURE", "BONNET", "CHEVALIER"])],
              ["Prénom", pick(random, ["Camille", "Mathis", "Inès", "Hugo"])],
            ],
            [["Date de naissance", day()]],
            [
              [
                "Adresse",
                `${int(random, 1, 90)} ${pick(random, ["rue des Écoles", "avenue de la République", "chemin des Vignes"])}`,
              ],
            ],
            [
              ["Code postal", pick(random, ["35000", "59800", "21000"])],
              ["Ville", pick(random, ["Rennes", "Lille", "Dijon"])],
            ],
            [
              [
                "Téléphone",
                `0${int(random, 1, 7)} ${int(random, 10, 99)} ${int(random, 10, 99)} ${int(random, 10, 99)} ${int(random, 10, 99)}`,
              ],
            ],
          ],
        },
        {
          heading: "Abonnement",
          rows: [
            [
              ["Formule", pick(random, ["Individuel", "Famille", "Étudiant"])],
              ["Tarif", pick(random, ["12,00 €", "18,50 €", "gratuit"])],
            ],
            [["Date d'effet", soon()]],
          ],
        },
      ],
      declaration:
        "J'accepte le règlement intérieur de la médiathèque et certifie l'exactitude des informations ci-dessus.",
    };
  }
  if (variant === 2) {
    return {
      language: "de",
      title: "Änderungsmitteilung – Bankverbindung",
      note: "Bitte füllen Sie das Formular vollständig aus und senden Sie es unterschrieben an die Personalabteilung.",
      sections: [
        {
          heading: "Angaben zur Person",
          rows: [
            [
              ["Name", pick(random, ["Weber", "Schulz", "Neumann", "Krüger"])],
              ["Vorname", pick(random, ["Jürgen", "Anja", "Lukas", "Sören"])],
            ],
            [["Personalnummer", String(int(random, 100000, 999999))]],
            [
              [
                "Straße, Hausnummer",
                `${pick(random, ["Goethestraße", "Am Stadtpark", "Lindenweg"])} ${int(random, 1, 60)}`,
              ],
            ],
            [
              ["PLZ", String(int(random, 10000, 99999))],
              ["Ort", pick(random, ["Bielefeld", "Regensburg", "Göttingen"])],
            ],
          ],
        },
        {
          heading: "Neue Bankverbindung",
          rows: [
            [["Kontoinhaber", "wie oben"]],
            [
              [
                "IBAN",
                `DE${int(random, 10, 99)} ${int(random, 1000, 9999)} ${int(random, 1000, 9999)} ${int(random, 1000, 9999)} ${int(random, 1000, 9999)} ${int(random, 10, 99)}`,
              ],
            ],
            [
              [
                "Kreditinstitut",
                pick(random, [
                  "Sparkasse Bielefeld",
                  "Volksbank Regensburg",
                  "Commerzbank Göttingen",
                ]),
              ],
            ],
            [["Gültig ab", soon().replace(/\//g, ".")]],
          ],
        },
      ],
      declaration:
        "Ich bestätige die Richtigkeit meiner Angaben und bitte, künftige Zahlungen auf das genannte Konto zu leisten.",
    };
  }
  return {
    language: "en",
    title: "Equipment Loan Request",
    note: "Return this form to the IT Service Desk at least three working days before the loan begins.",
    sections: [
      {
        heading: "Borrower",
        rows: [
          [["Name", pick(random, ["Hannah Price", "Marcus Lee", "Aisha Rahman", "Owen Hughes"])]],
          [
            ["Department", pick(random, ["Finance", "Marketing", "Estates", "Research Office"])],
            ["Extension", String(int(random, 2000, 4999))],
          ],
          [["Cost centre", `CC-${int(random, 100, 999)}`]],
        ],
      },
      {
        heading: "Equipment",
        rows: [
          [
            [
              "Item",
              pick(random, [
                "Laptop with charger",
                "Projector and screen",
                "Video camera kit",
                "Conference speaker",
              ]),
            ],
          ],
          [
            ["Asset tag", `IT-${int(random, 10000, 99999)}`],
            ["Quantity", String(int(random, 1, 4))],
          ],
          [
            ["Loan from", loanFrom],
            ["Loan to", loanTo],
          ],
          [
            [
              "Purpose",
              pick(random, [
                "Off-site training day",
                "Open day presentation",
                "Conference in Glasgow",
              ]),
            ],
          ],
        ],
      },
    ],
    declaration:
      "I accept responsibility for the equipment while it is in my care and will report any loss or damage at once.",
  };
}

function form(variant: number): Template {
  return (random) => {
    const text = formText(random, variant);
    const font = pick(random, [...SANS, "Nimbus Sans Narrow", "DejaVu Sans Condensed"] as Font[]);
    const valueFace = pick(random, [...MONO, ...SANS]);
    const colour = colourOf(random);
    const rows = text.sections
      .map(
        (section) =>
          `<div class="section" data-read>${esc(section.heading)}</div><table>${section.rows
            .map(
              (pairs) =>
                `<tr data-read>${pairs
                  .map(
                    ([label, value]) =>
                      `<td class="label">${esc(label)}</td><td class="value" ${pairs.length === 1 ? 'colspan="3"' : ""}>${esc(value)}</td>`,
                  )
                  .join("")}</tr>`,
            )
            .join("")}</table>`,
      )
      .join("");
    const sign: Record<Language, [string, string]> = {
      en: ["Signature", "Date"],
      fr: ["Signature", "Date"],
      de: ["Unterschrift", "Datum"],
      es: ["Firma", "Fecha"],
    };
    const [signLabel, dateLabel] = sign[text.language];
    const dd = String(int(random, 1, 28)).padStart(2, "0");
    const mm = String(int(random, 1, 12)).padStart(2, "0");
    const signed = `${dd}${text.language === "de" ? "." : "/"}${mm}${text.language === "de" ? "." : "/"}${int(random, 2024, 2025)}`;
    const body = `<div class="title" data-read>${esc(text.title)}</div>
      <div class="note" data-read>${esc(text.note)}</div>
      ${rows}
      <div class="decl" data-read>${esc(text.declaration)}</div>
      <table class="signature"><tr data-read><td class="label">${esc(signLabel)}</td><td class="box"></td><td class="label">${esc(dateLabel)}</td><td class="value">${esc(signed)}</td></tr></table>`;
    const css = `
      .title { font-size: 17pt; font-weight: bold; color: ${colour}; border-bottom: 2px solid ${colour}; padding-bottom: 2mm; margin-bottom: 3mm }
      .note { font-size: 0.9em; margin-bottom: 6mm }
      .section { background: #e9e9e9; font-weight: bold; padding: 1.2mm 2mm; margin: 5mm 0 2mm }
      table { width: 100%; border-collapse: separate; border-spacing: 0 2.2mm }
      td.label { width: 30%; padding-right: 3mm; font-size: 0.92em; color: #222 }
      td.value { border: 1px solid #777; padding: 1.4mm 2mm; ${face(valueFace)}; color: ${pick(random, ["#111", "#14285a"])} }
      tr td.label + td.value + td.label { padding-left: 5mm; width: 16% }
      .decl { margin: 7mm 0 4mm; font-size: 0.92em }
      .signature td.box { border-bottom: 1px solid #444; width: 35% }
      .signature td.label { width: 14% }`;
    return {
      html: sheet(body, { paper: "A4", font, size: 10.5, margin: "18mm 20mm", css }),
      paper: "A4",
      language: text.language,
    };
  };
}

// ---------------------------------------------------------------- banner

const TIMETABLE: [string, string, string, string][] = [
  ["Aqua fit", "Monday", "09:30", "Main pool"],
  ["Lane swimming", "Monday", "18:00", "Main pool"],
  ["Yoga for beginners", "Tuesday", "10:00", "Studio 2"],
  ["Circuit training", "Wednesday", "19:15", "Sports hall"],
  ["Toddler splash", "Thursday", "11:00", "Learner pool"],
  ["Badminton club", "Thursday", "20:00", "Sports hall"],
  ["Pilates", "Friday", "08:45", "Studio 1"],
  ["Family swim", "Saturday", "14:00", "Main pool"],
  ["Walking football", "Sunday", "10:30", "Astro pitch"],
];
const BANNERS = [
  ["Riverside Leisure Centre", "Summer timetable"],
  ["Ashby Community Sports Club", "What's on this season"],
  ["Northgate Pool and Gym", "Classes and opening hours"],
  ["Kingfisher Activity Centre", "New classes for everyone"],
];

const banner: Template = (random, amount) => {
  const [title, subtitle] = pick(random, BANNERS) as [string, string];
  const font = pick(random, [...SANS, ...SERIF]);
  const dark = pick(random, ["#1b263b", "#2b2d42", "#3d0c11", "#0b3d2e", "#222222"]);
  const headDark = pick(random, ["#1b263b", "#333333", "#5c1a1b", "#114b5f"]);
  const rows = shuffled(random, TIMETABLE).slice(0, Math.max(4, 8 - amount));
  const paragraphs = Array.from({ length: Math.max(1, 3 - Math.floor(amount / 2)) }, () =>
    newsParagraph(random),
  );
  const body = `<div class="banner" data-read><div class="b1">${esc(title)}</div><div class="b2">${esc(subtitle)}</div></div>
    <div data-read>${paragraphs.map((p) => `<p>${esc(p)}</p>`).join("")}</div>
    <h2 data-read>${esc(pick(random, ["Weekly classes", "Timetable", "Sessions"]))}</h2>
    <table class="t"><thead><tr data-read><th>Activity</th><th>Day</th><th>Time</th><th>Where</th></tr></thead><tbody>
    ${rows.map((r) => `<tr data-read>${r.map((c) => `<td>${esc(c)}</td>`).join("")}</tr>`).join("")}
    </tbody></table>
    <div data-read class="after"><p>${esc(newsParagraph(random))}</p></div>`;
  const css = `
    .banner { background: ${dark}; color: #fff; padding: 7mm 8mm; margin: -4mm -4mm 7mm }
    .b1 { font-size: 24pt; font-weight: bold }
    .b2 { font-size: 14pt; margin-top: 1mm }
    h2 { font-size: 14pt; margin: 5mm 0 3mm }
    .t { width: 100% }
    .t th { background: ${headDark}; color: #fff; text-align: left; padding: 2mm 3mm; font-size: 1.05em }
    .t td { padding: 1.8mm 3mm; border-bottom: 1px solid #bbb }
    .after { margin-top: 6mm }`;
  return {
    html: sheet(body, { paper: "A4", font, size: 11, margin: "16mm 18mm", css }),
    paper: "A4",
    language: "en",
  };
};

// ---------------------------------------------------------------- small print

const smallSerif: Template = (random, amount) => {
  const font = pick(random, SERIF);
  const count = Math.max(3, 11 - amount);
  const body = `<div class="t" data-read>${esc(pick(random, AVISO_TITLES))}</div>
    <div class="d" data-read>${esc(`Madrid, ${int(random, 1, 28)} de ${pick(random, ["enero", "marzo", "mayo", "octubre"])} de ${int(random, 2020, 2025)} · Ref. ${int(random, 100, 999)}/${int(random, 20, 25)}`)}</div>
    <div class="body" data-read>${Array.from({ length: count }, () => `<p>${esc(avisoParagraph(random))}</p>`).join("")}</div>`;
  const css = `
    .t { font-size: 12pt; font-weight: bold; margin-bottom: 1.5mm }
    .d { margin-bottom: 4mm }
    .body { text-align: ${pick(random, ["justify", "left"])} }
    .body p { margin: 0 0 2mm; text-indent: ${pick(random, ["0", "4mm"])} }`;
  return {
    html: sheet(body, { paper: "A4", font, size: 8, margin: "16mm 18mm", css }),
    paper: "A4",
    language: "es",
  };
};

// ---------------------------------------------------------------- the set

/** How a rendered page reaches the service. */
type Treatment =
  | { as: "clean"; dpi: number; grey: boolean }
  | { as: "scan"; dpi: number }
  | { as: "photo"; dpi: number; megapixels: number };

interface PagePlan {
  template: Template;
  treatment: Treatment;
  turn?: 90 | 180 | 270;
}

const LANGUAGES: Language[] = ["en", "fr", "de", "es"];

function plan(kind: TextKind, n: number, random: Random): PagePlan[] {
  const clean = (dpi: number, grey = false): Treatment => ({ as: "clean", dpi, grey });
  const scanned = (dpi: number): Treatment => ({ as: "scan", dpi });
  switch (kind) {
    case "letter-right-address":
      return [
        {
          template: rightAddressLetter(LANGUAGES[n] ?? "en"),
          treatment: [clean(150), clean(200, true), scanned(200), scanned(300)][n] ?? clean(150),
        },
      ];
    case "newsletter-3col":
      return [
        {
          template: newsletter,
          treatment: [clean(150), scanned(200), clean(200, true), scanned(200)][n] ?? clean(150),
        },
      ];
    case "form":
      return [
        {
          template: form(n % 4),
          treatment: [clean(150), scanned(200), scanned(300), clean(200)][n] ?? clean(150),
        },
      ];
    case "banner":
      return [
        {
          template: banner,
          treatment: [clean(150), clean(200), scanned(200), clean(150, true)][n] ?? clean(150),
        },
      ];
    case "small-serif":
      return [
        {
          template: smallSerif,
          treatment: [clean(200), scanned(250), scanned(200), clean(150, true)][n] ?? clean(200),
        },
      ];
    case "phone-photo":
      return [
        {
          template: typedLetter((["en", "de", "fr", "en"] as Language[])[n] ?? "en"),
          treatment: { as: "photo", dpi: 200, megapixels: [8, 10, 12, 9][n] ?? 8 },
        },
      ];
    case "turned-90":
    case "turned-180":
    case "turned-270": {
      const degrees = Number(kind.slice("turned-".length)) as 90 | 180 | 270;
      const templates = [
        rightAddressLetter(pick(random, LANGUAGES)),
        newsletter,
        form(int(random, 0, 3)),
        banner,
      ];
      // The letter and the form scanned, the denser newsletter and banner clean.
      return [
        {
          template: templates[n % 4] ?? newsletter,
          treatment: n % 2 === 0 ? scanned(200) : clean(pick(random, [150, 200]), true),
          turn: degrees,
        },
      ];
    }
    case "multi-page":
      return [
        { template: rightAddressLetter("en"), treatment: scanned(200) },
        { template: form(3), treatment: scanned(200) },
        { template: newsletter, treatment: scanned(200) },
      ];
  }
}

const OVERFLOW = /overflows its page/;

/** Renders a template, writing it again with less on it while it does not fit its page. */
async function renderFitting(renderer: Renderer, template: Template, key: string, dpi: number) {
  for (let amount = 1; amount <= 8; amount++) {
    const written = template(seeded(key), amount);
    const size = PAPER[written.paper];
    try {
      const image = await renderer.image(written.html, {
        width: size.width,
        height: size.height,
        dpi,
        truth: true,
      });
      return { written, image };
    } catch (error) {
      if (!(error instanceof Error && OVERFLOW.test(error.message))) throw error;
    }
  }
  throw new Error(`${key}: the page does not fit even with the least on it`);
}

async function treat(
  png: Buffer,
  treatment: Treatment,
  random: Random,
): Promise<{ bytes: Buffer; ext: "png" | "jpg" }> {
  if (treatment.as === "clean")
    return { bytes: await cleanPng(png, treatment.dpi, treatment.grey), ext: "png" };
  if (treatment.as === "scan")
    return { bytes: await scan(png, random, { dpi: treatment.dpi }), ext: "png" };
  return {
    bytes: await photograph(png, random, {
      megapixels: treatment.megapixels,
      tilt: [2.5, 4],
      keystone: [0.02, 0.05],
      quality: int(random, 58, 62),
    }),
    ext: "jpg",
  };
}

/** Renders, degrades and writes one page (or one multi-page file) with its truth; returns its manifest entry. */
async function writePage(
  renderer: Renderer,
  dir: string,
  seed: number,
  kind: TextKind,
  n: number,
): Promise<TextPageEntry> {
  const key = `${seed}:text:${kind}:${n}`;
  const random = seeded(`${key}:treatment`);
  const pages: { bytes: Buffer; ext: string; truth: string[]; language: Language }[] = [];
  for (const [p, page] of plan(kind, n, random).entries()) {
    const { written, image } = await renderFitting(
      renderer,
      page.template,
      `${key}:${p}`,
      page.treatment.dpi,
    );
    let { bytes, ext } = await treat(image.png, page.treatment, random);
    if (page.turn) bytes = await turn(bytes, page.turn);
    pages.push({ bytes, ext, truth: image.lines, language: written.language });
  }
  const name = `${kind}-${n + 1}`;
  let file: string;
  if (pages.length > 1) {
    file = `${name}.tif`;
    const tiff = await bindTiff(
      pages.map((p) => p.bytes),
      200,
    );
    writeFileSync(path.join(dir, file), tiff);
  } else {
    const [only] = pages;
    if (!only) throw new Error(`${name}: no page`);
    file = `${name}.${only.ext}`;
    writeFileSync(path.join(dir, file), only.bytes);
  }
  // Pages of a multi-page file are separated by a form feed.
  const truth = pages.map((p) => p.truth.join("\n")).join("\n\f\n");
  writeFileSync(path.join(dir, `${name}.txt`), `${truth}\n`);
  console.log(`text/${file}`);
  return { file, kind, languageHints: [...new Set(pages.map((p) => p.language))] };
}

/** Writes the text pages and manifest.json into `dir`, every page drawn from `seed`, `jobs` at a time. */
export async function generateTextPages(
  renderer: Renderer,
  dir: string,
  seed: number,
  jobs: number,
): Promise<TextPageEntry[]> {
  mkdirSync(dir, { recursive: true });
  const pages = TEXT_KINDS.flatMap((kind) =>
    Array.from({ length: PAGES_PER_KIND[kind] }, (_, n) => ({ kind, n })),
  );
  const manifest = await pMap(pages, ({ kind, n }) => writePage(renderer, dir, seed, kind, n), {
    concurrency: jobs,
  });
  writeFileSync(path.join(dir, "manifest.json"), `${manifestJson(manifest)}\n`);
  return manifest;
}

/** The manifest as Biome formats JSON: short lists on one line. */
function manifestJson(manifest: TextPageEntry[]): string {
  return JSON.stringify(manifest, null, 2).replace(/\[\n\s+("[^"]*")\n\s+\]/g, "[$1]");
}
