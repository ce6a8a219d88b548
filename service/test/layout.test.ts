// The layout layer on words with known boxes: two-column pages read column by
// column, tables and receipts row by row, blocks split at paragraph gaps; with
// the engine's own blocks, its reading order kept where a person reads so.
import { describe, expect, it } from "vitest";
import { type OcrSpan, ocrBlockSchema } from "@/lib/kernel/contract";
import { parseTsv } from "../src/engines/tsv";
import { layoutWords } from "../src/layout";

/** Words of a line set in a monospaced way: 10 px per character, 10 px spaces, 16 px high. */
function line(text: string, x: number, y: number): OcrSpan[] {
  const words: OcrSpan[] = [];
  let at = x;
  for (const word of text.split(" ")) {
    const width = word.length * 10;
    words.push({
      text: word,
      confidence: 0.9,
      bbox: { x0: at, y0: y, x1: at + width, y1: y + 16 },
    });
    at += width + 10;
  }
  return words;
}

/** Lines of text one under the other, 22 px apart. */
function column(lines: readonly string[], x: number, y: number): OcrSpan[] {
  return lines.flatMap((text, i) => line(text, x, y + i * 22));
}

/** Rows of a table, two cells each ("Aqua fit|Monday") set at `xs`, 22 px apart. */
function rowsOf(rows: readonly string[], xs: readonly [number, number], y: number): OcrSpan[] {
  return rows.flatMap((row, i) => {
    const [first = "", second = ""] = row.split("|");
    return [...line(first, xs[0], y + i * 22), ...line(second, xs[1], y + i * 22)];
  });
}

const shuffle = (words: OcrSpan[]) =>
  words
    .map((w, i) => ({ w, k: (i * 7919) % 101 }))
    .sort((a, b) => a.k - b.k)
    .map(({ w }) => w);

const LEFT = ["the left column starts here", "and it goes on for a", "few lines of running text"];
const RIGHT = [
  "the right column follows it",
  "with lines of its own that",
  "end the article at last",
];

describe("layoutWords", () => {
  it("reads a two-column page column by column, title first", () => {
    const words = [
      ...line("A Title Across Both Columns Of This Page", 40, 10),
      ...column(LEFT, 40, 60),
      ...column(RIGHT, 360, 60),
    ];
    const layout = layoutWords(shuffle(words));
    expect(layout.text).toBe(
      ["A Title Across Both Columns Of This Page", ...LEFT, ...RIGHT].join("\n"),
    );
    expect(layout.blocks.map((b) => b.text)).toEqual([
      "A Title Across Both Columns Of This Page",
      LEFT.join("\n"),
      RIGHT.join("\n"),
    ]);
    for (const block of layout.blocks) expect(ocrBlockSchema.parse(block)).toEqual(block);
    expect(layout.blocks[1]?.bbox).toEqual({ x0: 40, y0: 60, x1: 40 + 27 * 10, y1: 60 + 44 + 16 });
    expect(layout.words.map((w) => w.text).join(" ")).toBe(layout.text.replace(/\n/g, " "));
  });

  it("keeps column order when the columns' lines do not line up", () => {
    const words = [...column(LEFT, 40, 60), ...column(RIGHT, 360, 71)];
    expect(layoutWords(words).text).toBe([...LEFT, ...RIGHT].join("\n"));
  });

  it("reads paragraphs that break at the same height in both columns in column order", () => {
    const words = [
      ...column(LEFT, 40, 60),
      ...column(RIGHT, 360, 60),
      ...column(LEFT, 40, 160),
      ...column(RIGHT, 360, 160),
    ];
    expect(layoutWords(words).text).toBe([...LEFT, ...LEFT, ...RIGHT, ...RIGHT].join("\n"));
  });

  it("reads a table row by row", () => {
    const rows = [
      ["Item", "Qty", "Price"],
      ["Paper A4", "2", "9.80"],
      ["Blue pens", "10", "4.50"],
      ["Stapler", "1", "12.00"],
    ];
    const words = rows.flatMap(([a = "", b = "", c = ""], i) => [
      ...line(a, 40, 40 + i * 22),
      ...line(b, 300, 40 + i * 22),
      ...line(c, 450, 40 + i * 22),
    ]);
    const layout = layoutWords(shuffle(words));
    expect(layout.text).toBe(rows.map((r) => r.join(" ")).join("\n"));
    expect(layout.blocks).toHaveLength(1);
  });

  it("reads a receipt's items with their amounts", () => {
    const items = ["Coffee beans 500 g", "Oat milk 1 l", "Croissant butter"];
    const amounts = ["8.90", "2.10", "1.80"];
    const words = items.flatMap((item, i) => [
      ...line(item, 20, 30 + i * 22),
      ...line(amounts[i] ?? "", 400, 30 + i * 22),
    ]);
    expect(layoutWords(words).text).toBe(
      items.map((item, i) => `${item} ${amounts[i]}`).join("\n"),
    );
  });

  it("splits blocks at paragraph gaps and follows a slight tilt within a line", () => {
    const tilted = line("words that drift down a little as the line goes", 40, 40).map((w, i) => ({
      ...w,
      bbox: { ...w.bbox, y0: w.bbox.y0 + i * 1.5, y1: w.bbox.y1 + i * 1.5 },
    }));
    const words = [...tilted, ...line("the next paragraph", 40, 110)];
    const layout = layoutWords(words);
    expect(layout.blocks.map((b) => b.text)).toEqual([
      "words that drift down a little as the line goes",
      "the next paragraph",
    ]);
  });

  it("lays out nothing as nothing", () => {
    expect(layoutWords([])).toEqual({ blocks: [], lines: [], words: [], text: "" });
  });
});

/** Three columns of prose whose lines sit level, `gutter` px apart. */
const COLUMNS = [
  ["pupils from the grammar", "school have finished a", "survey of the playground"],
  ["next saturday morning a", "group of local beekeepers", "has asked the council"],
  ["reading room above the", "post office by the end", "of april this spring"],
];
function threeColumns(gutter: number): OcrSpan[][] {
  let x = 40;
  return COLUMNS.map((lines) => {
    const words = column(lines, x, 60);
    x += Math.max(...lines.map((l) => l.length)) * 10 + gutter;
    return words;
  });
}

describe("layoutWords with the engine's blocks", () => {
  it("reads three columns in column order where the gutters are too narrow for the XY-cut", () => {
    // 15 px gutters under 16 px words: the XY-cut alone sees no column there.
    const blocks = threeColumns(15);
    const words = blocks.flat();
    expect(layoutWords(words).text).not.toBe(COLUMNS.flat().join("\n"));
    expect(layoutWords(shuffle(words), blocks).text).toBe(COLUMNS.flat().join("\n"));
  });

  it("reads a three-column page from tesseract's TSV column by column", () => {
    const header =
      "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext";
    const rows = threeColumns(15).flatMap((block, b) =>
      block.map((w, i) => {
        const { x0, y0, x1, y1 } = w.bbox;
        const line = Math.round((y0 - 60) / 22) + 1;
        return `5\t1\t${b + 1}\t1\t${line}\t${i + 1}\t${x0}\t${y0}\t${x1 - x0}\t${y1 - y0}\t90\t${w.text}`;
      }),
    );
    const page = parseTsv([header, "1\t1\t0\t0\t0\t0\t0\t0\t900\t300\t-1\t", ...rows].join("\n"));
    expect(page.text).toBe(COLUMNS.flat().join("\n"));
    expect(page.blocks.map((b) => b.text)).toEqual(COLUMNS.map((c) => c.join("\n")));
  });

  it("keeps a recipient's address set to the right before the body", () => {
    const sender = ["Brightwater Hotels plc", "2 Esplanade Road", "Brighton BN2 1TW"];
    const recipient = [
      "Wexley Property Management",
      "Mr Daniel Okafor",
      "120 Victoria Road",
      "Cardiff CF11 9LJ",
    ];
    const body = [
      "Thank you for your letter of 14 May concerning the renewal of our contract",
      "We are pleased to confirm that the revised terms apply from next month",
    ];
    // Tesseract runs the two addresses together into one block, line by line.
    const addresses = [...column(sender, 40, 40), ...column(recipient, 420, 40)];
    const reference = line("Our ref SV-2405", 40, 150);
    const salutation = line("Dear Mr Okafor,", 40, 190);
    const letter = column(body, 40, 230);
    const blocks = [addresses, reference, salutation, letter];
    const expected = [...sender, ...recipient, "Our ref SV-2405", "Dear Mr Okafor,", ...body];
    expect(layoutWords(shuffle(blocks.flat()), blocks).text).toBe(expected.join("\n"));
  });

  it("reads a block above another and within its width first, whatever the engine's order", () => {
    const shop = ["Contoso", "1 RUE DE LA DURANCE", "75012 PARIS FRANCE"];
    const items = ["1 GRAINE DE CHIA 3.00 B", "1 POKE 20.00 C", "TOTAL 21.00"];
    // Junk read from the slip's dark edge (a tall "M") widens the items' block,
    // and the engine reads the shop's header after it.
    const edge: OcrSpan = {
      text: "M",
      confidence: 0.25,
      bbox: { x0: 30, y0: 100, x1: 40, y1: 160 },
    };
    const header = column(shop, 80, 20);
    const body = [...column(items, 60, 100), edge];
    const text = layoutWords(shuffle([...header, ...body]), [body, header]).text;
    expect(text.startsWith(shop.join("\n"))).toBe(true);
    // Columns side by side keep the engine's order.
    const blocks = threeColumns(15);
    expect(layoutWords(shuffle(blocks.flat()), blocks).text).toBe(COLUMNS.flat().join("\n"));
  });

  it("reads a form's labels with their values, row by row", () => {
    const labels = ["Surname", "Date of birth", "Address"];
    const values = ["KOWALSKI", "12/05/1961", "136 NORTH STREET", "EX4 6NP"];
    // The labels in two blocks, the last alone; the values in one block of their own.
    const blocks = [column(labels, 40, 40), line("Postcode", 40, 106), column(values, 300, 40)];
    const rows = [...labels, "Postcode"].map((label, i) => `${label} ${values[i]}`);
    const layout = layoutWords(blocks.flat(), blocks);
    expect(layout.text).toBe(rows.join("\n"));
  });

  it("reads a table the engine cut into columns row by row", () => {
    const columns = [
      ["Item", "Paper", "Pens", "Stapler"],
      ["Qty", "2", "10", "1"],
      ["Price", "9.80", "4.50", "12.00"],
    ];
    const blocks = columns.map((cells, i) => column(cells, 40 + i * 200, 40));
    const rows = [0, 1, 2, 3].map((r) => columns.map((c) => c[r]).join(" "));
    expect(layoutWords(blocks.flat(), blocks).text).toBe(rows.join("\n"));
  });

  it("reads a table the engine cut in two, with words of several cells a line, row by row", () => {
    // Enough words a line on each side that the XY-cut alone takes them for columns of prose.
    const left = [
      "Activity|Day",
      "Aqua fit|Monday",
      "Walking football|Sunday",
      "Lane swimming|Monday",
      "Circuit training|Wednesday",
    ];
    const right = [
      "Time|Where",
      "09:30|Main pool",
      "10:30|Astro pitch",
      "18:00|Main pool",
      "19:15|Sports hall",
    ];
    // A heading over the left part, in the same block: one line more on that side.
    const blocks = [
      [...line("Sessions", 40, 18), ...rowsOf(left, [40, 300], 40)],
      rowsOf(right, [500, 600], 40),
    ];
    const rows = left.map((row, i) => `${row} ${right[i]}`.replaceAll("|", " "));
    expect(layoutWords(blocks.flat(), blocks).text).toBe(["Sessions", ...rows].join("\n"));
  });

  it("reads a form with two pairs of columns row by row", () => {
    // Tesseract gives the whole form as one block; the second pair fills two rows of four.
    const rows = [
      ["Name Anna Weber", "Vorname Soren Maria"],
      ["Personalnummer 684727"],
      ["Strasse Lindenweg 42"],
      ["PLZ 63273", "Ort Bielefeld Mitte"],
    ];
    const block = rows.flatMap(([a = "", b], i) => [
      ...line(a, 40, 40 + i * 60),
      ...(b ? line(b, 420, 40 + i * 60) : []),
    ]);
    expect(layoutWords(block, [block]).text).toBe(rows.map((r) => r.join(" ")).join("\n"));
  });

  it("keeps a heading the engine cut in two on its line, before the lines below", () => {
    // Tesseract's blocks: "CORNER" with the date below it, then "CAFE", one word space right of "CORNER".
    const corner = line("CORNER", 150, 20);
    const date = line("2026-03-12 10:22", 20, 60);
    const cafe = line("CAFE", 220, 20);
    const items = column(["Stapler 10.33", "Green tea 3.32"], 20, 100);
    const blocks = [[...corner, ...date], cafe, items];
    expect(layoutWords(blocks.flat(), blocks).text).toBe(
      ["CORNER CAFE", "2026-03-12 10:22", "Stapler 10.33", "Green tea 3.32"].join("\n"),
    );
  });

  it("keeps a heading beside a column of prose a block of its own", () => {
    const heading = line("News from the library", 400, 60);
    const prose = column(LEFT, 40, 60);
    const more = column(RIGHT, 400, 100);
    const blocks = [prose, heading, more];
    expect(layoutWords(blocks.flat(), blocks).text).toBe(
      [...LEFT, "News from the library", ...RIGHT].join("\n"),
    );
  });

  it("sets words read after the page analysis inside the block they fall in", () => {
    const first = column(LEFT, 40, 60);
    const second = column(RIGHT, 40, 160);
    // Read later from ink the page analysis left: at the end of the first block's second line.
    const late = line("late", 250, 82);
    const text = layoutWords([...first, ...second, ...late], [first, second]).text;
    expect(text).toBe([LEFT[0], `${LEFT[1]} late`, LEFT[2], ...RIGHT].join("\n"));
  });
});
