// Realistic invoice and table results for component tests, parsed by the
// contract's schemas so they cannot drift from the interface.
import {
  type BBox,
  type InvoiceData,
  invoiceDataSchema,
  type ProcessMeta,
  type TableData,
  tableDataSchema,
} from "@/lib/kernel/contract";

const box = (x0: number, y0: number, x1: number, y1: number): BBox => ({ x0, y0, x1, y1 });
const field = (value: string | number, text: string, bbox: BBox, confidence = 0.96, page = 1) => ({
  value,
  text,
  confidence,
  page,
  bbox,
});
const missing = { value: null, text: "", confidence: 0, page: 1 };

export const sampleMeta: ProcessMeta = {
  estimated_cost: 0.004,
  failover_depth: 0,
  latency_ms: 840,
  trace_id: "4bf92f3577b34da6a3ce929d0e0e4736",
  provider: "invoice-layout",
  pages: 1,
};

/** An invoice on one 200 dpi letter page: three line items that add up. */
export const sampleInvoice: InvoiceData = invoiceDataSchema.parse({
  fields: {
    supplier_name: field("Northwind Traders Ltd", "Northwind Traders Ltd", box(120, 110, 720, 160)),
    supplier_address: field(
      "12 Harbour Road, Leeds LS1 4AB",
      "12 Harbour Road\nLeeds LS1 4AB",
      box(120, 170, 640, 260),
      0.91,
    ),
    customer_name: field("Contoso Bakery", "Contoso Bakery", box(120, 420, 520, 465)),
    customer_address: field(
      "4 Mill Lane, York YO1 7HH",
      "4 Mill Lane\nYork YO1 7HH",
      box(120, 470, 520, 560),
      0.88,
    ),
    invoice_number: field("INV-2026-0142", "INV-2026-0142", box(1240, 300, 1560, 340)),
    invoice_date: field("2026-03-03", "March 3, 2026", box(1240, 350, 1560, 390)),
    due_date: field("2026-04-02", "02/04/2026", box(1240, 400, 1560, 440), 0.52),
    currency: field("GBP", "£", box(1300, 1380, 1320, 1420), 0.8),
    subtotal: field(2015.63, "£2,015.63", box(1320, 1380, 1560, 1420)),
    tax_amount: field(403.12, "£403.12", box(1320, 1430, 1560, 1470)),
    total: field(2418.75, "£2,418.75", box(1320, 1490, 1560, 1535), 0.98),
  },
  line_items: [
    {
      description: "Flour, strong white (25 kg)",
      quantity: 30,
      unit_price: 38.5,
      amount: 1155,
      page: 1,
      bbox: box(120, 760, 1560, 805),
      confidence: 0.95,
    },
    {
      description: "Delivery",
      quantity: 1,
      unit_price: 45,
      amount: 45,
      page: 1,
      bbox: box(120, 815, 1560, 860),
      confidence: 0.97,
    },
    {
      description: "Yeast, dried (500 g)",
      quantity: 25,
      unit_price: 32.6252,
      amount: 815.63,
      page: 1,
      bbox: box(120, 870, 1560, 915),
      confidence: 0.9,
    },
  ],
  checks: { line_items_match_subtotal: true, subtotal_and_tax_match_total: true },
  text: "Northwind Traders Ltd\n12 Harbour Road\nLeeds LS1 4AB\nINVOICE INV-2026-0142 …",
  pages: [{ number: 1, width: 1700, height: 2200, dpi: 200 }],
});

/** The same invoice, read wrong: a line item's amount is off and the tax was not found. */
export const sampleInvoiceWithProblems: InvoiceData = invoiceDataSchema.parse({
  ...sampleInvoice,
  fields: { ...sampleInvoice.fields, tax_amount: missing, due_date: missing },
  line_items: sampleInvoice.line_items.map((item, i) => (i === 1 ? { ...item, amount: 54 } : item)),
  checks: { line_items_match_subtotal: false, subtotal_and_tax_match_total: null },
});

const cells = (rows: string[][], x0: number, y0: number, colWidth: number, rowHeight: number) =>
  rows.flatMap((row, r) =>
    row.map((text, c) => ({
      row: r,
      col: c,
      row_span: 1,
      col_span: 1,
      text,
      bbox: box(
        x0 + c * colWidth,
        y0 + r * rowHeight,
        x0 + (c + 1) * colWidth,
        y0 + (r + 1) * rowHeight,
      ),
    })),
  );

const prices = [
  ["Item", "Region", "Q1", "Q2"],
  ["Oats, rolled", "North", "1,204.50", "1,310.00"],
  ["Barley", "South", "-12.50", ""],
  ['Rye, "dark"', "East", "880", "912.25"],
];
/** A ruled table whose title spans all four columns, and a second, borderless one. */
const heads = [
  ["Site", "Staff"],
  ["Leeds", "14"],
  ["York", "9"],
];

/** A photo of a page with two tables (1600 × 1200 pixels). */
export const sampleTables: TableData = tableDataSchema.parse({
  tables: [
    {
      page: 1,
      bbox: box(100, 100, 1500, 500),
      rows: prices,
      cells: cells(prices, 100, 100, 350, 100),
    },
    {
      page: 1,
      bbox: box(100, 700, 700, 1000),
      rows: [["Staff by site", ""], ...heads],
      cells: [
        {
          row: 0,
          col: 0,
          row_span: 1,
          col_span: 2,
          text: "Staff by site",
          bbox: box(100, 700, 700, 775),
        },
        ...cells(heads, 100, 775, 300, 75).map((cell) => ({ ...cell, row: cell.row + 1 })),
      ],
    },
  ],
  text: "Item Region Q1 Q2 …",
  pages: [{ number: 1, width: 1600, height: 1200 }],
});
