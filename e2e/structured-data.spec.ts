// Invoices and tables from drop to data, against the real service: the fields
// as a labelled form, line items and tables as grids, boxes on the page, and
// CSV downloads that hold what the calibration truth says was printed. The
// support console shows the same run the same way.
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import Papa from "papaparse";
import { attachFile, ciiXml, SAMPLE, samplePage } from "../service/test/e-invoice-samples";
import {
  CATEGORY,
  expect,
  expectNoSeriousA11yViolations,
  shootDesktopAndPhone,
  test,
} from "./fixtures";
import { signIn } from "./pages/support-console";
import { fixture, Uploader } from "./pages/uploader";

const INVOICE = "invoice-1.pdf";
const TABLE_PHOTO = "ruled-merged-1-photo.jpg";
const TABLE_PDF = "ruled-wrapped-1.pdf";
/** Share of a photographed table's cells that must come back as printed (issue 16). */
const PHOTO_CELLS = 0.9;

interface InvoiceTruth {
  fields: Record<string, string | number>;
  line_items: { description: string; quantity: number; unit_price: number; amount: number }[];
}

const truthOf = async <T>(file: string): Promise<T> =>
  JSON.parse(await readFile(fixture(file.replace(/\.\w+$/, ".json")), "utf8")) as T;

/** The rows of the CSV file a click on `button` downloads. */
async function downloadedCsv(page: Page, button: Locator): Promise<string[][]> {
  const downloading = page.waitForEvent("download");
  await button.click();
  const download = await downloading;
  const text = await readFile((await download.path()) ?? "", "utf8");
  return Papa.parse<string[]>(text.trim(), { skipEmptyLines: true }).data;
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** Drops `file` on the category's page and waits for its result. */
async function process(page: Page, categoryId: string, file: string): Promise<Uploader> {
  const uploader = new Uploader(page);
  await uploader.goto(categoryId);
  await uploader.add(fixture(file));
  await uploader.expectDone(file.split("/").pop() ?? file, 90_000);
  return uploader;
}

test.describe("structured data", () => {
  test.setTimeout(150_000);

  test("an invoice PDF: its fields, line items and checks, boxes on the page, CSV as printed", async ({
    page,
    browser,
  }) => {
    const truth = await truthOf<InvoiceTruth>(`calibration/invoices/${INVOICE}`);
    const uploader = await process(page, CATEGORY.invoices.id, `calibration/invoices/${INVOICE}`);
    const result = uploader.result.getByTestId("invoice-result");
    await expect(result).toBeVisible();

    // The labelled form, as a person reads it.
    await expect(result.getByTestId("field-invoice_number")).toHaveText(
      String(truth.fields.invoice_number),
    );
    await expect(result.getByTestId("field-supplier_name")).toHaveText(
      String(truth.fields.supplier_name),
    );
    await expect(result.getByTestId("field-customer_name")).toHaveText(
      String(truth.fields.customer_name),
    );
    await expect(result.getByTestId("field-invoice_date")).toHaveText("15 January 2026");
    await expect(result.getByTestId("field-total")).toHaveText("$8,827.20");
    await expect(result.getByTestId("invoice-checks")).toContainText(
      "Line items add up to the subtotal",
    );
    await expect(result.getByTestId("line-items").locator("tbody tr")).toHaveCount(
      truth.line_items.length,
    );

    // Pointing at a field, or tabbing to it, shows its box on the page.
    const highlight = result.getByTestId("highlight-box");
    await expect(highlight).toHaveCount(0);
    await result.locator('[data-field="total"]').hover();
    await expect(highlight).toHaveAttribute("data-highlight", /total/);
    await page.mouse.move(0, 0);
    await result.locator('[data-field="invoice_number"]').focus();
    await expect(highlight).toHaveAttribute("data-highlight", /invoice_number/);
    await expectNoSeriousA11yViolations(page);
    await shootDesktopAndPhone(page, "invoice-result");

    // The downloads hold the values the truth says were printed.
    const fields = await downloadedCsv(page, result.getByRole("button", { name: "Download .csv" }));
    expect(fields[0]).toEqual(["Field", "Value", "As printed", "Page", "Confidence"]);
    const byLabel = new Map(fields.slice(1).map((row) => [row[0], row[1] ?? ""]));
    expect(byLabel.get("Invoice number")).toBe(truth.fields.invoice_number);
    expect(squash(byLabel.get("Supplier address") ?? "")).toBe(truth.fields.supplier_address);
    expect(byLabel.get("Due date")).toBe(truth.fields.due_date);
    expect(byLabel.get("Currency")).toBe(truth.fields.currency);
    expect(Number(byLabel.get("Total"))).toBe(truth.fields.total);
    expect(Number(byLabel.get("Tax"))).toBe(truth.fields.tax_amount);
    const items = await downloadedCsv(
      page,
      result.getByRole("button", { name: "Download line items .csv" }),
    );
    expect(items).toEqual([
      ["Description", "Quantity", "Unit price", "Amount"],
      ...truth.line_items.map((item) => [
        item.description,
        String(item.quantity),
        String(item.unit_price),
        String(item.amount),
      ]),
    ]);

    // Support staff see the same form.
    const traceId = (await uploader.traceId.textContent()) ?? "";
    const staff = await (await browser.newContext()).newPage();
    await signIn(staff, `/support/runs/${traceId}`);
    await expect(staff.getByTestId("field-invoice_number")).toHaveText(
      String(truth.fields.invoice_number),
    );
    await expect(staff.getByTestId("field-total")).toHaveText("$8,827.20");
    await expect(staff.getByTestId("line-items").locator("tbody tr")).toHaveCount(
      truth.line_items.length,
    );
    await shootDesktopAndPhone(staff, "support-invoice-run");
  });

  test("a Factur-X PDF: the fields from its XML, said so, and its page checked against them", async ({
    page,
  }) => {
    const name = "factur-x.pdf";
    const pdf = attachFile(samplePage(SAMPLE), "factur-x.xml", ciiXml(SAMPLE));
    const uploader = new Uploader(page);
    await uploader.goto(CATEGORY.invoices.id);
    await uploader.add({ name, mimeType: "application/pdf", buffer: pdf });
    await uploader.expectDone(name, 90_000);
    const result = uploader.result.getByTestId("invoice-result");
    await expect(result.getByTestId("invoice-source")).toContainText(
      "Read from the electronic invoice data inside this file (factur-x.xml, Factur-X / ZUGFeRD CII)",
    );
    await expect(result.getByTestId("field-invoice_number")).toHaveText(SAMPLE.number);
    await expect(result.getByTestId("field-supplier_name")).toHaveText(SAMPLE.seller.name);
    await expect(result.getByTestId("field-customer_name")).toHaveText(SAMPLE.buyer.name);
    await expect(result.getByTestId("field-total")).toHaveText("€380.44");
    const checks = result.getByTestId("invoice-checks");
    await expect(checks).toContainText(
      "Passed: The page prints the same total as the e-invoice data",
    );
    await expect(checks).toContainText(
      "Passed: The page prints the same invoice number as the e-invoice data",
    );
    await expect(result.getByTestId("line-items").locator("tbody tr")).toHaveCount(
      SAMPLE.lines.length,
    );
    await expectNoSeriousA11yViolations(page);
    await shootDesktopAndPhone(page, "e-invoice-result");
  });

  test("a photographed table: a grid with its header, merged cells merged, CSV of its cells", async ({
    page,
    browser,
  }) => {
    const { rows: truth } = await truthOf<{ rows: string[][] }>(
      `calibration/tables/${TABLE_PHOTO}`,
    );
    const uploader = await process(page, CATEGORY.tables.id, `calibration/tables/${TABLE_PHOTO}`);
    const card = uploader.result.getByTestId("table-card");
    await expect(card).toHaveCount(1);
    const grid = card.getByTestId("table-grid");
    // Both header rows as column headers: "Product" over both, "First half"
    // over two columns, and its "Units" under it, not under "Product".
    await expect(grid.locator("thead tr")).toHaveCount(2);
    await expect(grid.locator("thead th").first()).toHaveText("Product");
    await expect(grid.locator("thead th").first()).toHaveAttribute("rowspan", "2");
    await expect(grid.locator("thead tr").nth(1).locator("th")).toHaveText([
      "Units",
      "Revenue",
      "Units",
      "Revenue",
    ]);
    await expect(grid.getByRole("columnheader", { name: "First half" })).toHaveAttribute(
      "colspan",
      "2",
    );
    // The table's box shows on the page while the grid has the focus.
    await grid.locator("..").focus();
    await expect(uploader.result.getByTestId("highlight-box")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shootDesktopAndPhone(page, "table-result-photo");

    const csv = await downloadedCsv(page, card.getByRole("button", { name: "Download .csv" }));
    const cells = truth.flatMap((row, r) => row.map((text, c) => [r, c, text] as const));
    const right = cells.filter(([r, c, text]) => (csv[r]?.[c] ?? "") === text).length;
    expect(right / cells.length).toBeGreaterThanOrEqual(PHOTO_CELLS);

    // Support staff see the same grid.
    const traceId = (await uploader.traceId.textContent()) ?? "";
    const staff = await (await browser.newContext()).newPage();
    await signIn(staff, `/support/runs/${traceId}`);
    await expect(staff.getByTestId("table-grid")).toHaveCount(1);
    await expect(staff.getByRole("columnheader", { name: "First half" })).toBeVisible();
  });

  test("a table in a text-layer PDF: every cell of the CSV as printed, wrapped cells whole", async ({
    page,
  }) => {
    const { rows: truth } = await truthOf<{ rows: string[][] }>(`calibration/tables/${TABLE_PDF}`);
    const uploader = await process(page, CATEGORY.tables.id, `calibration/tables/${TABLE_PDF}`);
    const card = uploader.result.getByTestId("table-card");
    await expect(card.getByTestId("table-grid").locator("tbody tr")).toHaveCount(truth.length - 1);
    const csv = await downloadedCsv(page, card.getByRole("button", { name: "Download .csv" }));
    expect(csv).toEqual(truth);
    await shootDesktopAndPhone(page, "table-result-pdf");
  });
});
