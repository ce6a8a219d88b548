// Invoice data end to end: the generated calibration invoices (several
// layouts, languages, date and number formats, currencies) uploaded and
// processed over real HTTP by the real providers and router.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceDataSchema, processResultSchema } from "@/lib/contract";
import { type InvoiceTruth, scoreInvoice } from "../../scripts/calibration/invoices";
import { closeAll, createProviders, loadProviderConfig } from "../src/providers";
import { createRouter, loadRoutingConfig } from "../src/routing";
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

  async function process(file: string, mimeType: string) {
    const grant = await uploadFixture(svc, INVOICES, `calibration/invoices/${file}`, mimeType);
    const res = await svc.postJson(processPath(INVOICES), {
      input: { document: grant.s3_uri, mime_type: mimeType },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const result = processResultSchema.parse(await res.json());
    return { meta: result.meta, data: invoiceDataSchema.parse(result.data) };
  }

  it("reads a German invoice's fields as printed and normalised, with its line items", async () => {
    const { data, meta } = await process("invoice-3.pdf", "application/pdf");
    expect(meta.failover_depth).toBe(0);
    const { fields } = data;
    expect(fields.invoice_date).toMatchObject({ value: "2026-03-11", text: "11.03.2026", page: 1 });
    expect(fields.due_date).toMatchObject({ value: "2026-03-25", text: "25.03.2026" });
    expect(fields.total).toMatchObject({ value: 9282.67, text: "9.282,67", confidence: 1 });
    expect(fields.currency).toMatchObject({ value: "EUR", text: "€" });
    expect(fields.supplier_name.value).toBe("Oakridge Consulting LLC");
    expect(fields.customer_name.value).toBe("Keller Werkzeugbau KG");
    // A box on the page where the total is printed: right half, below the items.
    const { bbox } = fields.total;
    const page = data.pages[0];
    expect(bbox && page && bbox.x0 > page.width / 2 && bbox.y0 > page.height / 3).toBe(true);
    expect(data.line_items[1]).toMatchObject({
      description: "Standing desk",
      quantity: 7,
      unit_price: 191.16,
      amount: 1338.12,
      page: 1,
    });
    expect(data.checks).toEqual({
      line_items_match_subtotal: true,
      subtotal_and_tax_match_total: true,
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

  it("reads a photographed invoice (tilted, noisy JPEG) with at most one field wrong", async () => {
    const file = "invoice-1-photo.jpg";
    const { data, meta } = await process(file, "image/jpeg");
    const score = scoreInvoice(data, truthOf(file));
    expect(score.wrongFields.length, score.wrongFields.join(", ")).toBeLessThanOrEqual(1);
    expect(meta.provider).toBe("invoices-layout");
    expect(data.fields.total.confidence).toBeGreaterThan(0.5);
    expect(data.fields.total.confidence).toBeLessThan(1);
  }, 60_000);

  it("calls an invoice whose totals do not add up unsure and tries the next provider", async () => {
    const { data, meta } = await process("mismatch-1.pdf", "application/pdf");
    expect(meta.failover_depth).toBe(1);
    expect(meta.attempts?.map((a) => a.outcome)).toEqual(["low_quality", "low_quality"]);
    expect(meta.attempts?.[0]?.reason).toMatch(/subtotal and tax make .*, the total reads/);
    expect(data.checks.subtotal_and_tax_match_total).toBe(false);
  });
});
