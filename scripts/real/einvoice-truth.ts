// The truth of a real e-invoice, read from its own XML (CII as in Factur-X,
// ZUGFeRD 2 and XRechnung; ZUGFeRD 1; UBL Invoice and CreditNote), in the
// shape of the calibration invoices. Only what the XML states is written:
// a field the XML leaves out is left out here too, never guessed. The
// subtotal is the lines' sum (BT-106), as the interface's
// `line_items_match_subtotal` check means it; the amount the tax is charged on
// (BT-109, after document allowances and charges) only where BT-106 is absent.
import { all, first, parseXml, textAt, type XmlElement } from "./xml";

export interface LineItemTruth {
  description?: string;
  quantity?: number;
  unit_price?: number;
  amount?: number;
}

export interface InvoiceTruth {
  language_hints: string[];
  document_type?: "invoice" | "credit_note" | "receipt";
  fields: {
    supplier_name?: string;
    supplier_address?: string;
    customer_name?: string;
    customer_address?: string;
    invoice_number?: string;
    invoice_date?: string;
    due_date?: string;
    currency?: string;
    subtotal?: number;
    tax_amount?: number;
    total?: number;
  };
  line_items: LineItemTruth[];
  einvoice?: { syntax: "CII" | "ZUGFeRD1" | "UBL"; guideline?: string };
}

const LANGUAGE_OF_COUNTRY: Record<string, string> = {
  DE: "de",
  AT: "de",
  CH: "de",
  FR: "fr",
  BE: "fr",
  LU: "fr",
  ES: "es",
  IT: "it",
  NL: "nl",
  PT: "pt",
};

const num = (text: string | undefined) => {
  if (text === undefined) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
};

/** CII dates are `102` (YYYYMMDD); an ISO date is kept as it is. */
const isoDate = (text: string | undefined) => {
  if (!text) return undefined;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  const iso = /^\d{4}-\d{2}-\d{2}/.exec(text);
  return iso ? iso[0] : undefined;
};

/** Amounts can be given twice (document and tax currency): the document's wins. */
const amountIn = (elements: XmlElement[], currency: string | undefined) => {
  const chosen =
    elements.find((e) => currency !== undefined && e.attributes.currencyID === currency) ??
    elements.find((e) => e.attributes.currencyID === undefined) ??
    elements[0];
  return num(chosen?.text.trim());
};

const joinAddress = (parts: (string | undefined)[]) => {
  const kept = parts.map((p) => p?.trim()).filter((p): p is string => Boolean(p));
  return kept.length > 0 ? kept.join(", ") : undefined;
};

const unitPrice = (charge: number | undefined, basis: number | undefined) => {
  if (charge === undefined) return undefined;
  if (basis === undefined || basis === 0 || basis === 1) return charge;
  return Math.round((charge / basis) * 1e6) / 1e6;
};

const languageHints = (countryCode: string | undefined) => [
  LANGUAGE_OF_COUNTRY[countryCode ?? ""] ?? "en",
];

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** A name printed over two lines in the XML reads as one line on the page. */
const oneLine = (text: string | undefined) => text?.replace(/\s+/g, " ").trim();

/** A line with neither a name nor an amount (a note or a group heading) is no item. */
const isItem = (line: LineItemTruth) => line.description !== undefined || line.amount !== undefined;

/** CII (D16B) and ZUGFeRD 1 share their shape; only some element names differ. */
const fromCii = (root: XmlElement, v1: boolean): InvoiceTruth => {
  const header = first(root, v1 ? "HeaderExchangedDocument" : "ExchangedDocument");
  const transaction = first(
    root,
    v1 ? "SpecifiedSupplyChainTradeTransaction" : "SupplyChainTradeTransaction",
  );
  const agreement = first(
    transaction,
    v1 ? "ApplicableSupplyChainTradeAgreement" : "ApplicableHeaderTradeAgreement",
  );
  const settlement = first(
    transaction,
    v1 ? "ApplicableSupplyChainTradeSettlement" : "ApplicableHeaderTradeSettlement",
  );
  const currency = textAt(settlement, "InvoiceCurrencyCode");
  const summation = first(
    settlement,
    v1
      ? "SpecifiedTradeSettlementMonetarySummation"
      : "SpecifiedTradeSettlementHeaderMonetarySummation",
  );
  const party = (role: string) => {
    const p = first(agreement, role);
    const a = first(p, "PostalTradeAddress");
    return {
      name: textAt(p, "Name"),
      country: textAt(a, "CountryID"),
      address: joinAddress([
        textAt(a, "LineOne"),
        textAt(a, "LineTwo"),
        textAt(a, "LineThree"),
        joinAddress([textAt(a, "PostcodeCode"), textAt(a, "CityName")])?.replace(", ", " "),
      ]),
    };
  };
  const seller = party("SellerTradeParty");
  const buyer = party("BuyerTradeParty");
  const lines = all(transaction, "IncludedSupplyChainTradeLineItem").map((line) => {
    const lineAgreement = first(
      line,
      v1 ? "SpecifiedSupplyChainTradeAgreement" : "SpecifiedLineTradeAgreement",
    );
    const price = first(lineAgreement, "NetPriceProductTradePrice");
    const delivery = first(
      line,
      v1 ? "SpecifiedSupplyChainTradeDelivery" : "SpecifiedLineTradeDelivery",
    );
    const lineSettlement = first(
      line,
      v1 ? "SpecifiedSupplyChainTradeSettlement" : "SpecifiedLineTradeSettlement",
    );
    return withoutUndefined<LineItemTruth>({
      description: oneLine(textAt(line, "SpecifiedTradeProduct", "Name")),
      quantity: num(textAt(delivery, "BilledQuantity")),
      unit_price: unitPrice(
        num(textAt(price, "ChargeAmount")),
        num(textAt(price, "BasisQuantity")),
      ),
      amount: amountIn(
        all(lineSettlement, "SpecifiedTradeSettlementMonetarySummation", "LineTotalAmount").concat(
          all(lineSettlement, "SpecifiedTradeSettlementLineMonetarySummation", "LineTotalAmount"),
        ),
        currency,
      ),
    });
  });
  const typeCode = textAt(header, "TypeCode");
  return {
    language_hints: languageHints(seller.country),
    document_type: typeCode === "381" ? "credit_note" : "invoice",
    fields: withoutUndefined({
      supplier_name: seller.name,
      supplier_address: seller.address,
      customer_name: buyer.name,
      customer_address: buyer.address,
      invoice_number: textAt(header, "ID"),
      invoice_date: isoDate(textAt(header, "IssueDateTime", "DateTimeString")),
      due_date: isoDate(
        textAt(settlement, "SpecifiedTradePaymentTerms", "DueDateDateTime", "DateTimeString"),
      ),
      currency,
      subtotal:
        amountIn(all(summation, "LineTotalAmount"), currency) ??
        amountIn(all(summation, "TaxBasisTotalAmount"), currency),
      tax_amount: amountIn(all(summation, "TaxTotalAmount"), currency),
      total: amountIn(all(summation, "GrandTotalAmount"), currency),
    }),
    line_items: lines.filter(isItem),
    einvoice: withoutUndefined({
      syntax: v1 ? ("ZUGFeRD1" as const) : ("CII" as const),
      guideline: textAt(
        root,
        v1 ? "SpecifiedExchangedDocumentContext" : "ExchangedDocumentContext",
        "GuidelineSpecifiedDocumentContextParameter",
        "ID",
      ),
    }),
  };
};

const fromUbl = (root: XmlElement): InvoiceTruth => {
  const creditNote = root.name === "CreditNote";
  const currency = textAt(root, "DocumentCurrencyCode");
  const party = (role: string) => {
    const p = first(root, role, "Party");
    const a = first(p, "PostalAddress");
    return {
      name: textAt(p, "PartyLegalEntity", "RegistrationName") ?? textAt(p, "PartyName", "Name"),
      country: textAt(a, "Country", "IdentificationCode"),
      address: joinAddress([
        textAt(a, "StreetName"),
        textAt(a, "AdditionalStreetName"),
        ...all(a, "AddressLine", "Line").map((l) => l.text.trim()),
        joinAddress([textAt(a, "PostalZone"), textAt(a, "CityName")])?.replace(", ", " "),
      ]),
    };
  };
  const seller = party("AccountingSupplierParty");
  const buyer = party("AccountingCustomerParty");
  const totals = first(root, "LegalMonetaryTotal");
  const lines = all(root, creditNote ? "CreditNoteLine" : "InvoiceLine").map((line) => {
    const price = first(line, "Price");
    return withoutUndefined<LineItemTruth>({
      description: oneLine(textAt(line, "Item", "Name")),
      quantity: num(textAt(line, creditNote ? "CreditedQuantity" : "InvoicedQuantity")),
      unit_price: unitPrice(num(textAt(price, "PriceAmount")), num(textAt(price, "BaseQuantity"))),
      amount: num(textAt(line, "LineExtensionAmount")),
    });
  });
  const typeCode = textAt(root, creditNote ? "CreditNoteTypeCode" : "InvoiceTypeCode");
  return {
    language_hints: languageHints(seller.country),
    document_type: creditNote || typeCode === "381" ? "credit_note" : "invoice",
    fields: withoutUndefined({
      supplier_name: seller.name,
      supplier_address: seller.address,
      customer_name: buyer.name,
      customer_address: buyer.address,
      invoice_number: textAt(root, "ID"),
      invoice_date: isoDate(textAt(root, "IssueDate")),
      due_date: isoDate(textAt(root, "DueDate") ?? textAt(root, "PaymentMeans", "PaymentDueDate")),
      currency,
      subtotal:
        num(textAt(totals, "LineExtensionAmount")) ?? num(textAt(totals, "TaxExclusiveAmount")),
      tax_amount: amountIn(all(root, "TaxTotal", "TaxAmount"), currency),
      total: num(textAt(totals, "TaxInclusiveAmount")),
    }),
    line_items: lines.filter(isItem),
    einvoice: withoutUndefined({
      syntax: "UBL" as const,
      guideline: textAt(root, "CustomizationID"),
    }),
  };
};

export const einvoiceTruth = (xml: string): InvoiceTruth => {
  const root = parseXml(xml);
  switch (root.name) {
    case "CrossIndustryInvoice":
      return fromCii(root, false);
    case "CrossIndustryDocument":
      return fromCii(root, true);
    case "Invoice":
    case "CreditNote":
      return fromUbl(root);
    default:
      throw new Error(`not an e-invoice: <${root.name}>`);
  }
};
