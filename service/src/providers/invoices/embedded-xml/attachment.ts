// The e-invoice a PDF carries as an attached file (Factur-X and ZUGFeRD are
// PDF/A-3 files with the XML attached; XRechnung may travel the same way).
// Names the standards give come first; then any other .xml attachment whose
// root is an e-invoice.

import { E_INVOICE_MAX_BYTES } from "../../../e-invoice-xml/limits";
import type { EInvoice } from "../../../e-invoice-xml/model";
import { NotAnEInvoiceError, readEInvoice } from "../../../e-invoice-xml/read";
import { openPdf } from "../../../pages/pdf";
import { UnreadableDocumentError } from "../../interface/types";

/** Lower-case file names of the standards (Factur-X; ZUGFeRD 2.x and 1.0; XRechnung in a PDF). */
const KNOWN_NAMES = ["factur-x.xml", "zugferd-invoice.xml", "xrechnung.xml"];

export interface EmbeddedInvoice {
  invoice: EInvoice;
  /** The attachment's file name. */
  fileName: string;
  /** Pages of the PDF. */
  pages: number;
}

interface Attachment {
  filename: string;
  content: Uint8Array | null;
}

function rank(name: string): number {
  const known = KNOWN_NAMES.indexOf(name.toLowerCase());
  return known >= 0 ? known : KNOWN_NAMES.length;
}

/** The first attachment that is an e-invoice, or undefined (an unreadable PDF has none). */
export async function findEmbeddedInvoice(bytes: Buffer): Promise<EmbeddedInvoice | undefined> {
  let pdf: Awaited<ReturnType<typeof openPdf>>;
  try {
    pdf = await openPdf(bytes);
  } catch (error) {
    // The word source opens it again and reports what is wrong with it.
    if (error instanceof UnreadableDocumentError) return undefined;
    throw error;
  }
  try {
    // A damaged attachment does not make the page unreadable: it is as if there were none.
    const found = ((await pdf.getAttachments().catch(() => null)) ?? {}) as Record<
      string,
      Attachment
    >;
    const attachments = Object.values(found)
      .filter((a) => /\.xml$/i.test(a.filename) && a.content !== null)
      .sort((a, b) => rank(a.filename) - rank(b.filename));
    for (const { filename, content } of attachments) {
      if (!content || content.length > E_INVOICE_MAX_BYTES) continue;
      try {
        return { invoice: readEInvoice(content), fileName: filename, pages: pdf.numPages };
      } catch (error) {
        if (!(error instanceof NotAnEInvoiceError)) throw error;
      }
    }
    return undefined;
  } finally {
    await pdf.destroy();
  }
}
