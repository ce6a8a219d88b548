// E-invoices written for the tests from the structure the standards publish
// (UN/CEFACT CII D16B as Factur-X / ZUGFeRD 2.x / XRechnung use it; ZUGFeRD
// 1.0; OASIS UBL 2.1 Invoice and CreditNote), the same invoice as a printed
// page, and the page with the XML attached as a PDF/A-3 style embedded file.
import { type PdfText, simplePdf } from "../../scripts/calibration/simple-pdf";

export interface SampleParty {
  name: string;
  lines: string[];
  postcode: string;
  city: string;
}

export interface SampleLine {
  name: string;
  quantity: string;
  price: string;
  /** Quantity the price is for (BT-149), when not 1. */
  basis?: string;
  amount: string;
}

export interface SampleInvoice {
  number: string;
  /** YYYY-MM-DD */
  issued: string;
  due?: string;
  currency: string;
  seller: SampleParty;
  buyer: SampleParty;
  lines: SampleLine[];
  lineTotal: string;
  allowances?: string;
  taxBasis: string;
  tax: string;
  grandTotal: string;
  payable: string;
}

const xmlText = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const compact = (date: string) => date.replaceAll("-", "");

export const SAMPLE: SampleInvoice = {
  number: "RE-2026-0042",
  issued: "2026-03-14",
  due: "2026-04-13",
  currency: "EUR",
  seller: {
    name: "Nordlicht Werkzeuge GmbH",
    lines: ["Hafenstraße 7"],
    postcode: "20457",
    city: "Hamburg",
  },
  buyer: {
    name: "Café Rösterei Am Markt KG",
    lines: ["Marktplatz 3", "Hinterhaus"],
    postcode: "04109",
    city: "Leipzig",
  },
  lines: [
    { name: "Akkuschrauber 18 V", quantity: "3", price: "89.90", amount: "269.70" },
    { name: "Bitsatz 32-teilig & Koffer", quantity: "2", price: "14.50", amount: "29.00" },
    {
      name: "Schrauben 4x40",
      quantity: "500",
      price: "4.20",
      basis: "100",
      amount: "21.00",
    },
  ],
  lineTotal: "319.70",
  taxBasis: "319.70",
  tax: "60.74",
  grandTotal: "380.44",
  payable: "380.44",
};

const ciiParty = (role: string, p: SampleParty) => `
      <ram:${role}>
        <ram:Name>${xmlText(p.name)}</ram:Name>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>${p.postcode}</ram:PostcodeCode>
          ${p.lines.map((l, i) => `<ram:Line${["One", "Two", "Three"][i]}>${xmlText(l)}</ram:Line${["One", "Two", "Three"][i]}>`).join("\n          ")}
          <ram:CityName>${xmlText(p.city)}</ram:CityName>
          <ram:CountryID>DE</ram:CountryID>
        </ram:PostalTradeAddress>
      </ram:${role}>`;

/** Factur-X / ZUGFeRD 2.x EN 16931 profile (CII D16B). */
export function ciiXml(inv: SampleInvoice, typeCode = "380"): string {
  const lines = inv.lines
    .map(
      (l, i) => `
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>${xmlText(l.name)}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice>
          <ram:ChargeAmount>${l.price}</ram:ChargeAmount>
          ${l.basis ? `<ram:BasisQuantity unitCode="H87">${l.basis}</ram:BasisQuantity>` : ""}
        </ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="H87">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${l.amount}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${xmlText(inv.number)}</ram:ID>
    <ram:TypeCode>${typeCode}</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${compact(inv.issued)}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${lines}
    <ram:ApplicableHeaderTradeAgreement>${ciiParty("SellerTradeParty", inv.seller)}${ciiParty("BuyerTradeParty", inv.buyer)}
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>${inv.currency}</ram:InvoiceCurrencyCode>
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>${inv.tax}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode>
        <ram:BasisAmount>${inv.taxBasis}</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode>
        <ram:RateApplicablePercent>19</ram:RateApplicablePercent>
      </ram:ApplicableTradeTax>
      ${inv.due ? `<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">${compact(inv.due)}</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>` : ""}
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>${inv.lineTotal}</ram:LineTotalAmount>
        ${inv.allowances ? `<ram:AllowanceTotalAmount>${inv.allowances}</ram:AllowanceTotalAmount>` : ""}
        <ram:TaxBasisTotalAmount>${inv.taxBasis}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="${inv.currency}">${inv.tax}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${inv.grandTotal}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${inv.payable}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

/** ZUGFeRD 1.0 (its own CII namespace and container names), BASIC profile. */
export function zugferd1Xml(inv: SampleInvoice): string {
  const party = (role: string, p: SampleParty) => `
        <ram:${role}>
          <ram:Name>${xmlText(p.name)}</ram:Name>
          <ram:PostalTradeAddress>
            <ram:PostcodeCode>${p.postcode}</ram:PostcodeCode>
            <ram:LineOne>${xmlText(p.lines[0] ?? "")}</ram:LineOne>
            <ram:CityName>${xmlText(p.city)}</ram:CityName>
            <ram:CountryID>DE</ram:CountryID>
          </ram:PostalTradeAddress>
        </ram:${role}>`;
  const lines = inv.lines
    .map(
      (l) => `
      <ram:IncludedSupplyChainTradeLineItem>
        <ram:SpecifiedSupplyChainTradeAgreement>
          <ram:NetPriceProductTradePrice><ram:ChargeAmount currencyID="${inv.currency}">${l.price}</ram:ChargeAmount>${l.basis ? `<ram:BasisQuantity unitCode="C62">${l.basis}</ram:BasisQuantity>` : ""}</ram:NetPriceProductTradePrice>
        </ram:SpecifiedSupplyChainTradeAgreement>
        <ram:SpecifiedSupplyChainTradeDelivery><ram:BilledQuantity unitCode="C62">${l.quantity}</ram:BilledQuantity></ram:SpecifiedSupplyChainTradeDelivery>
        <ram:SpecifiedSupplyChainTradeSettlement>
          <ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="${inv.currency}">${l.amount}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation>
        </ram:SpecifiedSupplyChainTradeSettlement>
        <ram:SpecifiedTradeProduct><ram:Name>${xmlText(l.name)}</ram:Name></ram:SpecifiedTradeProduct>
      </ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
  <rsm:SpecifiedExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:basic</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:SpecifiedExchangedDocumentContext>
  <rsm:HeaderExchangedDocument>
    <ram:ID>${xmlText(inv.number)}</ram:ID>
    <ram:Name>RECHNUNG</ram:Name>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${compact(inv.issued)}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:HeaderExchangedDocument>
  <rsm:SpecifiedSupplyChainTradeTransaction>
    <ram:ApplicableSupplyChainTradeAgreement>${party("SellerTradeParty", inv.seller)}${party("BuyerTradeParty", inv.buyer)}
    </ram:ApplicableSupplyChainTradeAgreement>
    <ram:ApplicableSupplyChainTradeSettlement>
      <ram:InvoiceCurrencyCode>${inv.currency}</ram:InvoiceCurrencyCode>
      ${inv.due ? `<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">${compact(inv.due)}</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>` : ""}
      <ram:SpecifiedTradeSettlementMonetarySummation>
        <ram:LineTotalAmount currencyID="${inv.currency}">${inv.lineTotal}</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount currencyID="${inv.currency}">${inv.taxBasis}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="${inv.currency}">${inv.tax}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount currencyID="${inv.currency}">${inv.grandTotal}</ram:GrandTotalAmount>
        <ram:DuePayableAmount currencyID="${inv.currency}">${inv.payable}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementMonetarySummation>
    </ram:ApplicableSupplyChainTradeSettlement>${lines}
  </rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>
`;
}

const ublParty = (role: string, p: SampleParty) => `
  <cac:${role}>
    <cac:Party>
      <cac:PartyName><cbc:Name>${xmlText(p.name)} (Handelsname)</cbc:Name></cac:PartyName>
      <cac:PostalAddress>
        <cbc:StreetName>${xmlText(p.lines[0] ?? "")}</cbc:StreetName>
        ${p.lines[1] ? `<cbc:AdditionalStreetName>${xmlText(p.lines[1])}</cbc:AdditionalStreetName>` : ""}
        <cbc:CityName>${xmlText(p.city)}</cbc:CityName>
        <cbc:PostalZone>${p.postcode}</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
      <cac:PartyLegalEntity><cbc:RegistrationName>${xmlText(p.name)}</cbc:RegistrationName></cac:PartyLegalEntity>
    </cac:Party>
  </cac:${role}>`;

/**
 * XRechnung UBL: an Invoice, or a CreditNote (its due date under PaymentMeans).
 * `taxCurrency` adds the second TaxTotal a document with a tax currency carries.
 */
export function ublXml(
  inv: SampleInvoice,
  kind: "Invoice" | "CreditNote" = "Invoice",
  taxCurrency?: { code: string; tax: string },
): string {
  const c = inv.currency;
  const lineTag = kind === "Invoice" ? "InvoiceLine" : "CreditNoteLine";
  const quantityTag = kind === "Invoice" ? "InvoicedQuantity" : "CreditedQuantity";
  const lines = inv.lines
    .map(
      (l, i) => `
  <cac:${lineTag}>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:${quantityTag} unitCode="H87">${l.quantity}</cbc:${quantityTag}>
    <cbc:LineExtensionAmount currencyID="${c}">${l.amount}</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>${xmlText(l.name)}</cbc:Name>
      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="${c}">${l.price}</cbc:PriceAmount>${l.basis ? `<cbc:BaseQuantity unitCode="H87">${l.basis}</cbc:BaseQuantity>` : ""}</cac:Price>
  </cac:${lineTag}>`,
    )
    .join("");
  const due = kind === "Invoice" && inv.due ? `<cbc:DueDate>${inv.due}</cbc:DueDate>` : "";
  const typeCode =
    kind === "Invoice"
      ? "<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>"
      : "<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>";
  const means =
    kind === "CreditNote" && inv.due
      ? `<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentDueDate>${inv.due}</cbc:PaymentDueDate></cac:PaymentMeans>`
      : `<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode></cac:PaymentMeans>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<ubl:${kind} xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:${kind}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>${xmlText(inv.number)}</cbc:ID>
  <cbc:IssueDate>${inv.issued}</cbc:IssueDate>
  ${due}
  ${typeCode}
  <cbc:DocumentCurrencyCode>${c}</cbc:DocumentCurrencyCode>
  ${taxCurrency ? `<cbc:TaxCurrencyCode>${taxCurrency.code}</cbc:TaxCurrencyCode>` : ""}
  <cbc:BuyerReference>04011000-12345-34</cbc:BuyerReference>
  ${ublParty("AccountingSupplierParty", inv.seller)}
  ${ublParty("AccountingCustomerParty", inv.buyer)}
  ${means}
  ${inv.allowances ? `<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="${c}">${inv.allowances}</cbc:Amount></cac:AllowanceCharge>` : ""}
  ${taxCurrency ? `<cac:TaxTotal><cbc:TaxAmount currencyID="${taxCurrency.code}">${taxCurrency.tax}</cbc:TaxAmount></cac:TaxTotal>` : ""}
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="${c}">${inv.tax}</cbc:TaxAmount>
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="${c}">${inv.taxBasis}</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="${c}">${inv.tax}</cbc:TaxAmount>
      <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>
    </cac:TaxSubtotal>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="${c}">${inv.lineTotal}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="${c}">${inv.taxBasis}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="${c}">${inv.grandTotal}</cbc:TaxInclusiveAmount>
    ${inv.allowances ? `<cbc:AllowanceTotalAmount currencyID="${c}">${inv.allowances}</cbc:AllowanceTotalAmount>` : ""}
    <cbc:PayableAmount currencyID="${c}">${inv.payable}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>${lines}
</ubl:${kind}>
`;
}

/** "1234.5" → "1.234,50", as a German invoice prints amounts. */
const german = (amount: string) =>
  Number(amount).toLocaleString("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const germanDate = (date: string) => date.split("-").reverse().join(".");

/** The invoice printed on one page, in German; `print` overrides what the page shows. */
export function samplePage(
  inv: SampleInvoice,
  print: { number?: string; grandTotal?: string } = {},
): Buffer {
  const texts: PdfText[] = [
    { x: 50, y: 60, text: inv.seller.name, size: 16 },
    {
      x: 50,
      y: 80,
      text: `${inv.seller.lines.join(", ")}, ${inv.seller.postcode} ${inv.seller.city}`,
    },
    { x: 50, y: 130, text: inv.buyer.name },
    ...inv.buyer.lines.map((line, i) => ({ x: 50, y: 144 + i * 14, text: line })),
    {
      x: 50,
      y: 144 + inv.buyer.lines.length * 14,
      text: `${inv.buyer.postcode} ${inv.buyer.city}`,
    },
    { x: 50, y: 220, text: `Rechnung Nr. ${print.number ?? inv.number}`, size: 14 },
    { x: 380, y: 130, text: `Rechnungsdatum: ${germanDate(inv.issued)}` },
    ...(inv.due ? [{ x: 380, y: 144, text: `Fällig am: ${germanDate(inv.due)}` }] : []),
    { x: 50, y: 260, text: "Beschreibung" },
    { x: 360, y: 260, text: "Menge", align: "right" },
    { x: 450, y: 260, text: "Einzelpreis", align: "right" },
    { x: 550, y: 260, text: "Betrag", align: "right" },
  ];
  inv.lines.forEach((line, i) => {
    const y = 280 + i * 18;
    texts.push(
      { x: 50, y, text: line.name },
      { x: 360, y, text: line.quantity, align: "right" },
      {
        x: 450,
        y,
        text: line.basis ? `${german(line.price)} / ${line.basis}` : german(line.price),
        align: "right",
      },
      { x: 550, y, text: german(line.amount), align: "right" },
    );
  });
  const y = 300 + inv.lines.length * 18;
  texts.push(
    { x: 380, y, text: "Nettobetrag" },
    { x: 550, y, text: german(inv.taxBasis), align: "right" },
    { x: 380, y: y + 16, text: "USt 19 %" },
    { x: 550, y: y + 16, text: german(inv.tax), align: "right" },
    { x: 380, y: y + 34, text: "Gesamtbetrag" },
    { x: 550, y: y + 34, text: `${german(print.grandTotal ?? inv.grandTotal)} €`, align: "right" },
  );
  return simplePdf(texts);
}

/**
 * `pdf` with `file` attached as an embedded file (ISO 32000 7.11.4), the way
 * Factur-X attaches its XML: an incremental update that adds the file stream,
 * its file specification (AFRelationship Data), and a new catalog naming it in
 * /Names /EmbeddedFiles and /AF.
 */
export function attachFile(pdf: Buffer, name: string, file: Buffer | string): Buffer {
  const text = pdf.toString("latin1");
  const size = Number(/\/Size (\d+)/.exec(text.slice(text.lastIndexOf("trailer")))?.[1]);
  const previous = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf("startxref")))?.[1]);
  const data = typeof file === "string" ? Buffer.from(file, "utf8") : file;
  const stream = size;
  const spec = size + 1;
  const chunks: Buffer[] = [pdf];
  let length = pdf.length;
  const offsets = new Map<number, number>();
  const write = (part: string | Buffer) => {
    const chunk = typeof part === "string" ? Buffer.from(part, "latin1") : part;
    chunks.push(chunk);
    length += chunk.length;
  };
  const object = (id: number, body: string, content?: Buffer) => {
    offsets.set(id, length);
    write(`${id} 0 obj\n${body}\n`);
    if (content) {
      write("stream\n");
      write(content);
      write("\nendstream\n");
    }
    write("endobj\n");
  };
  object(
    stream,
    `<< /Type /EmbeddedFile /Subtype /text#2Fxml /Params << /Size ${data.length} >> /Length ${data.length} >>`,
    data,
  );
  object(
    spec,
    `<< /Type /Filespec /F (${name}) /UF (${name}) /Desc (Invoice data) /AFRelationship /Data /EF << /F ${stream} 0 R /UF ${stream} 0 R >> >>`,
  );
  object(
    1,
    `<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(${name}) ${spec} 0 R] >> >> /AF [${spec} 0 R] >>`,
  );
  const xref = length;
  const entry = (id: number) => `${String(offsets.get(id)).padStart(10, "0")} 00000 n \n`;
  write(`xref\n0 2\n0000000000 65535 f \n${entry(1)}${stream} 2\n${entry(stream)}${entry(spec)}`);
  write(
    `trailer\n<< /Size ${spec + 1} /Root 1 0 R /Prev ${previous} >>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return Buffer.concat(chunks);
}
