// What the invoice category takes as an e-invoice file, apart from the parser
// so the catalog can say it without loading one.

/** Media types of an uploaded e-invoice (CII or UBL XML); the invoice category alone takes them. */
export const XML_MEDIA_TYPES = ["application/xml", "text/xml"] as const;

/**
 * The largest e-invoice XML read, uploaded or attached to a PDF: real ones are
 * tens of kilobytes; XRechnung may carry base64 attachments of a few MiB.
 */
export const E_INVOICE_MAX_BYTES = 10 * 1024 * 1024;
