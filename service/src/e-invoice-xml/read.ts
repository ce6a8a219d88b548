// Which e-invoice syntax XML bytes are, by their root element and its
// namespace, and the reader for it. Anything else is not an e-invoice, said in
// words a person can act on.
import { CII_ROOTS, readCii } from "./cii";
import type { EInvoice } from "./model";
import { readUbl, UBL_ROOTS } from "./ubl";
import { parseXml, UnreadableXmlError, type XmlRoot } from "./xml";

export const E_INVOICE_FORMATS =
  "UN/CEFACT Cross Industry Invoice (Factur-X, ZUGFeRD, XRechnung CII) or OASIS UBL 2.1 Invoice or CreditNote (XRechnung UBL, Peppol)";

/** The bytes are not an e-invoice this service reads; the message is safe to show. */
export class NotAnEInvoiceError extends Error {
  constructor(reason: string) {
    super(`the XML file is not an e-invoice this service reads: ${reason}`);
    this.name = "NotAnEInvoiceError";
  }
}

const matches = (root: XmlRoot, known: readonly { name: string; namespace: string }[]) =>
  known.some((k) => k.name === root.name && k.namespace === root.namespace);

/** The e-invoice in XML bytes; throws NotAnEInvoiceError when they hold none. */
export function readEInvoice(bytes: Uint8Array): EInvoice {
  let root: XmlRoot;
  try {
    root = parseXml(bytes);
  } catch (error) {
    if (error instanceof UnreadableXmlError) throw new NotAnEInvoiceError(error.message);
    throw error;
  }
  if (matches(root, CII_ROOTS)) return readCii(root.element);
  if (matches(root, UBL_ROOTS)) return readUbl(root.element, root.name);
  const namespace = root.namespace ? ` in namespace ${root.namespace}` : "";
  throw new NotAnEInvoiceError(
    `its root element is ${root.name}${namespace}, where an e-invoice is ${E_INVOICE_FORMATS}`,
  );
}

/** Why XML bytes are not an e-invoice, or undefined when they are one. */
export function eInvoiceProblem(bytes: Uint8Array): string | undefined {
  try {
    readEInvoice(bytes);
    return undefined;
  } catch (error) {
    if (error instanceof NotAnEInvoiceError) return error.message;
    throw error;
  }
}
