// Invoice or receipt (INTERFACE.md, "Invoice data": `document_kind`). A
// receipt is an invoice with fewer fields: a shop's name at the top, a total,
// a date, rarely a customer or a due date. What the document calls itself
// decides ("Receipt", "Kassenbon", "Reçu" against "Invoice", "Rechnung",
// "Facture", in a title or a label such as "Invoice No."; the one printed
// first when both are); a document that calls itself neither is a receipt
// when it shows how it was paid (cash, change, a card) or the time of the
// sale, and labels no customer and no due date. One that calls itself an
// invoice is a receipt when it shows both (a till's "TAX INVOICE").
import type { InvoiceData, InvoiceField } from "@/lib/kernel/contract";
import type { LabelledCell } from "./labelled";
import { fold } from "./labels";
import { GLUED_TIME } from "./normalise";
import type { PageRows } from "./rows";

type Kind = NonNullable<InvoiceData["document_kind"]>;

const INVOICE_WORD =
  /(?<!\p{L})(?:invoices?|rechnung\p{L}*|\p{L}*rechnung|facture|factura|factuur\p{L}*|fattura|fatura|gutschrift|credit note|nota fiscal)(?!\p{L})/u;
/** A cell that is a receipt's title or label, not a mention ("upon receipt"). */
const RECEIPT_TITLE =
  /^(?:(?:payment|sales|cash|till|store|customer|your|copy of|kopie) )?(?:receipt|kassenbon|kassenbeleg|quittung|kassabon|kassenzettel|recu|ticket de caisse|recibo|ricevuta(?: fiscale)?|scontrino(?: fiscale)?|talao|cupom fiscal)(?: (?:no\.?|nr\.?|n°|number|#|date|datum))?\b/u;
const PAID_BY =
  /(?<!\p{L})(?:cash|change|card|visa|mastercard|master card|amex|american express|maestro|debit|credit card|contactless|tip|gratuity|tunai|kembali|bar|ruckgeld|gegeben|ec-karte|girocard|especes|rendu|carte bancaire|cb|efectivo|cambio|tarjeta|contanti|resto|bancomat|contant|pinnen|wisselgeld|troco|dinheiro|multibanco)(?!\p{L})/u;
const TIME_OF_DAY =
  /(?<![\d:])(?:[01]?\d|2[0-3]) ?: ?[0-5]\d(?:: ?[0-5]\d)?(?: ?[ap]\.? ?m\.?)?(?![\d:])/iu;

export function documentKind(
  pages: readonly PageRows[],
  labels: readonly LabelledCell[],
  dueDate: InvoiceField,
): Kind {
  let invoiceAt: number | undefined;
  let receiptAt: number | undefined;
  let paid = false;
  let time = false;
  let at = 0;
  for (const page of pages) {
    for (const row of page.rows) {
      for (const cell of row.cells) {
        const text = fold(cell.text).trim();
        at++;
        if (receiptAt === undefined && RECEIPT_TITLE.test(text)) receiptAt = at;
        if (invoiceAt === undefined && INVOICE_WORD.test(text) && text.length < 40) invoiceAt = at;
        if (PAID_BY.test(text)) paid = true;
        if (TIME_OF_DAY.test(text) || GLUED_TIME.test(text)) time = true;
      }
    }
  }
  if (receiptAt !== undefined && (invoiceAt === undefined || receiptAt < invoiceAt)) {
    return "receipt";
  }
  const customer = labels.some((l) => l.label.kind === "customer");
  const sale = !customer && dueDate.value === null;
  // A till's "TAX INVOICE" (Malaysia, Singapore, Australia): paid at the time of the sale.
  if (invoiceAt !== undefined) return paid && time && sale ? "receipt" : "invoice";
  return (paid || time) && sale ? "receipt" : "invoice";
}
