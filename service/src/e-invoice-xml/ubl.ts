// OASIS UBL 2.1 Invoice and CreditNote: XRechnung UBL, Peppol BIS Billing 3.0
// and any EN 16931 UBL document. Paths are below the root (Invoice or
// CreditNote); EN 16931 term in brackets; "Party" = Accounting…Party/Party.
//
// | field            | element                                                                   |
// |------------------|---------------------------------------------------------------------------|
// | invoice_number   | cbc:ID (BT-1)                                                             |
// | invoice_date     | cbc:IssueDate (BT-2)                                                      |
// | due_date         | cbc:DueDate (BT-9), else cac:PaymentMeans/cbc:PaymentDueDate (CreditNote) |
// | currency         | cbc:DocumentCurrencyCode (BT-5)                                           |
// | supplier_name    | AccountingSupplierParty/Party/PartyLegalEntity/RegistrationName (BT-27), |
// |                  | else Party/PartyName/Name (BT-28)                                         |
// | supplier_address | …/Party/PostalAddress: StreetName, AdditionalStreetName, AddressLine/Line,|
// |                  | then PostalZone CityName (US, CA, AU: CityName CountrySubentityCode       |
// |                  | PostalZone)                                                               |
// | customer_name    | AccountingCustomerParty/Party, as for the supplier (BT-44)                |
// | customer_address | AccountingCustomerParty/Party/PostalAddress                               |
// | subtotal         | LegalMonetaryTotal/LineExtensionAmount (BT-106)                           |
// | tax_amount       | TaxTotal/TaxAmount in the document currency (BT-110)                      |
// | total            | LegalMonetaryTotal/TaxInclusiveAmount (BT-112)                            |
//
// Line items: cac:InvoiceLine or cac:CreditNoteLine, in order: description
// Item/Name (BT-153), else Item/Description; quantity InvoicedQuantity or
// CreditedQuantity (BT-129); unit_price Price/PriceAmount over Price/BaseQuantity
// (BT-146, BT-149); amount LineExtensionAmount (BT-131). A line with quantity,
// price and amount all zero is a section's heading or a note: left out.
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
import { all, first, textAt, type XmlElement } from "./xml";

export const UBL_ROOTS = [
  { name: "Invoice", namespace: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" },
  { name: "CreditNote", namespace: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" },
] as const;

function party(root: XmlElement, role: "AccountingSupplierParty" | "AccountingCustomerParty") {
  const el = first(root, role, "Party");
  const address = first(el, "PostalAddress");
  return {
    name: textValue(
      textAt(el, "PartyLegalEntity", "RegistrationName") ?? textAt(el, "PartyName", "Name"),
    ),
    address: addressValue(
      [
        textAt(address, "StreetName"),
        textAt(address, "AdditionalStreetName"),
        ...all(address, "AddressLine", "Line").map((l) => textAt(l)),
      ],
      textAt(address, "PostalZone"),
      textAt(address, "CityName"),
      {
        country: textAt(address, "Country", "IdentificationCode"),
        state: textAt(address, "CountrySubentityCode") ?? textAt(address, "CountrySubentity"),
      },
    ),
  };
}

function line(item: XmlElement): EInvoiceLine {
  const price = first(item, "Price");
  return {
    description: (textAt(item, "Item", "Name") ?? textAt(item, "Item", "Description") ?? "")
      .replace(/\s+/g, " ")
      .trim(),
    quantity: decimal(first(item, ["InvoicedQuantity", "CreditedQuantity"])),
    unit_price: unitPrice(
      decimal(first(price, "PriceAmount")),
      decimal(first(price, "BaseQuantity")),
    ),
    amount: decimal(first(item, "LineExtensionAmount")),
  };
}

/** A UBL document's fields and line items (the root is one of UBL_ROOTS). */
export function readUbl(root: XmlElement, rootName: string): EInvoice {
  const totals = first(root, "LegalMonetaryTotal");
  const currency = currencyValue(textAt(root, "DocumentCurrencyCode"));
  const supplier = party(root, "AccountingSupplierParty");
  const customer = party(root, "AccountingCustomerParty");
  const due = first(root, "DueDate") ?? first(root, "PaymentMeans", "PaymentDueDate");
  return {
    syntax: "UBL",
    profile: textAt(root, "CustomizationID") ?? null,
    type: rootName === "CreditNote" ? "credit_note" : "invoice",
    fields: {
      supplier_name: supplier.name,
      supplier_address: supplier.address,
      customer_name: customer.name,
      customer_address: customer.address,
      invoice_number: textValue(textAt(root, "ID")),
      invoice_date: dateValue(first(root, "IssueDate")),
      due_date: dateValue(due),
      currency,
      subtotal: amountValue(first(totals, "LineExtensionAmount")),
      tax_amount: amountValue(inCurrency(all(root, "TaxTotal", "TaxAmount"), currency)),
      total: amountValue(first(totals, "TaxInclusiveAmount")),
    },
    line_items: all(root, ["InvoiceLine", "CreditNoteLine"])
      .map(line)
      .filter((l) => !isNoteLine(l)),
    allowances: decimal(first(totals, "AllowanceTotalAmount")),
    charges: decimal(first(totals, "ChargeTotalAmount")),
    payable: decimal(first(totals, "PayableAmount")),
  };
}
