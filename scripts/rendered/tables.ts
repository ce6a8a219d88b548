// The rendered set's tables (fixtures/rendered/tables/): ruled tables of four
// and six columns, zebra-striped tables, tables under a shaded or dark header,
// and tables whose cells wrap, each as a PDF printed by Chromium (a text layer)
// and as a phone photo under uneven light and tilt; and pages of prose or a
// chart, where no table must be found (their truth: no rows). Truth beside
// each file, as fixtures/calibration/tables/ has it: `{"rows": [[...]]}`.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pMap from "p-map";
import { PAPER, type Renderer } from "./browser";
import { photograph } from "./degrade";
import { esc, type Font, NARROW, SANS, SERIF, sheet } from "./html";
import { int, pick, type Random, seeded, shuffled } from "./random";
import { newsParagraph } from "./words";

type Rows = string[][];

interface TableDoc {
  html: string;
  rows: Rows;
}

const NAMES = [
  "Amelia Hart",
  "Jonas Berg",
  "Sofia Marin",
  "Kwame Mensah",
  "Lena Vogel",
  "Ravi Iyer",
  "Chloé Petit",
  "Tom Gallagher",
  "Mei Lin",
  "Oskar Nilsson",
  "Ana Sousa",
  "Pieter de Wit",
];
const DEPARTMENTS = ["Finance", "Logistics", "Sales", "Legal", "Research", "Facilities", "Support"];
const STATIONS = [
  "Carlisle",
  "Preston",
  "Crewe",
  "Lancaster",
  "Oxenholme",
  "Penrith",
  "Wigan",
  "Warrington",
];
const COUNTRIES: [string, string, string][] = [
  ["Portugal", "Lisbon", "92,212"],
  ["Austria", "Vienna", "83,879"],
  ["Ireland", "Dublin", "70,273"],
  ["Denmark", "Copenhagen", "42,933"],
  ["Slovenia", "Ljubljana", "20,271"],
  ["Estonia", "Tallinn", "45,339"],
  ["Greece", "Athens", "131,957"],
  ["Finland", "Helsinki", "338,455"],
];
const PRODUCTS = [
  "Hex key set",
  "Cordless drill",
  "Spirit level 60 cm",
  "Safety goggles",
  "Work gloves",
  "Measuring tape 5 m",
  "Claw hammer",
  "Utility knife",
  "Extension lead",
  "Cable ties (100)",
];
const RISKS: [string, string][] = [
  [
    "Supplier delay",
    "The main supplier of steel frames may not deliver on time because of a strike at its port of export.",
  ],
  [
    "Budget overrun",
    "Material prices have risen faster than planned and the contingency may not cover the difference.",
  ],
  [
    "Staff turnover",
    "Two senior engineers are leaving in spring and their replacements need several weeks of training.",
  ],
  [
    "Data loss",
    "The project files are kept on one server without an off-site copy, so a fault could lose recent work.",
  ],
  [
    "Planning consent",
    "The council may ask for changes to the roof design, which would delay the start on site.",
  ],
  [
    "Weather",
    "A wet autumn could stop the groundworks and push the foundations into the winter months.",
  ],
];
const ACTIVITIES = [
  "Site visit with the client to agree the layout of the ground floor and the position of the stairs",
  "Revised drawings for the kitchen extension after comments from the structural engineer",
  "Meeting with the planning officer about the height of the rear wall and the choice of materials",
  "Preparation of the tender documents and the schedule of works for three contractors",
  "Review of the contractors' quotes and a written recommendation to the client",
  "Inspection of the foundations before the concrete was poured",
  "Final walk-round with the client and the builder to list the remaining snags",
];

const money = (random: Random, low: number, high: number) =>
  (int(random, low * 100, high * 100) / 100).toLocaleString("en-GB", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
/** Minutes after midnight as 07:35. */
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const day = (random: Random) =>
  `${String(int(random, 1, 28)).padStart(2, "0")}/${String(int(random, 1, 12)).padStart(2, "0")}/${int(random, 2021, 2025)}`;

/** Data for a table of `columns` columns (4, 5 or 6) and its title. */
function tableData(
  random: Random,
  columns: number,
  wrapped: boolean,
): { title: string; intro: string; rows: Rows } {
  if (wrapped) {
    if (random() < 0.5) {
      const rows = shuffled(random, RISKS)
        .slice(0, int(random, 4, 5))
        .map(([risk, text], i) => [
          `R${i + 1}`,
          risk,
          text,
          pick(random, NAMES),
          pick(random, ["Open", "Watching", "Closed"]),
        ]);
      return {
        title: "Risk register",
        intro: "Risks reviewed at the monthly project board.",
        rows: [["Ref.", "Risk", "Description", "Owner", "Status"], ...rows],
      };
    }
    const rows = shuffled(random, ACTIVITIES)
      .slice(0, int(random, 4, 6))
      .map((activity) => [day(random), activity, String(int(random, 1, 16) / 2)]);
    return {
      title: "Record of work",
      intro: "Time spent on the project in the period, as recorded by the architect.",
      rows: [["Date", "Activity", "Hours"], ...rows],
    };
  }
  if (columns === 4) {
    if (random() < 0.5) {
      const rows = shuffled(random, NAMES)
        .slice(0, int(random, 5, 8))
        .map((name) => [name, pick(random, DEPARTMENTS), day(random), money(random, 24000, 78000)]);
      return {
        title: "New starters",
        intro: "Staff who joined the company this year, with their starting salary.",
        rows: [["Name", "Department", "Start date", "Salary (GBP)"], ...rows],
      };
    }
    const rows = shuffled(random, COUNTRIES)
      .slice(0, int(random, 5, 7))
      .map(([country, capital, area]) => [
        country,
        capital,
        area,
        `${int(random, 1, 11)}.${int(random, 0, 9)}`,
      ]);
    return {
      title: "Member states",
      intro: "Area and population of the countries in the survey.",
      rows: [["Country", "Capital", "Area (km²)", "Population (m)"], ...rows],
    };
  }
  if (columns === 5) {
    const rows = shuffled(random, PRODUCTS)
      .slice(0, int(random, 6, 9))
      .map((product) => [
        `SKU-${int(random, 10000, 99999)}`,
        product,
        String(int(random, 0, 400)),
        `${pick(random, ["A", "B", "C"])}-${int(random, 1, 24)}`,
        money(random, 2, 90),
      ]);
    return {
      title: "Stock count",
      intro: "Stock on hand at the end of the quarter, by aisle.",
      rows: [["SKU", "Product", "In stock", "Aisle", "Unit cost"], ...rows],
    };
  }
  if (random() < 0.5) {
    const rows = Array.from({ length: int(random, 5, 8) }, () => {
      const [from, to] = shuffled(random, STATIONS) as [string, string];
      const departs = int(random, 6 * 12, 20 * 12) * 5;
      const arrives = departs + int(random, 5, 40) * 5;
      return [
        `${int(random, 1, 9)}${pick(random, ["A", "C", "M", "S"])}${int(random, 10, 99)}`,
        from,
        to,
        clock(departs),
        clock(arrives),
        String(int(random, 1, 8)),
      ];
    });
    return {
      title: "Departures",
      intro: "Services calling at this station this morning.",
      rows: [["Train", "From", "To", "Departs", "Arrives", "Platform"], ...rows],
    };
  }
  const rows = Array.from({ length: int(random, 5, 8) }, (_, i) => [
    `W-${String(i + 1).padStart(2, "0")}`,
    (int(random, 62, 84) / 10).toFixed(1),
    (int(random, 5, 480) / 10).toFixed(1),
    (int(random, 1, 90) / 100).toFixed(2),
    (int(random, 80, 220) / 10).toFixed(1),
    pick(random, ["Pass", "Pass", "Fail"]),
  ]);
  return {
    title: "Water samples",
    intro: "Results of the samples taken at the river monitoring points.",
    rows: [["Sample", "pH", "Nitrate (mg/l)", "Phosphate (mg/l)", "Temp. (°C)", "Result"], ...rows],
  };
}

type Style =
  | "ruled"
  | "zebra"
  | "header-shaded"
  | "header-dark"
  | "wrapped-ruled"
  | "wrapped-plain"
  | "wrapped-zebra";

function tablePage(random: Random, style: Style, columns: number): TableDoc {
  const wrapped = style.startsWith("wrapped");
  const { title, intro, rows } = tableData(random, columns, wrapped);
  const font: Font = pick(random, [...SANS, ...SERIF, ...NARROW]);
  const numeric = (text: string) => /^[\d.,:/-]+$/.test(text);
  const [head = [], ...body] = rows;
  // A column of numbers is set to the right, its header with it.
  const right = head.map((_, c) => body.every((r) => numeric(r[c] ?? "")));
  const table = `<table class="t"><thead><tr>${head.map((h, c) => `<th${right[c] ? ' class="n"' : ""}>${esc(h)}</th>`).join("")}</tr></thead><tbody>${body
    .map(
      (r) =>
        `<tr>${r.map((cell, c) => `<td${right[c] ? ' class="n"' : ""}>${esc(cell)}</td>`).join("")}</tr>`,
    )
    .join("")}</tbody></table>`;
  const rule = pick(random, ["#222", "#444", "#555"]);
  const stripe = pick(random, ["#eef2f7", "#f0f0f0", "#eef6ee", "#f7f1e6"]);
  const dark = pick(random, ["#1b263b", "#333333", "#0b3d2e", "#5c1a1b"]);
  const styles: Record<Style, string> = {
    ruled: `.t td, .t th { border: 1px solid ${rule} } .t th { font-weight: bold }`,
    zebra: `.t tbody tr:nth-child(odd) td { background: ${stripe} } .t th { border-bottom: 1.5px solid ${rule} }`,
    "header-shaded": `.t th { background: #d9d9d9; border-bottom: 1px solid ${rule} } .t td { border-bottom: 0.5px solid #bbb }`,
    "header-dark": `.t th { background: ${dark}; color: #fff } .t td { border-bottom: 0.5px solid #aaa }`,
    "wrapped-ruled": `.t td, .t th { border: 1px solid ${rule} }`,
    "wrapped-plain": `.t th { border-bottom: 1.5px solid ${rule} } .t td { padding-bottom: 3mm }`,
    "wrapped-zebra": `.t tbody tr:nth-child(even) td { background: ${stripe} } .t th { border-bottom: 1.5px solid ${rule} }`,
  };
  const css = `
    h1 { font-size: 17pt; margin-bottom: 3mm }
    .t { width: ${wrapped || columns >= 5 ? "100%" : pick(random, ["100%", "82%"])}; border-collapse: collapse; margin: 5mm 0 }
    .t th { text-align: left; padding: 2mm 2.5mm }
    .t th.n { text-align: right }
    .t td { padding: 1.8mm 2.5mm; vertical-align: top }
    .t .n { text-align: right; white-space: nowrap }
    .t td:nth-child(${wrapped && head.length === 5 ? 3 : 2}) { ${wrapped ? "width: 45%" : ""} }
    .note { font-size: 8.5pt; color: #444 }
    ${styles[style]}`;
  const body2 = `<h1>${esc(title)}</h1><p>${esc(intro)}</p>${table}<p class="note">Figures as recorded on ${day(random)}. Source: internal records.</p>`;
  return {
    html: sheet(body2, {
      paper: "A4",
      font,
      size: pick(random, [10, 10.5, 11]),
      margin: "22mm 20mm",
      css,
    }),
    rows,
  };
}

/** A page of prose in two columns, with a bulleted list: lines that line up, and no table. */
function prosePage(random: Random): TableDoc {
  const font = pick(random, SERIF);
  const bullets = Array.from({ length: 4 }, () => newsParagraph(random).split(". ")[0] ?? "");
  const body = `<h1>${esc(pick(random, ["Annual report of the parish council", "Notes from the spring meeting", "A year at the community centre"]))}</h1>
    <div class="cols"><p>${esc(newsParagraph(random))}</p><p>${esc(newsParagraph(random))}</p><ul>${bullets.map((b) => `<li>${esc(b)}.</li>`).join("")}</ul><p>${esc(newsParagraph(random))}</p><p>${esc(newsParagraph(random))}</p><p>${esc(newsParagraph(random))}</p></div>`;
  const css = `h1 { font-size: 18pt; margin-bottom: 6mm } .cols { column-count: 2; column-gap: 9mm; text-align: justify } li { margin-bottom: 1.5mm }`;
  return {
    html: sheet(body, { paper: "A4", font, size: 10.5, margin: "20mm 20mm", css }),
    rows: [],
  };
}

/** A page with a bar chart: axis labels, a legend and a caption, numbers in a grid, and no table. */
function chartPage(random: Random): TableDoc {
  const font = pick(random, SANS);
  const quarters = ["Q1", "Q2", "Q3", "Q4"];
  const series = [
    ["2023", "#4a6fa5"],
    ["2024", "#d08c3a"],
  ] as const;
  const values = series.map(() => quarters.map(() => int(random, 20, 95)));
  const width = 560;
  const height = 320;
  const left = 50;
  const bottom = 280;
  const scale = (v: number) => (v / 100) * 250;
  const bars = quarters
    .map(
      (q, qi) =>
        series
          .map(([, colour], si) => {
            const v = values[si]?.[qi] ?? 0;
            const x = left + 20 + qi * 125 + si * 42;
            return `<rect x="${x}" y="${bottom - scale(v)}" width="38" height="${scale(v)}" fill="${colour}"/><text x="${x + 19}" y="${bottom - scale(v) - 5}" text-anchor="middle" font-size="11">${v}</text>`;
          })
          .join("") +
        `<text x="${left + 60 + qi * 125}" y="${bottom + 18}" text-anchor="middle" font-size="12">${q}</text>`,
    )
    .join("");
  const grid = [0, 25, 50, 75, 100]
    .map(
      (v) =>
        `<line x1="${left}" x2="${width - 10}" y1="${bottom - scale(v)}" y2="${bottom - scale(v)}" stroke="#ccc"/><text x="${left - 8}" y="${bottom - scale(v) + 4}" text-anchor="end" font-size="11">${v}</text>`,
    )
    .join("");
  const legend = series
    .map(
      ([name, colour], i) =>
        `<rect x="${width - 140 + i * 65}" y="8" width="12" height="12" fill="${colour}"/><text x="${width - 124 + i * 65}" y="18" font-size="12">${name}</text>`,
    )
    .join("");
  const svg = `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${font}">${grid}${bars}${legend}<line x1="${left}" x2="${left}" y1="20" y2="${bottom}" stroke="#333"/></svg>`;
  return figurePage(
    random,
    font,
    "Visitors by quarter",
    svg,
    "Figure 1. Visitors per quarter, in thousands.",
  );
}

/** A chart on a page between two paragraphs, with its caption: no table. */
function figurePage(
  random: Random,
  font: Font,
  title: string,
  svg: string,
  caption: string,
): TableDoc {
  const body = `<h1>${esc(title)}</h1><p>${esc(newsParagraph(random))}</p><div class="chart">${svg}</div><p class="cap">${esc(caption)}</p><p>${esc(newsParagraph(random))}</p>`;
  const css = `h1 { font-size: 18pt; margin-bottom: 5mm } .chart { margin: 8mm 0 2mm } .cap { font-size: 9pt; color: #444 }`;
  return {
    html: sheet(body, {
      paper: "A4",
      font,
      size: 10.5,
      margin: "20mm 20mm",
      css,
    }),
    rows: [],
  };
}

const ANSWERS = ["Strongly agree", "Agree", "Neutral", "Disagree", "Strongly disagree"];

/**
 * A survey's answers as horizontal bars, each bar's share at its end and the
 * scale under them: labels, values and the scale line up as a table's would.
 */
function barsPage(random: Random): TableDoc {
  const weights = ANSWERS.map(() => int(random, 2, 30));
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.round((w / total) * 100));
  const top = Math.ceil((Math.max(...shares) + 1) / 10) * 10;
  const left = 150;
  const unit = 360 / top; // pixels a percent
  const pitch = 34;
  const bars = ANSWERS.map((answer, i) => {
    const y = 20 + i * pitch;
    const w = (shares[i] ?? 0) * unit;
    return `<text x="${left - 10}" y="${y + 16}" text-anchor="end" font-size="12">${answer}</text><rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="22" fill="#5b8c5a"/><text x="${(left + w + 6).toFixed(1)}" y="${y + 16}" font-size="12">${shares[i]}%</text>`;
  }).join("");
  const bottom = 20 + ANSWERS.length * pitch;
  const scale = Array.from({ length: top / 10 + 1 }, (_, k) => k * 10)
    .map(
      (v) =>
        `<line x1="${(left + v * unit).toFixed(1)}" x2="${(left + v * unit).toFixed(1)}" y1="12" y2="${bottom}" stroke="#ddd"/><text x="${(left + v * unit).toFixed(1)}" y="${bottom + 18}" text-anchor="middle" font-size="11">${v}%</text>`,
    )
    .join("");
  const svg = `<svg width="560" height="${bottom + 30}">${scale}${bars}</svg>`;
  return figurePage(
    random,
    pick(random, SANS),
    "What residents think of the new cycle lanes",
    svg,
    "Figure 2. Answers to the survey, share of residents.",
  );
}

/** A pie's slices with their shares on them and a legend of their names beside it. */
function piePage(random: Random): TableDoc {
  const names = ["North", "South", "East", "West", "Centre"];
  const weights = names.map(() => int(random, 8, 40));
  const total = weights.reduce((a, b) => a + b, 0);
  const [cx, cy, r] = [170, 150, 130];
  let angle = -Math.PI / 2;
  const colours = ["#4a6fa5", "#d08c3a", "#7aa974", "#b05f6d", "#8c7ab8"];
  const slices = weights.map((w, i) => {
    const share = w / total;
    const from = angle;
    angle += share * 2 * Math.PI;
    const [x0, y0] = [cx + r * Math.cos(from), cy + r * Math.sin(from)];
    const [x1, y1] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
    const mid = (from + angle) / 2;
    const label = `${Math.round(share * 100)}%`;
    return `<path d="M ${cx} ${cy} L ${x0.toFixed(1)} ${y0.toFixed(1)} A ${r} ${r} 0 ${share > 0.5 ? 1 : 0} 1 ${x1.toFixed(1)} ${y1.toFixed(1)} Z" fill="${colours[i]}" stroke="#fff" stroke-width="2"/><text x="${(cx + r * 0.65 * Math.cos(mid)).toFixed(1)}" y="${(cy + r * 0.65 * Math.sin(mid) + 4).toFixed(1)}" text-anchor="middle" font-size="12" fill="#fff">${label}</text>`;
  });
  const legend = names
    .map(
      (name, i) =>
        `<rect x="360" y="${60 + i * 26}" width="14" height="14" fill="${colours[i]}"/><text x="382" y="${72 + i * 26}" font-size="13">${name} district</text>`,
    )
    .join("");
  const svg = `<svg width="560" height="300">${slices.join("")}${legend}</svg>`;
  return figurePage(
    random,
    pick(random, SANS),
    "Where the answers came from",
    svg,
    "Figure 3. Residents who answered, by district.",
  );
}

/** A flow diagram: sources in boxes, arrows (straight and bent) to one process, labelled how often. */
function diagramPage(random: Random): TableDoc {
  const sources = shuffled(random, ["Orders", "Returns", "Stock", "Prices", "Suppliers"]);
  const often = ["hourly", "daily", "weekly", "daily", "monthly"];
  const pitch = 46;
  const node = { x: 420, y: 30 + 2 * pitch + 15 };
  const arrows = sources
    .map((source, i) => {
      const y = 30 + i * pitch + 15;
      const bend = i % 2 === 0;
      const path = bend
        ? `M 130 ${y} C 230 ${y} 300 ${node.y} ${node.x - 8} ${node.y}`
        : `M 130 ${y} L ${node.x - 8} ${node.y}`;
      return `<rect x="20" y="${y - 15}" width="110" height="30" rx="4" fill="#eef" stroke="#335"/><text x="75" y="${y + 5}" text-anchor="middle" font-size="13">${source}</text><path d="${path}" fill="none" stroke="#335" stroke-width="1.5"/><text x="200" y="${y + 1}" font-size="12">${often[i]}</text>`;
    })
    .join("");
  const svg = `<svg width="560" height="${30 + sources.length * pitch}">${arrows}<circle cx="${node.x + 40}" cy="${node.y}" r="48" fill="#ffe" stroke="#335"/><text x="${node.x + 40}" y="${node.y + 5}" text-anchor="middle" font-size="13">Planner</text></svg>`;
  return figurePage(
    random,
    pick(random, SANS),
    "How the weekly plan is made",
    svg,
    "Figure 4. The sources the planner reads, and how often.",
  );
}

/** The documents, in the order of their files; `photo` ones are photographed too. */
const DOCUMENTS: { name: string; photo: boolean; make: (random: Random) => TableDoc }[] = [
  { name: "ruled-4-1", photo: true, make: (r) => tablePage(r, "ruled", 4) },
  { name: "ruled-4-2", photo: true, make: (r) => tablePage(r, "ruled", 4) },
  { name: "ruled-6-1", photo: true, make: (r) => tablePage(r, "ruled", 6) },
  { name: "ruled-6-2", photo: true, make: (r) => tablePage(r, "ruled", 6) },
  { name: "zebra-1", photo: true, make: (r) => tablePage(r, "zebra", 5) },
  { name: "zebra-2", photo: true, make: (r) => tablePage(r, "zebra", 4) },
  { name: "header-shaded-1", photo: true, make: (r) => tablePage(r, "header-shaded", 5) },
  { name: "header-shaded-2", photo: true, make: (r) => tablePage(r, "header-dark", 6) },
  { name: "wrapped-1", photo: true, make: (r) => tablePage(r, "wrapped-ruled", 0) },
  { name: "wrapped-2", photo: true, make: (r) => tablePage(r, "wrapped-plain", 0) },
  { name: "wrapped-3", photo: true, make: (r) => tablePage(r, "wrapped-zebra", 0) },
  { name: "prose-1", photo: false, make: prosePage },
  { name: "prose-2", photo: false, make: prosePage },
  { name: "chart-1", photo: false, make: chartPage },
  { name: "chart-2", photo: false, make: barsPage },
  { name: "chart-3", photo: false, make: piePage },
  { name: "diagram-1", photo: false, make: diagramPage },
];

/** Rows as Biome formats JSON: the outer list broken, each row on one line unless it is wider than 100 columns. */
function rowsJson(rows: Rows): string {
  if (rows.length === 0) return `{ "rows": [] }\n`;
  const row = (cells: string[], last: boolean) => {
    const comma = last ? "" : ",";
    const line = `    [${cells.map((c) => JSON.stringify(c)).join(", ")}]${comma}`;
    if (line.length <= 100) return line;
    return `    [\n${cells.map((c) => `      ${JSON.stringify(c)}`).join(",\n")}\n    ]${comma}`;
  };
  return `{\n  "rows": [\n${rows.map((r, i) => row(r, i === rows.length - 1)).join("\n")}\n  ]\n}\n`;
}

/** Writes every table document (PDF, and the photo of each table) with its truth into `dir`, `jobs` at a time. */
export async function generateTables(
  renderer: Renderer,
  dir: string,
  seed: number,
  jobs: number,
): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const write = (name: string, bytes: Buffer, rows: Rows) => {
    writeFileSync(path.join(dir, name), bytes);
    writeFileSync(path.join(dir, name.replace(/\.\w+$/, ".json")), rowsJson(rows));
    console.log(`tables/${name}`);
    return name;
  };
  const written = await pMap(
    DOCUMENTS,
    async (doc) => {
      const random = seeded(`${seed}:table:${doc.name}`);
      const { html, rows } = doc.make(random);
      const pdf = write(`${doc.name}.pdf`, await renderer.pdf(html, "A4"), rows);
      if (!doc.photo) return [pdf];
      const { png } = await renderer.image(html, {
        width: PAPER.A4.width,
        height: PAPER.A4.height,
        dpi: 200,
      });
      const photo = await photograph(png, random, {
        megapixels: 3.5 + random(),
        // Ruled tables under harsher light: the rules fade where the light falls off.
        light: doc.name.startsWith("ruled") ? 0.5 + random() * 0.1 : undefined,
      });
      return [pdf, write(`${doc.name}-photo.jpg`, photo, rows)];
    },
    { concurrency: jobs },
  );
  return written.flat();
}
