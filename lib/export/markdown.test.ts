import { describe, expect, it } from "vitest";
import type { OcrData, OcrSpan, TableData } from "@/lib/kernel/contract";
import { escapeMarkdown, ocrMarkdown, tableMarkdown, tablesMarkdown } from "./markdown";

const line = (text: string, y: number, height = 20): OcrSpan => ({
  text,
  confidence: 0.9,
  bbox: { x0: 10, y0: y, x1: 400, y1: y + height },
});

const block = (lines: OcrSpan[]) => ({
  text: lines.map((l) => l.text).join("\n"),
  bbox: { x0: 10, y0: lines[0]?.bbox.y0 ?? 0, x1: 400, y1: lines.at(-1)?.bbox.y1 ?? 0 },
  lines,
});

const page = (number: number, blocks: ReturnType<typeof block>[]) => ({
  number,
  width: 1000,
  height: 1400,
  text: blocks.map((b) => b.text).join("\n"),
  confidence: 0.9,
  lines: blocks.flatMap((b) => b.lines),
  words: [],
  blocks,
});

describe("ocrMarkdown", () => {
  it("makes a large short block a heading, and joins a block's lines into a paragraph", () => {
    const data: OcrData = {
      text: "",
      language: "eng",
      pages: [
        page(1, [
          block([line("Annual report", 10, 44)]),
          block([line("Results", 80, 28)]),
          block([line("The year went well, with an exam-", 130), line("ple of growth.", 155)]),
          block([line("Next steps:", 200), line("hire two people.", 225)]),
        ]),
        page(2, [block([line("Second page text.", 10)])]),
      ],
    };
    expect(ocrMarkdown(data)).toBe(
      [
        "# Annual report",
        "",
        "## Results",
        "",
        "The year went well, with an example of growth.",
        "",
        "Next steps: hire two people.",
        "",
        "---",
        "",
        "Second page text.",
        "",
      ].join("\n"),
    );
  });

  it("escapes what the document's text would otherwise turn into markup", () => {
    expect(escapeMarkdown("# not a heading")).toBe("\\# not a heading");
    expect(escapeMarkdown("1. not a list <script>alert(1)</script> *x* [a](b)")).toBe(
      "1\\. not a list \\<script\\>alert(1)\\</script\\> \\*x\\* \\[a\\](b)",
    );
    expect(escapeMarkdown("- item")).toBe("\\- item");
  });

  it("uses the page text's paragraphs when a service gives no blocks", () => {
    const data: OcrData = {
      text: "",
      language: "eng",
      pages: [{ ...page(1, []), blocks: undefined, text: "One\ntwo\n\nThree" }],
    };
    expect(ocrMarkdown(data)).toBe("One two\n\nThree\n");
  });
});

describe("tablesMarkdown", () => {
  const table = {
    page: 1,
    bbox: { x0: 0, y0: 0, x1: 1, y1: 1 },
    rows: [
      ["Item", "Price"],
      ["Tea | green", "1.50"],
      ["Two\nlines", ""],
    ],
    cells: [],
  };

  it("writes a GFM table, header first, pipes escaped, one line per row", () => {
    expect(tableMarkdown(table)).toBe(
      ["| Item | Price |", "| --- | --- |", "| Tea \\| green | 1.50 |", "| Two lines |  |"].join(
        "\n",
      ),
    );
  });

  it("gives each table a heading", () => {
    const data: TableData = { tables: [table, { ...table, page: 2 }], text: "", pages: [] };
    const md = tablesMarkdown(data);
    expect(md).toContain("## Table 1 (page 1)\n\n| Item | Price |");
    expect(md).toContain("## Table 2 (page 2)");
  });
});
