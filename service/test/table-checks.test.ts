// What makes a table a table, and an answer sure: the bench's cell-adjacency
// scorer on small tables made up by hand, pages that only look like tables
// (prose in columns, numbered lines, a chart's labels) read as none, ruled
// tables from the lines a PDF draws (turned ones too), and ragged answers unsure.
import { describe, expect, it } from "vitest";
import type { OcrPage, OcrSpan, Table } from "@/lib/kernel/contract";
import {
  adjacencyPairs,
  adjacencyScore,
  countPairs,
  readTruth,
  scoreDocument,
} from "../../bench/table-scores";
import { brokenRows, type Segment } from "../src/providers/tables/lattice";
import { lineTables } from "../src/providers/tables/lattice-page";
import { checkTables, streamChecks } from "../src/providers/tables/provider";
import { hasRuledContent, hasTableShape } from "../src/providers/tables/shape";
import { streamTables } from "../src/providers/tables/stream";

describe("cell adjacency (ICDAR 2013)", () => {
  const truth = [
    ["Item", "Qty", "Price"],
    ["Bolts", "", "1.20"],
    ["Glue", "3", "4.50"],
  ];

  it("pairs each cell with its nearest non-empty neighbour to the right and below", () => {
    expect(adjacencyPairs(truth).sort()).toEqual(
      [
        "→Item|Qty",
        "→Qty|Price",
        "→Bolts|1.20",
        "→Glue|3",
        "→3|4.50",
        "↓Item|Bolts",
        "↓Bolts|Glue",
        "↓Qty|3",
        "↓Price|1.20",
        "↓1.20|4.50",
      ].sort(),
    );
  });

  it("scores a perfect answer 1, ignoring white space inside cells", () => {
    const found = truth.map((row) => row.map((cell) => cell.replace("Price", "Pri\nce")));
    expect(adjacencyScore(countPairs([found], [truth]))).toEqual({
      precision: 1,
      recall: 1,
      f1: 1,
    });
  });

  it("loses only the pairs across a fault: two columns merged", () => {
    const merged = [
      ["Item", "Qty Price"],
      ["Bolts", "1.20"],
      ["Glue", "3 4.50"],
    ];
    const count = countPairs([merged], [truth]);
    // Kept: Item↓Bolts, Bolts↓Glue, Bolts→1.20 (the empty Qty passed over).
    // Found 7 pairs, 3 right, of the truth's 10.
    expect(count).toEqual({ truth: 10, found: 7, right: 3 });
    const { precision, recall, f1 } = adjacencyScore(count);
    expect(precision).toBeCloseTo(3 / 7);
    expect(recall).toBeCloseTo(3 / 10);
    expect(f1).toBeCloseTo((2 * (3 / 7) * (3 / 10)) / (3 / 7 + 3 / 10));
  });

  it("counts repeated pairs as often as the truth holds them", () => {
    const twice = [
      ["a", "b"],
      ["a", "b"],
    ];
    expect(countPairs([twice, twice], [twice])).toEqual({ truth: 4, found: 8, right: 4 });
  });

  it("scores a document over the pages its truth covers, and counts tables on pages that have none", () => {
    const doc = readTruth({ tables: [{ page: 1, rows: truth }], pages: [1, 2] });
    const score = scoreDocument(
      [
        { page: 1, rows: truth },
        { page: 2, rows: [["x", "y"]] },
        { page: 3, rows: [["not", "covered"]] },
      ],
      doc,
    );
    expect(score).toMatchObject({ cellsRight: 9, cells: 9, emptyPages: 1, falseTables: 1 });
    expect(score.pairs).toEqual({ truth: 10, found: 10, right: 10 });
    expect(readTruth({ rows: [] })).toEqual({ pages: [1], tables: [] });
  });
});

/** A word `size` px high whose box is as wide as its letters. */
const at = (text: string, x0: number, y0: number, size = 10, confidence = 1): OcrSpan => ({
  text,
  confidence,
  bbox: { x0, y0, x1: x0 + text.length * size * 0.55, y1: y0 + size },
});

/** Lines of words laid left to right from x0, one space apart, `pitch` px apart. */
function lines(texts: readonly string[], x0: number, y0: number, pitch = 14): OcrSpan[] {
  return texts.flatMap((line, i) => {
    let x = x0;
    return line.split(" ").map((w) => {
      const word = at(w, x, y0 + i * pitch);
      x = word.bbox.x1 + 3;
      return word;
    });
  });
}

describe("a page that is not a table", () => {
  const prose = [
    "The committee met on Tuesday to discuss the",
    "proposed changes to the schedule and agreed",
    "that the work would resume in the spring, as",
    "long as the funding for the second phase is",
    "confirmed by the board before the end of May.",
  ];

  it("reads three columns of running text as none", () => {
    const words = [...lines(prose, 0, 0), ...lines(prose, 300, 0), ...lines(prose, 600, 0)];
    expect(streamTables(1, words)).toEqual([]);
  });

  it("reads a transcript beside its line numbers, or a numbered list, as none", () => {
    const numbered = prose.flatMap((line, i) => [
      at(String(i + 1), 0, i * 14),
      ...lines([line], 40, i * 14),
    ]);
    expect(streamTables(1, numbered)).toEqual([]);
    expect(
      hasTableShape([
        ["1.", "Open the valve slowly until the gauge reads two bar"],
        ["2.", "Wait for the pressure to settle before the next step"],
        ["3.", "Close the valve and write the reading in the log book"],
      ]),
    ).toBe(false);
    // A meeting's agenda, a speck after one number (the text layer's "`").
    expect(
      hasTableShape([
        ["1.", "CALL TO ORDER/FLAG SALUTE"],
        ["2. `", "PUBLIC COMMENT – ITEMS ON THE AGENDA The public may address the Board"],
        ["3.", "CLOSED SESSION By law, closed sessions are not open to the public"],
      ]),
    ).toBe(false);
  });

  it("reads a chart's axis labels beside its legend as none, and OCR's specks do not count", () => {
    expect(
      hasTableShape([
        ["500", "", "Support"],
        ["", "", "No vote"],
        ["400", "", "Oppose"],
        ["", "", "Net"],
      ]),
    ).toBe(false);
    const specks = [
      at("500", 0, 0),
      at("A", 300, 0, 10, 0.3),
      at("Support", 600, 0),
      at("400", 0, 14),
      at("po", 300, 14, 10, 0.2),
      at("Oppose", 600, 14),
      at("300", 0, 28),
      at("\\/", 300, 28, 10, 0.9),
      at("Net", 600, 28, 10, 0.3),
    ];
    expect(streamTables(1, specks)).toEqual([]);
  });

  it("holds a price list with a section's heading every other row", () => {
    const list = [
      ["Les Blancs", "12.5CL"],
      ["A.O.P Côtes du Rhône", ""],
      ["Domaine de la Guicharde « Autour de la chapelle » 2016", "8 €"],
      ["A.O.P Vacqueyras", ""],
      ["Domaine de Montvac « Melodine » 2016", "10 €"],
      ["A.O.P Châteauneuf du Pape", ""],
      ["Domaine de Beaurenard 2017", "13 €"],
    ];
    expect(hasTableShape(list)).toBe(true);
    // The same rows of one cell in the last column are a chart's labels, not headings.
    expect(
      hasTableShape(list.map(([name = "", price = ""]) => (price ? [name, price] : ["", name]))),
    ).toBe(false);
  });

  it("reads a bar chart's labels and values over its scale as none, and keeps a table headed by years", () => {
    // Chelsea's survey chart: each bar's value at its end, the scale under them.
    const bars = [
      ["NEUTRE", "9%", "", "", "", "", "", ""],
      ["EN ACCORD", "", "26%", "", "", "", "", ""],
      ["COMPLÈTEMENT EN ACCORD", "", "", "", "", "", "62%", ""],
    ];
    expect(hasTableShape([...bars, ["0%", "10%", "20%", "30%", "40%", "50%", "60%", "70%"]])).toBe(
      false,
    );
    // Figures in equal steps over a table's rows are its head, and under them no scale of a chart.
    const years = ["", "2019", "2020", "2021", "2022"];
    const body = [
      ["Revenue", "100", "120", "130", "150"],
      ["Profit", "10", "12", "15", "18"],
    ];
    expect(hasTableShape([years, ...body])).toBe(true);
    // A row labelled is a row, whatever its figures.
    expect(hasTableShape([...body, ["Staff", "10", "20", "30", "40"]])).toBe(true);
  });

  it("holds a table of figures beside labels of several words", () => {
    expect(
      hasTableShape([
        ["Net Asset Value at 31 December", "5,111,372"],
        ["Number of outstanding units", "49,136"],
        ["Net Asset Value per unit", "104.03"],
      ]),
    ).toBe(true);
  });

  it("finds no ruled table in a grid that holds next to no text (a chart's grid lines)", () => {
    const empty = Array.from({ length: 6 }, (_, r) =>
      Array.from({ length: 6 }, (_, c) => (r === 0 && c === 0 ? "300" : "")),
    );
    expect(hasRuledContent({ rows: empty })).toBe(false);
  });
});

describe("ruled tables from the lines a PDF draws", () => {
  /** A page of `words` at 72 dpi. */
  const pdfPage = (words: OcrSpan[], width = 600, height = 800): OcrPage => ({
    number: 1,
    width,
    height,
    dpi: 72,
    text: "",
    confidence: 1,
    lines: [],
    words,
  });
  const rules = (xs: readonly number[], ys: readonly number[]): Segment[] => [
    ...ys.map((y) => ({ x0: xs[0] ?? 0, y0: y, x1: xs.at(-1) ?? 0, y1: y, width: 1 })),
    ...xs.map((x) => ({ x0: x, y0: ys[0] ?? 0, x1: x, y1: ys.at(-1) ?? 0, width: 1 })),
  ];

  it("fills the grid its rules make, cut cell by cell", () => {
    // Each rule drawn as one piece a cell long, as spreadsheets print them.
    const pieces = rules([50, 200, 300], [50, 80, 110]).flatMap((r) =>
      r.x0 === r.x1
        ? [
            { ...r, y1: 80 },
            { ...r, y0: 80 },
          ]
        : [
            { ...r, x1: 200 },
            { ...r, x0: 200 },
          ],
    );
    const words = [at("Item", 60, 60), at("Qty", 210, 60), at("Glue", 60, 90), at("3", 210, 90)];
    const [found, ...rest] = lineTables(pieces, pdfPage(words));
    expect(rest).toEqual([]);
    expect(found?.table.rows).toEqual([
      ["Item", "Qty"],
      ["Glue", "3"],
    ]);
    expect(found?.fromPixels).toBe(false);
  });

  it("takes no grid whose cell holds a row of several columns (rules a shaded row hides)", () => {
    // Ruled around and under its head, with a rule between the head's two
    // cells only: each body row's figures fall into one cell across the table.
    const head = rules([50, 200, 500], [50, 80]);
    const body = rules([50, 500], [80, 110, 140]);
    const words = [
      at("State", 60, 60),
      at("Outlay", 210, 60),
      ...[
        ["Assam", "14,874,821", "2,554,197", "161,600"],
        ["Bihar", "21,016,708", "4,332,141", "5,329,000"],
      ].flatMap((row, r) => row.map((text, c) => at(text, 60 + c * 110, 90 + r * 30))),
    ];
    expect(lineTables([...head, ...body], pdfPage(words))).toEqual([]);
    // The same rows, each figure in a cell of its own, are a table.
    const ruled = rules([50, 160, 270, 380, 500], [50, 80, 110, 140]);
    expect(lineTables(ruled, pdfPage(words))).toHaveLength(1);
  });

  it("takes the names of its rows printed left of its rules as its first column", () => {
    // Ruled from x 150: a head row, then three rows of figures named outside the rules.
    const grid = rules([150, 250, 350], [50, 80, 110, 140, 170]);
    const figures = [
      at("Voters", 160, 60),
      at("Totals", 260, 60),
      ...[
        ["963", "439"],
        ["923", "393"],
        ["1026", "349"],
      ].flatMap((row, r) => row.map((text, c) => at(text, 160 + c * 100, 90 + r * 30))),
    ];
    const names = [
      at("Alcona", 60, 90),
      at("Caledonia", 60, 120),
      at("City", 60, 150),
      at("Harrisville", 85, 150),
    ];
    const [found] = lineTables(grid, pdfPage([...figures, ...names]));
    expect(found?.table.rows).toEqual([
      ["", "Voters", "Totals"],
      ["Alcona", "963", "439"],
      ["Caledonia", "923", "393"],
      ["City Harrisville", "1026", "349"],
    ]);
    expect(found?.table.bbox.x0).toBe(60);
    // Lines of prose beside it, at a pitch of their own, are none of its rows.
    const prose = lines(
      ["The county's", "figures were", "counted twice", "and checked."],
      70,
      84,
      22,
    );
    expect(lineTables(grid, pdfPage([...figures, ...prose]))[0]?.table.rows[1]).toEqual([
      "963",
      "439",
    ]);
  });

  it("reads a table printed turned to read down the page the way its text runs", () => {
    // The table of the test above turned a quarter clockwise on a page 600 wide:
    // (x, y) → (600 − y, x); its words stand upright and read downwards.
    const width = 600;
    const turn = (x: number, y: number) => [width - y, x] as const;
    const segments = rules([50, 200, 300], [50, 80, 110]).map((r) => {
      const [x0, y0] = turn(r.x0, r.y0);
      const [x1, y1] = turn(r.x1, r.y1);
      return { x0, y0, x1, y1, width: r.width };
    });
    const upright = (text: string, x: number, y: number): OcrSpan => {
      const flat = at(text, x, y);
      const [ax, ay] = turn(flat.bbox.x0, flat.bbox.y1);
      const [bx, by] = turn(flat.bbox.x1, flat.bbox.y0);
      return { ...flat, bbox: { x0: ax, y0: ay, x1: bx, y1: by } };
    };
    const words = [
      upright("Item", 60, 60),
      upright("Qty", 210, 60),
      upright("Glue", 60, 90),
      upright("3", 210, 90),
    ];
    const down = {
      to: (b: OcrSpan["bbox"]) => ({ x0: b.y0, y0: width - b.x1, x1: b.y1, y1: width - b.x0 }),
      back: (b: OcrSpan["bbox"]) => ({ x0: width - b.y1, y0: b.x0, x1: width - b.y0, y1: b.x1 }),
    };
    const [found] = lineTables(segments, pdfPage(words, width), down);
    expect(found?.table.rows).toEqual([
      ["Item", "Qty"],
      ["Glue", "3"],
    ]);
  });
});

describe("ragged answers are unsure", () => {
  const cell = (row: number, col: number, col_span = 1) => ({
    row,
    col,
    row_span: 1,
    col_span,
    text: "x",
    bbox: { x0: 0, y0: 0, x1: 1, y1: 1 },
  });
  const table = (cells: Table["cells"], rows: string[][]): Table => ({
    page: 1,
    bbox: { x0: 0, y0: 0, x1: 1, y1: 1 },
    rows,
    cells,
  });

  it("a grid from white space whose rows disagree on their columns", () => {
    const rows = [
      ["A", "B", "C"],
      ["D", "E", "F"],
      ["wide", "", "G"],
    ];
    const ragged = table(
      [
        cell(0, 0),
        cell(0, 1),
        cell(0, 2),
        cell(1, 0),
        cell(1, 1),
        cell(1, 2),
        cell(2, 0, 2),
        cell(2, 2),
      ],
      rows,
    );
    expect(streamChecks([ragged])).toEqual({
      table_found: true,
      rows_agree: false,
      words_within_rules: null,
    });
    const check = checkTables({ tables: [ragged], text: "", pages: [] });
    expect(check).toMatchObject({ confident: false, reason: "1 of 3 rows ragged" });
    expect(streamChecks([])).toMatchObject({ table_found: false, rows_agree: null });
  });

  it("a ruled grid from pixels with a cell over some columns under its head (a rule half found)", () => {
    const rows = Array.from({ length: 4 }, () => ["a", "b", "c"]);
    const full = (r: number) => [cell(r, 0), cell(r, 1), cell(r, 2)];
    const heading = table([...full(0), cell(1, 0, 3), ...full(2), cell(3, 0, 2), cell(3, 2)], rows);
    // A heading across every column is a heading; a cell over two of three is not.
    expect(brokenRows(heading)).toBe(1);
    expect(checkTables({ tables: [heading], text: "", pages: [] }, brokenRows)).toMatchObject({
      confident: false,
      score: 0.75,
    });
  });
});
