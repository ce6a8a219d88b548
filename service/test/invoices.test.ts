// Invoice data end to end: the generated calibration invoices (several
// layouts, languages, date and number formats, currencies) uploaded and
// processed over real HTTP by the real providers and router.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceDataSchema, processResultSchema } from "@/lib/kernel/contract";
import { type InvoiceTruth, scoreInvoice } from "../../scripts/calibration/invoices";
import { letterContent, type PdfText, writePdf } from "../../scripts/calibration/simple-pdf";
import { loadProviderConfig, loadRoutingConfig } from "../src/config";
import { closeAll, createProviders } from "../src/registry";
import { createRouter } from "../src/router";
import { startService, type TestService } from "./helpers";
import { FIXTURES, INVOICES, processPath, uploadFixture } from "./process-helpers";

const DIR = path.join(FIXTURES, "calibration/invoices");
const pdfs = readdirSync(DIR).filter((f) => /^invoice-\d+\.pdf$/.test(f));
const truthOf = (file: string) =>
  JSON.parse(readFileSync(path.join(DIR, file.replace(/\.\w+$/, ".json")), "utf8")) as InvoiceTruth;

describe("invoice data", () => {
  const providers = createProviders(loadProviderConfig({}));
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService({ router: createRouter(loadRoutingConfig({}), providers) });
  });
  afterAll(async () => {
    await svc?.close();
    await closeAll(providers);
  });

  /** Processes a calibration invoice in its language, as a buyer would pick it. */
  async function process(file: string, mimeType: string) {
    const grant = await uploadFixture(svc, INVOICES, `calibration/invoices/${file}`, mimeType);
    const res = await svc.postJson(processPath(INVOICES), {
      input: {
        document: grant.s3_uri,
        mime_type: mimeType,
        language_hints: truthOf(file).language_hints,
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const result = processResultSchema.parse(await res.json());
    return { meta: result.meta, data: invoiceDataSchema.parse(result.data) };
  }

  it("reads a German invoice's fields as printed and normalised, with its line items", async () => {
    const { data, meta } = await process("invoice-3.pdf", "application/pdf");
    expect(meta.failover_depth).toBe(0);
    const { fields } = data;
    expect(fields.invoice_date).toMatchObject({ value: "2026-03-14", text: "14.03.2026", page: 1 });
    expect(fields.due_date).toMatchObject({ value: "2026-03-28", text: "28.03.2026" });
    expect(fields.total).toMatchObject({ value: 5971.24, text: "5.971,24" });
    // Read from a text layer and borne out by the subtotal and tax: the calibrated
    // chance it is right is high, though no field is ever certain.
    expect(fields.total.confidence).toBeGreaterThanOrEqual(0.9);
    expect(fields.total.confidence).toBeLessThan(1);
    expect(fields.tax_amount).toMatchObject({ value: 390.64, text: "390,64" });
    expect(fields.currency).toMatchObject({ value: "EUR", text: "€" });
    expect(fields.supplier_name.value).toBe("Brandt Bürotechnik GmbH");
    expect(fields.customer_name.value).toBe("Müller & Söhne GmbH");
    expect(fields.customer_address.value).toBe("Gartenweg 12, 50667 Köln");
    // A box on the page where the total is printed: right half, below the items.
    const { bbox } = fields.total;
    const page = data.pages[0];
    expect(bbox && page && bbox.x0 > page.width / 2 && bbox.y0 > page.height / 3).toBe(true);
    expect(data.line_items[0]).toMatchObject({
      description: "Network switch 24-port",
      quantity: 3,
      unit_price: 204.79,
      amount: 614.37,
      page: 1,
    });
    expect(data.checks).toEqual({
      line_items_match_subtotal: true,
      subtotal_and_tax_match_total: true,
      dates_plausible: true,
    });
  });

  // Every layout, language and format of the set: every field and line item right.
  it.each(pdfs)("%s: every field and line item as the truth says", async (file) => {
    const { data } = await process(file, "application/pdf");
    const score = scoreInvoice(data, truthOf(file));
    expect(score.wrongFields).toEqual([]);
    expect(score.items).toBe(score.itemCount);
    expect(data.line_items).toHaveLength(score.itemCount);
  });

  // The second provider, alone: the same invoices by amounts and their sums.
  it.each(pdfs)("%s: invoices-patterns alone gets every field and line item", async (file) => {
    const truth = truthOf(file);
    const output = await providers.get("invoices-patterns")?.run({
      bytes: readFileSync(path.join(DIR, file)),
      mimeType: "application/pdf",
      languageHints: truth.language_hints,
      passthrough: {},
      signal: AbortSignal.timeout(30_000),
      traceId: "test",
    });
    const data = invoiceDataSchema.parse(output?.data);
    const score = scoreInvoice(data, truth);
    expect(score.wrongFields).toEqual([]);
    expect(score.items).toBe(score.itemCount);
    expect(output?.check?.confident).toBe(true);
  });

  it("reads a photographed German invoice (tilted, noisy JPEG) with at most one field wrong", async () => {
    const file = "invoice-3-photo.jpg";
    const { data, meta } = await process(file, "image/jpeg");
    const score = scoreInvoice(data, truthOf(file));
    expect(score.wrongFields.length, score.wrongFields.join(", ")).toBeLessThanOrEqual(1);
    expect(meta.provider).toBe("invoices-layout");
    expect(data.fields.total.confidence).toBeGreaterThan(0.5);
    expect(data.fields.total.confidence).toBeLessThan(1);
    // Boxes on the photo as sent (tilted), inside it.
    const [page] = data.pages;
    const boxes = [data.fields.total.bbox, ...data.line_items.map((i) => i.bbox)];
    for (const box of boxes) {
      expect(box && page && box.x0 >= 0 && box.x1 <= page.width && box.y1 <= page.height).toBe(
        true,
      );
    }
  }, 60_000);

  it("calls an invoice whose totals do not add up unsure and tries the next provider", async () => {
    const { data, meta } = await process("mismatch-1.pdf", "application/pdf");
    expect(meta.failover_depth).toBe(1);
    expect(meta.attempts?.map((a) => a.outcome)).toEqual(["low_quality", "low_quality"]);
    expect(meta.attempts?.[0]?.reason).toMatch(/subtotal and tax make .*, the total reads/);
    expect(data.checks.subtotal_and_tax_match_total).toBe(false);
  });

  // A text-layer invoice whose issuer is only in a picture: its footer drawn as an image.
  it("finds the supplier in a footer drawn as a picture on a text-layer PDF", async () => {
    const texts: PdfText[] = [
      { x: 56, y: 60, text: "INVOICE", size: 20 },
      { x: 56, y: 100, text: "Invoice No. 4471" },
      { x: 56, y: 114, text: "Date: 03/02/2026" },
      { x: 56, y: 150, text: "Bill to:" },
      { x: 56, y: 164, text: "Harbour Cafe Ltd" },
      { x: 56, y: 178, text: "12 Quay Street, Dublin D02 X285" },
      { x: 56, y: 230, text: "Description" },
      { x: 330, y: 230, text: "Qty" },
      { x: 556, y: 230, text: "Amount", align: "right" },
      { x: 56, y: 248, text: "Coffee beans, 5 kg" },
      { x: 330, y: 248, text: "1" },
      { x: 556, y: 248, text: "84.00", align: "right" },
      { x: 400, y: 290, text: "Subtotal" },
      { x: 556, y: 290, text: "84.00", align: "right" },
      { x: 400, y: 304, text: "VAT 23%" },
      { x: 556, y: 304, text: "19.32", align: "right" },
      { x: 400, y: 318, text: "Total EUR" },
      { x: 556, y: 318, text: "103.32", align: "right" },
    ];
    // The footer at 200 dpi, 500 × 100 pt, near the bottom of the page.
    const footer = createCanvas(1389, 278);
    const ink = footer.getContext("2d");
    ink.fillStyle = "#fff";
    ink.fillRect(0, 0, footer.width, footer.height);
    ink.fillStyle = "#000";
    ink.font = "30px DejaVu Sans";
    const lines = [
      "Nordlicht Handel GmbH",
      "Hafenstrasse 12, 20457 Hamburg",
      "VAT No. DE123456789",
      "IBAN DE89 3704 0044 0532 0130 00",
    ];
    for (const [i, line] of lines.entries()) ink.fillText(line, 20, 45 + i * 60);
    const rgba = ink.getImageData(0, 0, footer.width, footer.height).data;
    const grey = Buffer.alloc(footer.width * footer.height);
    for (let p = 0; p < grey.length; p++) grey[p] = rgba[p * 4] ?? 255;
    const page = (picture: boolean) => ({
      mediaBox: [0, 0, 612, 792] as const,
      content: `${letterContent(texts)}${picture ? "\nq 500 0 0 100 56 50 cm /Im0 Do Q" : ""}`,
      image: { width: footer.width, height: footer.height, grey },
    });
    const read = async (picture: boolean) => {
      const output = await providers.get("invoices-layout")?.run({
        bytes: writePdf([page(picture)]),
        mimeType: "application/pdf",
        languageHints: ["en"],
        passthrough: {},
        signal: AbortSignal.timeout(30_000),
        traceId: "test",
      });
      return invoiceDataSchema.parse(output?.data).fields;
    };
    const fields = await read(true);
    expect(fields.supplier_name.value).toBe("Nordlicht Handel GmbH");
    expect(fields.supplier_address.value).toBe("Hafenstrasse 12, 20457 Hamburg");
    // Read from the text layer as before.
    expect(fields.customer_name.value).toBe("Harbour Cafe Ltd");
    expect(fields.total).toMatchObject({ value: 103.32, text: "103.32" });
    // Without the picture nothing names the supplier.
    expect((await read(false)).supplier_name.value).toBeNull();
  }, 60_000);
});
