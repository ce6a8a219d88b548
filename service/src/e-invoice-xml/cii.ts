// UN/CEFACT Cross Industry Invoice: Factur-X and ZUGFeRD 2.x (every profile),
// XRechnung CII, and ZUGFeRD 1.0, whose older schema names a few containers
// differently (second name in each pair below). Paths are below the root
// (rsm:CrossIndustryInvoice, or rsm:CrossIndustryDocument for 1.0); EN 16931
// term in brackets. "Trade" = SupplyChainTradeTransaction.
//
// | field            | element                                                                          |
// |------------------|----------------------------------------------------------------------------------|
// | invoice_number   | ExchangedDocument/ID (BT-1)                                                      |
// | invoice_date     | ExchangedDocument/IssueDateTime/DateTimeString, format 102 (BT-2)                |
// | due_date         | Trade/ApplicableHeaderTradeSettlement/SpecifiedTradePaymentTerms/DueDateDateTime (BT-9) |
// | currency         | Trade/ApplicableHeaderTradeSettlement/InvoiceCurrencyCode (BT-5)                 |
// | supplier_name    | Trade/ApplicableHeaderTradeAgreement/SellerTradeParty/Name (BT-27)               |
// | supplier_address | …/SellerTradeParty/PostalTradeAddress: LineOne–Three, PostcodeCode CityName      |
// | customer_name    | Trade/ApplicableHeaderTradeAgreement/BuyerTradeParty/Name (BT-44)                |
// | customer_address | …/BuyerTradeParty/PostalTradeAddress, as for the supplier                        |
// | subtotal         | …/SpecifiedTradeSettlementHeaderMonetarySummation/LineTotalAmount (BT-106);      |
// |                  | TaxBasisTotalAmount (BT-109) when there is none (MINIMUM profile)                |
// | tax_amount       | …/TaxTotalAmount in the invoice currency (BT-110)                                |
// | total            | …/GrandTotalAmount (BT-112)                                                      |
//
// Line items: IncludedSupplyChainTradeLineItem, in order: description
// SpecifiedTradeProduct/Name (BT-153); quantity SpecifiedLineTradeDelivery/
// BilledQuantity (BT-129); unit_price SpecifiedLineTradeAgreement/
// NetPriceProductTradePrice/ChargeAmount over its BasisQuantity (BT-146, BT-149);
// amount SpecifiedLineTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation/
// LineTotalAmount (BT-131). Lines marked INFORMATION (EXTENDED profile) are not
// items: they count in no total.
import {
  addressValue,
  amountValue,
  currencyValue,
  dateValue,
  decimal,
  type EInvoice,
  type EInvoiceLine,
  inCurrency,
  isNoteLine,
  textValue,
  unitPrice,
} from "./model";
import { all, first, type Step, textAt, type XmlElement } from "./xml";

export const CII_ROOTS = [
  {
    name: "CrossIndustryInvoice",
    namespace: "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  },
  { name: "CrossIndustryDocument", namespace: "urn:ferd:CrossIndustryDocument:invoice:1p0" },
] as const;

const DOCUMENT: Step = ["ExchangedDocument", "HeaderExchangedDocument"];
const CONTEXT: Step = ["ExchangedDocumentContext", "SpecifiedExchangedDocumentContext"];
const TRADE: Step = ["SupplyChainTradeTransaction", "SpecifiedSupplyChainTradeTransaction"];
const AGREEMENT: Step = ["ApplicableHeaderTradeAgreement", "ApplicableSupplyChainTradeAgreement"];
const SETTLEMENT: Step = [
  "ApplicableHeaderTradeSettlement",
  "ApplicableSupplyChainTradeSettlement",
];
const SUMMATION: Step = [
  "SpecifiedTradeSettlementHeaderMonetarySummation",
  "SpecifiedTradeSettlementMonetarySummation",
];
const LINE_AGREEMENT: Step = ["SpecifiedLineTradeAgreement", "SpecifiedSupplyChainTradeAgreement"];
const LINE_DELIVERY: Step = ["SpecifiedLineTradeDelivery", "SpecifiedSupplyChainTradeDelivery"];
const LINE_SETTLEMENT: Step = [
  "SpecifiedLineTradeSettlement",
  "SpecifiedSupplyChainTradeSettlement",
];
const LINE_SUMMATION: Step = [
  "SpecifiedTradeSettlementLineMonetarySummation",
  "SpecifiedTradeSettlementMonetarySummation",
];

/** Credit notes (UNTDID 1001): 381, and 261, 262, 296, 308, 396, 420, 458, 532. */
const CREDIT_NOTE_CODES = new Set([
  "81",
  "83",
  "261",
  "262",
  "296",
  "308",
  "381",
  "396",
  "420",
  "458",
  "532",
]);

function party(agreement: XmlElement | undefined, role: "SellerTradeParty" | "BuyerTradeParty") {
  const el = first(agreement, role);
  const address = first(el, "PostalTradeAddress");
  return {
    name: textValue(textAt(el, "Name")),
    address: addressValue(
      [textAt(address, "LineOne"), textAt(address, "LineTwo"), textAt(address, "LineThree")],
      textAt(address, "PostcodeCode"),
      textAt(address, "CityName"),
      {
        country: textAt(address, "CountryID"),
        state: textAt(address, "CountrySubDivisionName"),
      },
    ),
  };
}

function line(item: XmlElement): EInvoiceLine | undefined {
  const status = textAt(item, "AssociatedDocumentLineDocument", "LineStatusReasonCode");
  if (status?.toUpperCase() === "INFORMATION") return undefined;
  const price = first(item, LINE_AGREEMENT, "NetPriceProductTradePrice");
  const product = first(item, "SpecifiedTradeProduct");
  return {
    description: (textAt(product, "Name") ?? textAt(product, "Description") ?? "")
      .replace(/\s+/g, " ")
      .trim(),
    quantity: decimal(first(item, LINE_DELIVERY, "BilledQuantity")),
    unit_price: unitPrice(
      decimal(first(price, "ChargeAmount")),
      decimal(first(price, "BasisQuantity")),
    ),
    amount: decimal(first(item, LINE_SETTLEMENT, LINE_SUMMATION, "LineTotalAmount")),
  };
}

/** A CII document's fields and line items (the root is one of CII_ROOTS). */
export function readCii(root: XmlElement): EInvoice {
  const document = first(root, DOCUMENT);
  const trade = first(root, TRADE);
  const agreement = first(trade, AGREEMENT);
  const settlement = first(trade, SETTLEMENT);
  const sums = first(settlement, SUMMATION);
  const currency = currencyValue(textAt(settlement, "InvoiceCurrencyCode"));
  const seller = party(agreement, "SellerTradeParty");
  const buyer = party(agreement, "BuyerTradeParty");
  const lineTotal = amountValue(first(sums, "LineTotalAmount"));
  const typeCode = textAt(document, "TypeCode");
  return {
    syntax: "CII",
    profile: textAt(root, CONTEXT, "GuidelineSpecifiedDocumentContextParameter", "ID") ?? null,
    type: typeCode !== undefined && CREDIT_NOTE_CODES.has(typeCode) ? "credit_note" : "invoice",
    fields: {
      supplier_name: seller.name,
      supplier_address: seller.address,
      customer_name: buyer.name,
      customer_address: buyer.address,
      invoice_number: textValue(textAt(document, "ID")),
      invoice_date: dateValue(first(document, "IssueDateTime", "DateTimeString")),
      due_date: dateValue(
        first(settlement, "SpecifiedTradePaymentTerms", "DueDateDateTime", "DateTimeString"),
      ),
      currency,
      subtotal:
        lineTotal.value !== null ? lineTotal : amountValue(first(sums, "TaxBasisTotalAmount")),
      tax_amount: amountValue(inCurrency(all(sums, "TaxTotalAmount"), currency)),
      total: amountValue(first(sums, "GrandTotalAmount")),
    },
    line_items: all(trade, "IncludedSupplyChainTradeLineItem").flatMap((item) => {
      const read = line(item);
      return read && !isNoteLine(read) ? [read] : [];
    }),
    allowances: lineTotal.value !== null ? decimal(first(sums, "AllowanceTotalAmount")) : null,
    charges: lineTotal.value !== null ? decimal(first(sums, "ChargeTotalAmount")) : null,
    payable: decimal(first(sums, "DuePayableAmount")),
  };
}
