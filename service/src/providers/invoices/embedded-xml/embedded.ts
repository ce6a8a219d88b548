// The invoice providers' first step: an uploaded e-invoice XML, or a PDF that
// carries one, is answered from the XML (answer.ts); anything else goes on to
// the page extractors. The PDF's page is still read, by the provider's own
// word source, to check it against the XML.
import type { InvoiceData, OcrData } from "@/lib/kernel/contract";
import { XML_MEDIA_TYPES } from "../../../e-invoice-xml/limits";
import { NotAnEInvoiceError, readEInvoice } from "../../../e-invoice-xml/read";
import { looksLikeXml } from "../../../e-invoice-xml/xml";
import { sniffDocument } from "../../../pages/sniff";
import type { Provider, ProviderInput, ProviderOutput } from "../../interface/types";
import { UnreadableDocumentError } from "../../interface/types";
import type { Extractor } from "../extract";
import { answerFromXml, type EmbeddedSource, type PageReading } from "./answer";
import { findEmbeddedInvoice } from "./attachment";

interface Found extends EmbeddedSource {
  /** Whether it came inside a PDF (whose page is then read and checked). */
  inPdf: boolean;
  pages: number;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

async function findXml(input: ProviderInput): Promise<Found | undefined> {
  if (
    (XML_MEDIA_TYPES as readonly string[]).includes(input.mimeType) &&
    looksLikeXml(input.bytes)
  ) {
    try {
      return { invoice: readEInvoice(input.bytes), inPdf: false, pages: 1 };
    } catch (error) {
      if (error instanceof NotAnEInvoiceError) {
        throw new UnreadableDocumentError(capitalised(error.message));
      }
      throw error;
    }
  }
  if ((await sniffDocument(input.bytes)) !== "pdf") return undefined;
  const embedded = await findEmbeddedInvoice(input.bytes);
  return embedded && { ...embedded, inPdf: true };
}

/**
 * The answer from an e-invoice, or undefined when the document carries none.
 * The page's words come from `pdf`; when they cannot be read (a scanned page
 * and no OCR engine here) the XML still answers, its page checks null.
 */
export async function answerFromEmbedded(
  input: ProviderInput,
  pdf: Provider<OcrData>,
  extract: Extractor,
): Promise<ProviderOutput<InvoiceData> | undefined> {
  const found = await findXml(input);
  if (!found) return undefined;
  let page: PageReading | undefined;
  let pages = found.pages;
  if (found.inPdf) {
    try {
      const words = await pdf.run(input);
      page = { words: words.data, reading: extract(words.data) };
      pages = words.pages;
    } catch (error) {
      if (input.signal.aborted) throw error;
    }
  }
  const { data, check } = answerFromXml(found, page);
  return { data, pages, check };
}
