// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import Papa from "papaparse";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResultView } from "@/components/result/result-view";
import type { TableData } from "@/lib/kernel/contract";
import { sampleMeta, sampleTables } from "@/lib/testing/result-samples";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const grid = (card: HTMLElement) =>
  [...card.querySelectorAll("tr")].map((row) =>
    [...row.querySelectorAll("th, td")].map((cell) => cell.textContent),
  );

describe("the table result", () => {
  it("draws each table as a grid with its header row, and merged cells merged", () => {
    render(
      <ResultView result={{ kind: "table", data: sampleTables, meta: sampleMeta }} support={{}} />,
    );
    const cards = screen.getAllByTestId("table-card");
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole("heading").textContent).toBe("Table 1");
    expect(first.textContent).toContain("Page 1 · 4 rows × 4 columns");
    expect(grid(first)).toEqual(sampleTables.tables[0]?.rows);
    expect(
      within(first)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Item", "Region", "Q1", "Q2"]);
    expect(grid(second)).toEqual([
      ["Staff by site"],
      ["Site", "Staff"],
      ["Leeds", "14"],
      ["York", "9"],
    ]);
    expect(within(second).getByRole("columnheader").getAttribute("colspan")).toBe("2");
  });

  it("a label over every row of a table with no head heads those rows, from the top", () => {
    const [table] = sampleTables.tables;
    const rows = [
      ["North", "January", "120"],
      ["", "February", "135"],
      ["", "March", "150"],
    ];
    const cells = rows.flatMap((row, r) =>
      row.flatMap((text, c) =>
        r > 0 && c === 0
          ? []
          : [{ row: r, col: c, row_span: c === 0 ? 3 : 1, col_span: 1, text, bbox: table?.bbox }],
      ),
    );
    const data = { ...sampleTables, tables: [{ ...table, rows, cells }] } as TableData;
    render(<ResultView result={{ kind: "table", data, meta: sampleMeta }} support={{}} />);
    const card = screen.getByTestId("table-card");
    expect(card.querySelector("thead")).toBeNull();
    const label = within(card).getByRole("rowheader");
    expect(label.textContent).toBe("North");
    expect(label.getAttribute("scope")).toBe("rowgroup");
    expect(label.getAttribute("rowspan")).toBe("3");
    expect(label.className).toContain("align-top");
    expect(grid(card)).toEqual([
      ["North", "January", "120"],
      ["February", "135"],
      ["March", "150"],
    ]);
  });

  it("shows the table's box on the page on focus, and a cell's box under the pointer", () => {
    render(
      <ResultView result={{ kind: "table", data: sampleTables, meta: sampleMeta }} support={{}} />,
    );
    const page = screen.getByRole("img", { name: "Page 1: 2 marked." });
    expect(page.querySelectorAll("[data-testid=marks] rect")).toHaveLength(2);
    const region = screen.getByRole("region", { name: "Table 2" });
    fireEvent.focus(region);
    const box = screen.getByTestId("highlight-box");
    expect(box.getAttribute("data-highlight")).toBe("table:1");
    expect([box.getAttribute("x"), box.getAttribute("y"), box.getAttribute("width")]).toEqual([
      "100",
      "700",
      "600",
    ]);
    fireEvent.blur(region);
    expect(screen.queryByTestId("highlight-box")).toBeNull();

    const first = screen.getByRole("region", { name: "Table 1" });
    fireEvent.mouseEnter(first);
    fireEvent.mouseEnter(within(first).getByText("-12.50"));
    expect(screen.getByTestId("highlight-box").getAttribute("data-highlight")).toBe("table:0:2:2");
    expect(page.getAttribute("aria-label")).toBe(
      "Page 1: 2 marked; Table 1, row 3, column 3 (-12.50) highlighted.",
    );
    // Out of the cell, still over the table: the table's box again.
    fireEvent.mouseLeave(within(first).getByText("-12.50"), { relatedTarget: first });
    expect(screen.getByTestId("highlight-box").getAttribute("data-highlight")).toBe("table:0");
  });

  it("shows a cell's box after a tap, and keeps it when the finger lifts", () => {
    render(
      <ResultView result={{ kind: "table", data: sampleTables, meta: sampleMeta }} support={{}} />,
    );
    const first = screen.getByRole("region", { name: "Table 1" });
    const cell = within(first).getByText("-12.50");
    fireEvent.click(cell);
    expect(screen.getByTestId("highlight-box").getAttribute("data-highlight")).toBe("table:0:2:2");
    fireEvent.mouseLeave(cell);
    fireEvent.mouseLeave(first);
    expect(screen.getByTestId("highlight-box").getAttribute("data-highlight")).toBe("table:0:2:2");
  });

  it("downloads every table as Markdown, GFM tables under headings", async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return "blob:test";
    });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    render(
      <ResultView
        result={{ kind: "table", data: sampleTables, meta: sampleMeta }}
        fileName="q1-prices.jpg"
        support={{}}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Download Markdown" }));
    const md = await (blobs[0] as Blob).text();
    expect(md).toMatch(/^## Table 1 \(page 1\)\n\n\| .* \|\n\|( --- \|)+\n/);
    expect(md).toContain("## Table 2");
  });

  it("downloads a table as CSV with the right cells", async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return "blob:test";
    });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    render(
      <ResultView
        result={{ kind: "table", data: sampleTables, meta: sampleMeta }}
        fileName="q1-prices.jpg"
        support={{}}
      />,
    );
    const first = screen.getAllByTestId("table-card")[0] as HTMLElement;
    let downloaded = "";
    vi.spyOn(document.body, "append").mockImplementation((node) => {
      if (node instanceof HTMLAnchorElement) downloaded = node.download;
    });
    fireEvent.click(within(first).getByRole("button", { name: "Download .csv" }));
    expect(downloaded).toBe("q1-prices-table-1.csv");
    const csv = await (blobs[0] as Blob).text();
    expect(Papa.parse(csv.trimEnd()).data).toEqual(sampleTables.tables[0]?.rows);
  });

  it("says which of the service's checks held, and leaves out those that did not apply", () => {
    const checked: TableData = {
      ...sampleTables,
      checks: { table_found: true, rows_agree: false, words_within_rules: null },
    };
    render(<ResultView result={{ kind: "table", data: checked, meta: sampleMeta }} support={{}} />);
    const checks = screen.getByTestId("table-checks");
    expect(checks.textContent).toContain("Passed: Tables were found");
    expect(checks.textContent).toContain(
      "Failed: Some rows do not line up with their table's columns",
    );
    expect(checks.querySelector("[data-check=words_within_rules]")).toBeNull();
    expect(checks.textContent).toContain("Compare the tables with the document");
  });

  it("shows no checks for an answer that carries none", () => {
    render(
      <ResultView result={{ kind: "table", data: sampleTables, meta: sampleMeta }} support={{}} />,
    );
    expect(screen.queryByTestId("table-checks")).toBeNull();
  });

  it("says so when no table was found, and never renders a cell as HTML", () => {
    const none: TableData = { ...sampleTables, tables: [] };
    const { unmount } = render(
      <ResultView result={{ kind: "table", data: none, meta: sampleMeta }} support={{}} />,
    );
    expect(screen.getByText("No tables were found in this document.")).toBeTruthy();
    unmount();

    const [table] = sampleTables.tables;
    const hostile: TableData = {
      ...sampleTables,
      tables: table
        ? [{ ...table, rows: [["<img src=x onerror=alert(1)>"], ["1"]], cells: [] }]
        : [],
    };
    const { container } = render(
      <ResultView result={{ kind: "table", data: hostile, meta: sampleMeta }} support={{}} />,
    );
    expect(screen.getByRole("columnheader").textContent).toBe("<img src=x onerror=alert(1)>");
    expect(container.querySelector("img")).toBeNull();
  });
});
