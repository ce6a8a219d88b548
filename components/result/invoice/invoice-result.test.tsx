// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResultView } from "@/components/result/result-view";
import type { ProcessAnswer } from "@/lib/api/documents";
import type { InvoiceData } from "@/lib/kernel/contract";
import { sampleInvoice, sampleInvoiceWithProblems, sampleMeta } from "@/lib/testing/result-samples";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const resultOf = (data: InvoiceData): ProcessAnswer => ({
  kind: "invoice",
  data,
  meta: sampleMeta,
});

describe("the invoice result", () => {
  it("shows the fields as a labelled form, the line items as a table and the checks in words", () => {
    render(<ResultView result={resultOf(sampleInvoice)} support={{}} />);
    expect(screen.getByTestId("invoice-result")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Result data" })).toBeNull();
    const fields = screen.getByTestId("invoice-fields");
    const value = (label: string) =>
      within(fields).getByText(label, { selector: "dt" }).parentElement?.querySelector("dd")
        ?.textContent;
    expect(value("Supplier")).toBe("Northwind Traders Ltd");
    expect(value("Customer")).toBe("Contoso Bakery");
    expect(value("Invoice number")).toBe("INV-2026-0142");
    expect(value("Invoice date")).toBe("3 March 2026");
    expect(value("Due date")).toBe("2 April 2026");
    expect(value("Currency")).toBe("GBP");
    expect(value("Subtotal")).toBe("£2,015.63");
    expect(value("Tax")).toBe("£403.12");
    expect(value("Total")).toBe("£2,418.75");
    // How it was printed, where that differs; and a field read with little confidence.
    expect(within(fields).getByText("Printed as “March 3, 2026”")).toBeTruthy();
    expect(within(fields).getByText("Printed as “£”")).toBeTruthy();
    // Only line breaks and commas differ: nothing to point out.
    expect(within(fields).queryByText(/Printed as “12 Harbour Road/)).toBeNull();
    // Every field under 0.9 is marked, and the marks are counted above the fields.
    const marked = [...fields.querySelectorAll("[data-field]")]
      .filter((el) => el.textContent?.includes("Check this"))
      .map((el) => el.getAttribute("data-field"));
    expect(marked).toEqual(["customer_address", "due_date", "currency"]);
    expect(within(fields).getByText("Check this: 52% sure it is right")).toBeTruthy();
    expect(within(fields).getByRole("note").textContent).toBe(
      "3 fields are marked “Check this”: compare them with the document before you use them.",
    );

    const items = screen.getByTestId("line-items");
    const rows = within(items)
      .getAllByRole("row")
      .map((row) => [...row.querySelectorAll("th, td")].map((c) => c.textContent));
    expect(rows).toEqual([
      ["Description", "Quantity", "Unit price", "Amount"],
      ["Flour, strong white (25 kg)", "30", "£38.50", "£1,155.00"],
      ["Delivery", "1", "£45.00", "£45.00"],
      ["Yeast, dried (500 g)", "25", "£32.6252", "£815.63"],
      ["Sum of line items", "£2,015.63"],
    ]);

    const checks = screen.getByTestId("invoice-checks");
    expect(checks.textContent).toContain("Passed: Line items add up to the subtotal");
    expect(checks.textContent).toContain("Passed: Subtotal plus tax equals the total");
  });

  it("says when the data came from the e-invoice inside the file, and names a receipt", () => {
    render(<ResultView result={resultOf(sampleInvoice)} support={{}} />);
    expect(screen.queryByTestId("invoice-source")).toBeNull();
    expect(screen.getByRole("heading", { name: "Invoice details" })).toBeTruthy();
    cleanup();
    render(
      <ResultView
        result={resultOf({
          ...sampleInvoice,
          checks: { ...sampleInvoice.checks, total_on_page: true },
          source: "embedded_xml",
          e_invoice: {
            syntax: "UBL",
            profile: null,
            type: "invoice",
            attachment: null,
            amount_due: 2418.75,
          },
        })}
        support={{}}
      />,
    );
    expect(screen.getByTestId("invoice-source").textContent).toContain(
      "Read from the electronic invoice data inside this file (UBL)",
    );
    expect(screen.getByTestId("invoice-checks").textContent).toContain(
      "Passed: The page prints the same total as the e-invoice data",
    );
    cleanup();
    render(
      <ResultView result={resultOf({ ...sampleInvoice, document_kind: "receipt" })} support={{}} />,
    );
    expect(screen.getByRole("heading", { name: "Receipt details" })).toBeTruthy();
  });

  it("says what is wrong, and which fields were not found", () => {
    render(<ResultView result={resultOf(sampleInvoiceWithProblems)} support={{}} />);
    const checks = screen.getByTestId("invoice-checks");
    expect(
      within(checks).getByText("Line items add up to £2,024.63, but the subtotal says £2,015.63"),
    ).toBeTruthy();
    expect(checks.querySelector("[data-state=wrong]")?.textContent).toContain("Failed:");
    expect(checks.querySelector("[data-state=unknown]")?.textContent).toContain(
      "could not be checked",
    );
    expect(screen.getByTestId("field-tax_amount").textContent).toBe("Not found");
    // A field that was not found has no box, so it takes no focus.
    expect(
      screen.getByTestId("field-tax_amount").parentElement?.getAttribute("tabindex"),
    ).toBeNull();
  });

  it("highlights a field's box on the page while it is hovered or focused", () => {
    render(<ResultView result={resultOf(sampleInvoice)} support={{}} />);
    const page = screen.getByRole("img", { name: /^Page 1: 14 marked\.$/ });
    expect(page.getAttribute("viewBox")).toBe("0 0 1700 2200");
    expect(page.querySelectorAll("[data-testid=marks] rect")).toHaveLength(14);
    expect(screen.queryByTestId("highlight-box")).toBeNull();

    const total = screen.getByTestId("field-total").parentElement as HTMLElement;
    fireEvent.mouseEnter(total);
    let box = screen.getByTestId("highlight-box");
    expect(box.getAttribute("data-highlight")).toBe("field:total");
    expect([
      box.getAttribute("x"),
      box.getAttribute("y"),
      box.getAttribute("width"),
      box.getAttribute("height"),
    ]).toEqual(["1320", "1490", "240", "45"]);
    expect(page.getAttribute("aria-label")).toBe("Page 1: 14 marked; Total highlighted.");
    fireEvent.mouseLeave(total);
    expect(screen.queryByTestId("highlight-box")).toBeNull();

    // The keyboard shows it too.
    const number = screen.getByTestId("field-invoice_number").parentElement as HTMLElement;
    fireEvent.focus(number);
    box = screen.getByTestId("highlight-box");
    expect(box.getAttribute("data-highlight")).toBe("field:invoice_number");
    expect(number.getAttribute("data-active")).toBe("true");
    fireEvent.blur(number);
    expect(screen.queryByTestId("highlight-box")).toBeNull();

    const row = within(screen.getByTestId("line-items")).getByText("Delivery").closest("tr");
    fireEvent.focus(row as HTMLElement);
    expect(screen.getByTestId("highlight-box").getAttribute("y")).toBe("815");
  });

  it("writes the fields on a drawn page while a PDF cannot be drawn, and says so", async () => {
    // The test DOM has no 2D canvas: the PDF's own page cannot be drawn here.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const pdf = new Blob(["%PDF-1.7"], { type: "application/pdf" });
    render(<ResultView result={resultOf(sampleInvoice)} file={pdf} support={{}} />);
    const page = screen.getByTestId("page-view");
    expect(page.querySelector("image")).toBeNull();
    expect(page.getAttribute("data-page-source")).toBe("words");
    const written = [...page.querySelectorAll("text")].map((t) => t.textContent);
    expect(written).toContain("£2,418.75");
    expect(written).toContain("Delivery");
    expect(
      await screen.findByText(
        /Your PDF could not be drawn here, so its pages are drawn from the words/,
      ),
    ).toBeTruthy();
    warn.mockRestore();
  });

  it("says the page is drawn from the words when the original cannot be had, and why", async () => {
    const fetch = vi.fn(async () =>
      Response.json(
        {
          code: "not_found",
          message: "The document itself was deleted at the end of its retention period.",
        },
        { status: 404 },
      ),
    );
    vi.stubGlobal("fetch", fetch);
    render(
      <ResultView
        result={resultOf(sampleInvoice)}
        support={{}}
        original={{ endpoint: "/api/runs/t/original", auto: true }}
      />,
    );
    expect(
      await screen.findByText(
        "The document itself was deleted at the end of its retention period. The page is drawn from the words that were read.",
      ),
    ).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      "/api/runs/t/original",
      expect.objectContaining({ method: "POST" }),
    );
    vi.unstubAllGlobals();
  });

  it("asks for the original only when staff press the button", async () => {
    const fetch = vi.fn(async () =>
      Response.json({ code: "not_found", message: "Gone." }, { status: 404 }),
    );
    vi.stubGlobal("fetch", fetch);
    render(
      <ResultView
        result={resultOf(sampleInvoice)}
        support={{}}
        original={{ endpoint: "/api/support/runs/t/original", auto: false }}
      />,
    );
    expect(screen.getByTestId("page-note").textContent).toMatch(/each view is recorded/);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("show-original"));
    expect(await screen.findByText(/^Gone\. The page is drawn from the words/)).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it("shows a field's box after a tap, which a phone has instead of hover", () => {
    render(<ResultView result={resultOf(sampleInvoice)} support={{}} />);
    const total = screen.getByTestId("field-total").parentElement as HTMLElement;
    fireEvent.click(total);
    expect(screen.getByTestId("highlight-box").getAttribute("data-highlight")).toBe("field:total");
    // The tapped box stays until another thing is tapped.
    fireEvent.mouseLeave(total);
    expect(screen.getByTestId("highlight-box").getAttribute("data-highlight")).toBe("field:total");
  });

  it("turns to the page of the field under the pointer, and back", () => {
    const twoPages: InvoiceData = {
      ...sampleInvoice,
      fields: { ...sampleInvoice.fields, total: { ...sampleInvoice.fields.total, page: 2 } },
      pages: [...sampleInvoice.pages, { number: 2, width: 1700, height: 2200, dpi: 200 }],
    };
    render(<ResultView result={resultOf(twoPages)} support={{}} />);
    const select = screen.getByRole("combobox", { name: "Page" }) as HTMLSelectElement;
    expect(select.value).toBe("0");
    const total = screen.getByTestId("field-total").parentElement as HTMLElement;
    fireEvent.mouseEnter(total);
    expect(select.value).toBe("1");
    expect(screen.getByRole("img", { name: "Page 2: 1 marked; Total highlighted." })).toBeTruthy();
    fireEvent.mouseLeave(total);
    expect(select.value).toBe("0");
  });

  it("copies the fields as CSV and the whole answer as JSON", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(<ResultView result={resultOf(sampleInvoice)} support={{}} />);
    fireEvent.click(screen.getByRole("button", { name: "Copy CSV" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]?.[0]).toContain(
      "Invoice number,INV-2026-0142,INV-2026-0142,1,96%\r\n",
    );
    fireEvent.click(screen.getByRole("button", { name: "Copy JSON" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    // The service's answer as it sent it: the kind is the app's own.
    expect(JSON.parse(writeText.mock.calls[1]?.[0] ?? "")).toEqual({
      data: sampleInvoice,
      meta: sampleMeta,
    });
  });

  it("falls back to JSON when an amount is not a number, instead of showing it wrong", () => {
    const odd = {
      ...sampleInvoice,
      line_items: [{ ...sampleInvoice.line_items[0], amount: "1,155.00" }],
    };
    render(<ResultView result={{ kind: "invoice", data: odd, meta: sampleMeta }} support={{}} />);
    expect(screen.queryByTestId("invoice-result")).toBeNull();
    expect(screen.getByRole("heading", { name: "Result data" })).toBeTruthy();
  });
});
