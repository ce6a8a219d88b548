// E-invoices as a buyer sends them, over real HTTP through the real router and
// providers: an XML file (CII or UBL) uploaded to the invoice category, a PDF
// with its XML attached, and the XML files and types the service refuses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type InvoiceData,
  invoiceDataSchema,
  processResultSchema,
  validationErrorSchema,
} from "@/lib/kernel/contract";
import { loadProviderConfig, loadRoutingConfig } from "../src/config";
import { E_INVOICE_MAX_BYTES } from "../src/e-invoice-xml/limits";
import { closeAll, createProviders } from "../src/registry";
import { createRouter } from "../src/router";
import { attachFile, ciiXml, SAMPLE, samplePage, ublXml } from "./e-invoice-samples";
import { startService, type TestService } from "./helpers";
import { INVOICES, OCR, processPath, requestGrant, uploadBytes } from "./process-helpers";

async function detail(res: Response) {
  expect(res.status).toBe(422);
  return validationErrorSchema.parse(await res.json()).detail;
}

describe("e-invoices over HTTP", () => {
  const providers = createProviders(loadProviderConfig({}));
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService({ router: createRouter(loadRoutingConfig({}), providers) });
  });
  afterAll(async () => {
    await svc?.close();
    await closeAll(providers);
  });

  async function process(bytes: Buffer, mimeType: string) {
    const grant = await uploadBytes(svc, INVOICES, bytes, mimeType);
    return svc.postJson(processPath(INVOICES), {
      input: { document: grant.s3_uri, mime_type: mimeType },
    });
  }

  async function answer(bytes: Buffer, mimeType: string) {
    const res = await process(bytes, mimeType);
    expect(res.status, await res.clone().text()).toBe(200);
    const result = processResultSchema.parse(await res.json());
    return { meta: result.meta, data: invoiceDataSchema.parse(result.data) as InvoiceData };
  }

  it("grants XML uploads for the invoice category only", async () => {
    for (const type of ["application/xml", "text/xml", "Application/XML; charset=utf-8"]) {
      const grant = await requestGrant(svc, INVOICES, type);
      expect(grant.object_key).toMatch(/\.xml$/);
    }
    const res = await svc.postJson(`/v1/categories/${OCR}/uploads`, {
      content_type: "application/xml",
    });
    const [item] = await detail(res);
    expect(item).toMatchObject({ type: "literal_error", loc: ["body", "content_type"] });
    const categories = (await (await svc.fetch("/v1/categories")).json()) as {
      items: { id: string; accepts: string[] }[];
    };
    for (const category of categories.items) {
      const takesXml = category.accepts.includes("application/xml");
      expect(takesXml).toBe(category.id === INVOICES);
    }
  });

  it("holds XML to its own size limit, at the grant and at the upload", async () => {
    const grant = (contentType: string, length: number) =>
      svc.postJson(`/v1/categories/${INVOICES}/uploads`, {
        content_type: contentType,
        content_length: length,
      });
    const [item] = await detail(await grant("application/xml", E_INVOICE_MAX_BYTES + 1));
    expect(item).toMatchObject({
      type: "less_than_equal",
      loc: ["body", "content_length"],
      ctx: { le: E_INVOICE_MAX_BYTES },
    });
    expect((await grant("application/pdf", E_INVOICE_MAX_BYTES + 1)).status).toBe(200);
    const granted = await requestGrant(svc, INVOICES, "application/xml");
    const put = await fetch(granted.upload_url, {
      method: "PUT",
      headers: { "Content-Type": "application/xml" },
      body: new Uint8Array(E_INVOICE_MAX_BYTES + 1),
    });
    expect(put.status).toBe(400);
    expect(await put.text()).toContain("EntityTooLarge");
  });

  it("reads an uploaded CII file from its XML, every field certain", async () => {
    const { data, meta } = await answer(Buffer.from(ciiXml(SAMPLE)), "application/xml");
    expect(data.source).toBe("embedded_xml");
    expect(data.fields.total).toEqual({ value: 380.44, text: "380.44", confidence: 1 });
    expect(data.fields.customer_name.value).toBe("Café Rösterei Am Markt KG");
    expect(data.line_items).toHaveLength(3);
    expect(meta.failover_depth).toBe(0);
    expect(meta.pages).toBe(1);
  });

  it("reads an uploaded UBL file declared as text/xml", async () => {
    const { data } = await answer(Buffer.from(ublXml(SAMPLE, "CreditNote")), "text/xml");
    expect(data.e_invoice).toMatchObject({ syntax: "UBL", type: "credit_note" });
    expect(data.fields.invoice_number.value).toBe("RE-2026-0042");
  });

  it("refuses an XML file that is not an e-invoice with a 422 in plain words", async () => {
    const res = await process(
      Buffer.from('<?xml version="1.0"?><rss version="2.0"><channel/></rss>'),
      "application/xml",
    );
    const [item] = await detail(res);
    expect(item).toMatchObject({ type: "value_error", loc: ["body", "input", "document"] });
    expect(item?.msg).toMatch(
      /^Value error, the XML file is not an e-invoice this service reads: its root element is rss, where an e-invoice is UN\/CEFACT Cross Industry Invoice .* Upload the e-invoice's XML file, or the invoice as a PDF or an image\.$/,
    );
  });

  it("refuses XML declared as a PDF, and a PDF declared as XML", async () => {
    const asPdf = await detail(await process(Buffer.from(ciiXml(SAMPLE)), "application/pdf"));
    expect(asPdf[0]?.msg).toContain("they look like application/xml");
    const asXml = await detail(await process(samplePage(SAMPLE), "application/xml"));
    expect(asXml[0]?.msg).toContain("they look like application/pdf");
  });

  it("reads a Factur-X PDF from its XML and checks its page", async () => {
    const pdf = attachFile(samplePage(SAMPLE), "factur-x.xml", ciiXml(SAMPLE));
    const { data, meta } = await answer(pdf, "application/pdf");
    expect(data.source).toBe("embedded_xml");
    expect(data.e_invoice?.attachment).toBe("factur-x.xml");
    expect(data.checks).toMatchObject({
      total_on_page: true,
      invoice_number_on_page: true,
      invoice_date_on_page: true,
    });
    expect(data.fields.total).toMatchObject({ value: 380.44, text: "380,44", page: 1 });
    expect(meta.failover_depth).toBe(0);
  });

  it("says which page values disagree with the XML, in the checks and the attempts", async () => {
    const page = samplePage(SAMPLE, { grandTotal: "380.00" });
    const { data, meta } = await answer(
      attachFile(page, "factur-x.xml", ciiXml(SAMPLE)),
      "application/pdf",
    );
    expect(data.source).toBe("embedded_xml");
    expect(data.fields.total.value).toBe(380.44);
    expect(data.checks.total_on_page).toBe(false);
    const first = meta.attempts?.[0];
    expect(first).toMatchObject({ outcome: "low_quality" });
    expect(first?.reason).toContain("the XML's total 380.44 is not printed on the page");
  });
});
