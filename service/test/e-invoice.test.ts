// E-invoices read from their XML (issue 26, item 3): CII (Factur-X, ZUGFeRD
// 2.x and 1.0, XRechnung CII) and UBL (Invoice, CreditNote), uploaded as XML
// or attached to a PDF whose page is checked against the XML; and the XML
// files the service refuses.
import { afterAll, describe, expect, it } from "vitest";
import { type InvoiceData, invoiceDataSchema } from "@/lib/kernel/contract";
import { loadProviderConfig } from "../src/config";
import { E_INVOICE_MAX_BYTES } from "../src/e-invoice-xml/limits";
import { eInvoiceProblem, readEInvoice } from "../src/e-invoice-xml/read";
import type { Provider, ProviderInput, ProviderOutput } from "../src/providers/interface/types";
import { answerFromXml } from "../src/providers/invoices/embedded-xml/answer";
import { findEmbeddedInvoice } from "../src/providers/invoices/embedded-xml/attachment";
import { closeAll, createProviders } from "../src/registry";
import {
  attachFile,
  ciiXml,
  SAMPLE,
  type SampleInvoice,
  samplePage,
  ublXml,
  zugferd1Xml,
} from "./e-invoice-samples";

const bytes = (xml: string) => Buffer.from(xml, "utf8");

/** Every field of SAMPLE as the contract gives it. */
const SAMPLE_FIELDS = {
  supplier_name: "Nordlicht Werkzeuge GmbH",
  supplier_address: "Hafenstraße 7, 20457 Hamburg",
  customer_name: "Café Rösterei Am Markt KG",
  customer_address: "Marktplatz 3, Hinterhaus, 04109 Leipzig",
  invoice_number: "RE-2026-0042",
  invoice_date: "2026-03-14",
  due_date: "2026-04-13",
  currency: "EUR",
  subtotal: 319.7,
  tax_amount: 60.74,
  total: 380.44,
};

const SAMPLE_ITEMS = [
  { description: "Akkuschrauber 18 V", quantity: 3, unit_price: 89.9, amount: 269.7 },
  { description: "Bitsatz 32-teilig & Koffer", quantity: 2, unit_price: 14.5, amount: 29 },
  // 4.20 per 100 pieces: 0.042 a piece.
  { description: "Schrauben 4x40", quantity: 500, unit_price: 0.042, amount: 21 },
];

const values = (data: InvoiceData) =>
  Object.fromEntries(Object.entries(data.fields).map(([name, f]) => [name, f.value]));
const items = (data: InvoiceData) =>
  data.line_items.map(({ description, quantity, unit_price, amount }) => ({
    description,
    quantity,
    unit_price,
    amount,
  }));

describe("reading the XML", () => {
  it.each([
    ["CII (Factur-X / ZUGFeRD 2.x / XRechnung CII)", ciiXml(SAMPLE), "CII"],
    [
      "ZUGFeRD 1.0",
      zugferd1Xml({ ...SAMPLE, buyer: { ...SAMPLE.buyer, lines: ["Marktplatz 3"] } }),
      "CII",
    ],
    ["UBL Invoice (XRechnung UBL)", ublXml(SAMPLE), "UBL"],
    ["UBL CreditNote", ublXml(SAMPLE, "CreditNote"), "UBL"],
  ])("%s: every field and line item exactly", (_name, xml, syntax) => {
    const { data, check } = answerFromXml({ invoice: readEInvoice(bytes(xml)) });
    const want = xml.includes("CrossIndustryDocument")
      ? { ...SAMPLE_FIELDS, customer_address: "Marktplatz 3, 04109 Leipzig" }
      : SAMPLE_FIELDS;
    expect(values(data)).toEqual(want);
    expect(items(data)).toEqual(SAMPLE_ITEMS);
    expect(data.source).toBe("embedded_xml");
    expect(data.document_kind).toBe("invoice");
    expect(data.e_invoice).toMatchObject({ syntax, attachment: null, amount_due: 380.44 });
    expect(data.e_invoice?.type).toBe(xml.includes("CreditNote") ? "credit_note" : "invoice");
    // Every value certain, and with no page there is nothing to point at.
    for (const field of Object.values(data.fields)) {
      expect(field.confidence).toBe(1);
      expect(field).not.toHaveProperty("page");
      expect(field).not.toHaveProperty("bbox");
    }
    for (const item of data.line_items) expect(item).toMatchObject({ confidence: 1 });
    expect(data.checks).toEqual({
      line_items_match_subtotal: true,
      subtotal_and_tax_match_total: true,
      total_on_page: null,
      invoice_number_on_page: null,
      invoice_date_on_page: null,
    });
    expect(data.pages).toEqual([]);
    expect(check).toEqual({ confident: true, score: 1 });
    expect(invoiceDataSchema.safeParse(data).success).toBe(true);
  });

  it("writes a US address as city, state and postcode, and leaves out a section's heading line", () => {
    const us: SampleInvoice = {
      ...SAMPLE,
      seller: { ...SAMPLE.seller, lines: ["880 Harbor Blvd"], postcode: "97201", city: "Portland" },
      lines: [
        { name: "--- Tools ---", quantity: "0.00", price: "0.00", amount: "0.00" },
        ...SAMPLE.lines,
      ],
    };
    const xml = ublXml(us).replace(
      "<cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>",
      "<cbc:CountrySubentity>Oregon</cbc:CountrySubentity><cbc:CountrySubentityCode>OR</cbc:CountrySubentityCode><cac:Country><cbc:IdentificationCode>US</cbc:IdentificationCode></cac:Country>",
    );
    const { data } = answerFromXml({ invoice: readEInvoice(bytes(xml)) });
    expect(data.fields.supplier_address.value).toBe("880 Harbor Blvd, Portland OR 97201");
    expect(data.fields.customer_address.value).toBe(SAMPLE_FIELDS.customer_address);
    expect(items(data)).toEqual(SAMPLE_ITEMS);
  });

  it("leaves out a line that is only a note, with no product, quantity or amount at all", () => {
    // As a ZUGFeRD 1 ERP writes a remark between the lines (Mustang's validV1WithAdditionalData.pdf).
    const note = `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:IncludedNote><ram:Content>Delivery before Christmas is guaranteed.</ram:Content></ram:IncludedNote></ram:AssociatedDocumentLineDocument><ram:SpecifiedSupplyChainTradeSettlement /></ram:IncludedSupplyChainTradeLineItem>`;
    const xml = zugferd1Xml(SAMPLE).replace(
      "<ram:IncludedSupplyChainTradeLineItem>",
      `${note}<ram:IncludedSupplyChainTradeLineItem>`,
    );
    expect(xml).toContain("Delivery before Christmas");
    const { data } = answerFromXml({ invoice: readEInvoice(bytes(xml)) });
    expect(items(data)).toEqual(SAMPLE_ITEMS);
  });

  it("keeps the XML's own text for each value: the date as written, the amount unrounded", () => {
    const { data } = answerFromXml({ invoice: readEInvoice(bytes(ciiXml(SAMPLE))) });
    expect(data.fields.invoice_date).toEqual({
      value: "2026-03-14",
      text: "20260314",
      confidence: 1,
    });
    expect(data.fields.total).toEqual({ value: 380.44, text: "380.44", confidence: 1 });
  });

  it("reads the profile the XML names", () => {
    expect(readEInvoice(bytes(ciiXml(SAMPLE))).profile).toBe("urn:cen.eu:en16931:2017");
    expect(readEInvoice(bytes(ublXml(SAMPLE))).profile).toMatch(/xrechnung_3\.0$/);
    expect(readEInvoice(bytes(zugferd1Xml(SAMPLE))).profile).toMatch(/1p0:basic$/);
  });

  it("counts document allowances between the lines and the tax basis", () => {
    const discounted: SampleInvoice = {
      ...SAMPLE,
      allowances: "19.70",
      taxBasis: "300.00",
      tax: "57.00",
      grandTotal: "357.00",
      payable: "357.00",
    };
    for (const xml of [ciiXml(discounted), ublXml(discounted)]) {
      const { data, check } = answerFromXml({ invoice: readEInvoice(bytes(xml)) });
      expect(data.fields.subtotal.value).toBe(319.7);
      expect(data.fields.total.value).toBe(357);
      expect(data.checks.line_items_match_subtotal).toBe(true);
      expect(data.checks.subtotal_and_tax_match_total).toBe(true);
      expect(check.confident).toBe(true);
    }
  });

  it("takes the tax in the document's currency when a tax currency is given too", () => {
    const usd = { ...SAMPLE, currency: "USD" };
    const invoice = readEInvoice(bytes(ublXml(usd, "Invoice", { code: "EUR", tax: "55.12" })));
    expect(invoice.fields.tax_amount.value).toBe(60.74);
    expect(invoice.fields.currency.value).toBe("USD");
  });

  it("says when the XML's own sums do not hold, and is then unsure", () => {
    const wrong = { ...SAMPLE, grandTotal: "390.44" };
    const { data, check } = answerFromXml({ invoice: readEInvoice(bytes(ciiXml(wrong))) });
    expect(data.checks.subtotal_and_tax_match_total).toBe(false);
    expect(check).toMatchObject({ confident: false });
    expect(check.reason).toBe("the XML's subtotal and tax make 380.44, its total is 390.44");
  });

  it("reads UTF-16 and Latin-1 documents, and character references", () => {
    const xml = ciiXml(SAMPLE).replace("Nordlicht", "Nordl&#105;cht");
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, "utf16le")]);
    expect(readEInvoice(utf16).fields.supplier_name.value).toBe("Nordlicht Werkzeuge GmbH");
    const latin1 = Buffer.from(xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), "latin1");
    expect(readEInvoice(latin1).fields.supplier_address.value).toBe("Hafenstraße 7, 20457 Hamburg");
  });
});

describe("XML that is not an e-invoice", () => {
  it.each([
    [
      "another XML document",
      '<?xml version="1.0"?><catalog xmlns="urn:example:catalog"><item/></catalog>',
      "its root element is catalog in namespace urn:example:catalog, where an e-invoice is",
    ],
    [
      "an Invoice element outside the UBL namespace",
      "<Invoice><ID>1</ID></Invoice>",
      "its root element is Invoice, where an e-invoice is",
    ],
    [
      "a DTD (entity expansion)",
      '<?xml version="1.0"?><!DOCTYPE lol [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><lol>&b;</lol>',
      "it declares a DTD, which e-invoices never do",
    ],
    [
      "an external entity",
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      "it declares a DTD",
    ],
    ["broken XML", "<rsm:CrossIndustryInvoice><a></b>", "it is not well-formed XML"],
    [
      "bytes that are not UTF-8",
      Buffer.from([0x3c, 0x78, 0xff, 0x2f, 0x3e]),
      "its text is not valid utf-8",
    ],
  ])("%s is refused in words", (_name, xml, reason) => {
    const raw = typeof xml === "string" ? bytes(xml) : xml;
    expect(eInvoiceProblem(raw)).toMatch(
      new RegExp(
        `^the XML file is not an e-invoice this service reads: ${reason.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
      ),
    );
  });

  it("refuses a file over the size limit without parsing it", () => {
    const big = Buffer.alloc(E_INVOICE_MAX_BYTES + 1, 0x20);
    expect(eInvoiceProblem(big)).toMatch(/more than the 10485760 an e-invoice may have here/);
  });
});

describe("a PDF carrying its XML", () => {
  const providers = createProviders(loadProviderConfig({}));
  afterAll(() => closeAll(providers));

  const run = (name: string, pdf: Buffer): Promise<ProviderOutput<InvoiceData>> => {
    const provider = providers.get(name) as Provider<InvoiceData> | undefined;
    if (!provider) throw new Error(`no provider ${name}`);
    const input: ProviderInput = {
      bytes: pdf,
      mimeType: "application/pdf",
      languageHints: ["de"],
      passthrough: {},
      signal: new AbortController().signal,
      traceId: "0".repeat(32),
    };
    return provider.run(input);
  };

  it("finds the attachment by its Factur-X name, or any .xml attachment that is an e-invoice", async () => {
    const page = samplePage(SAMPLE);
    const named = await findEmbeddedInvoice(attachFile(page, "factur-x.xml", ciiXml(SAMPLE)));
    expect(named).toMatchObject({ fileName: "factur-x.xml", pages: 1 });
    const other = await findEmbeddedInvoice(attachFile(page, "rechnung-0042.xml", ublXml(SAMPLE)));
    expect(other?.invoice.syntax).toBe("UBL");
    expect(await findEmbeddedInvoice(page)).toBeUndefined();
    const notInvoice = attachFile(page, "metadata.xml", "<?xml version='1.0'?><meta/>");
    expect(await findEmbeddedInvoice(notInvoice)).toBeUndefined();
  });

  it.each(["invoices-layout", "invoices-patterns"])(
    "%s answers from the XML, placed where the page prints each value",
    async (name) => {
      const pdf = attachFile(samplePage(SAMPLE), "factur-x.xml", ciiXml(SAMPLE));
      const { data, check, pages } = await run(name, pdf);
      expect(values(data)).toEqual(SAMPLE_FIELDS);
      expect(items(data)).toEqual(SAMPLE_ITEMS);
      expect(data.source).toBe("embedded_xml");
      expect(data.e_invoice).toMatchObject({ syntax: "CII", attachment: "factur-x.xml" });
      expect(data.checks).toEqual({
        line_items_match_subtotal: true,
        subtotal_and_tax_match_total: true,
        total_on_page: true,
        invoice_number_on_page: true,
        invoice_date_on_page: true,
      });
      expect(check).toEqual({ confident: true, score: 1 });
      expect(pages).toBe(1);
      // The printed values, with their boxes: the total at the bottom right of the page.
      const { total, invoice_date, invoice_number, supplier_name } = data.fields;
      expect(total).toMatchObject({ value: 380.44, text: "380,44", confidence: 1, page: 1 });
      expect(invoice_date).toMatchObject({ text: "14.03.2026", page: 1 });
      expect(invoice_number).toMatchObject({ text: "RE-2026-0042", page: 1 });
      expect(supplier_name).toMatchObject({ text: "Nordlicht Werkzeuge GmbH", page: 1 });
      const size = data.pages[0];
      expect(size).toBeDefined();
      if (!total.bbox || !size) return;
      expect(total.bbox.x0).toBeGreaterThan(size.width / 2);
      expect(total.bbox.y0).toBeGreaterThan(size.height / 3);
      // Each line item's row on the page, in order.
      const rows = data.line_items.map((i) => i.bbox?.y0 ?? Number.NaN);
      expect(rows.every((y, i) => i === 0 || y > (rows[i - 1] ?? 0))).toBe(true);
      expect(data.text).toContain("Gesamtbetrag");
    },
  );

  it("reports a page that prints another total and number as failed checks", async () => {
    const page = samplePage(SAMPLE, { number: "RE-2026-0041", grandTotal: "380.00" });
    const { data, check } = await run(
      "invoices-layout",
      attachFile(page, "factur-x.xml", ciiXml(SAMPLE)),
    );
    // The XML's values stand; the page's disagreement is said, not hidden.
    expect(values(data)).toEqual(SAMPLE_FIELDS);
    expect(data.checks).toMatchObject({
      total_on_page: false,
      invoice_number_on_page: false,
      invoice_date_on_page: true,
    });
    expect(data.fields.total).not.toHaveProperty("bbox");
    expect(check?.confident).toBe(false);
    expect(check?.reason).toContain(
      'the XML\'s total 380.44 is not printed on the page (the page reads "380,00")',
    );
    expect(check?.reason).toContain(
      "the XML's invoice number RE-2026-0042 is not printed on the page",
    );
  });

  it("reads a PDF without an e-invoice from its page, as before", async () => {
    const { data } = await run("invoices-layout", samplePage(SAMPLE));
    expect(data.source).toBeUndefined();
    expect(data.e_invoice).toBeUndefined();
    expect(Object.keys(data.checks).sort()).toEqual([
      "dates_plausible",
      "line_items_match_subtotal",
      "subtotal_and_tax_match_total",
    ]);
  });
});
