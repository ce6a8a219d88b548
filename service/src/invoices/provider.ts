// Invoice data providers: words from a word source (a PDF's text layer, else
// OCR), read into invoice fields by one of the extractors (extract.ts). An
// answer whose totals do not add up is unsure (checks.ts), so the router tries
// the next provider and returns the best. An e-invoice (an uploaded XML file,
// or a PDF that carries one) is answered from its XML instead (e-invoice/).
import type { BBox, InvoiceData, OcrData } from "@/lib/kernel/contract";
import { upright } from "../pages/upright";
import {
  readWords,
  resultPages,
  type WordSources,
  withPictures,
  wordSourcesAvailable,
} from "../pages/word-sources";
import type { Provider, ProviderInput, ProviderOutput } from "../providers/types";
import { checkInvoice } from "./checks";
import { answerFromEmbedded } from "./e-invoice/embedded";
import type { Extractor } from "./extract";

/**
 * `extract` on the words laid upright (a page read turned keeps its boxes on
 * the image as sent), the boxes of what it found put back on that image.
 */
function extractUpright(extract: Extractor, words: OcrData): InvoiceData {
  const laid = upright(words);
  const data = extract(laid.data);
  if (laid.data === words) return data;
  const back = <T extends { page?: number; bbox?: BBox }>(found: T): T =>
    found.page === undefined || found.bbox === undefined
      ? found
      : { ...found, bbox: laid.back(found.page, found.bbox) };
  const fields = Object.fromEntries(
    Object.entries(data.fields).map(([name, field]) => [name, back(field)]),
  ) as InvoiceData["fields"];
  return {
    ...data,
    fields,
    line_items: data.line_items.map(back),
    pages: resultPages(words.pages),
  };
}

export function createInvoiceProvider(
  name: string,
  sources: WordSources,
  extract: Extractor,
): Provider<InvoiceData> {
  return {
    name,
    available: () => wordSourcesAvailable(sources),
    async run(input: ProviderInput): Promise<ProviderOutput<InvoiceData>> {
      const fromXml = await answerFromEmbedded(input, sources.pdf, extract);
      if (fromXml) return fromXml;
      const { words, image } = await readWords(sources, input);
      const data = extractUpright(extract, words.data);
      // A PDF whose text names no supplier may carry it in a picture (a logo,
      // a letterhead or footer as an image): read again with those.
      if (!image && data.fields.supplier_name.value === null) {
        const more = await withPictures(sources, input, words.data);
        const again = more === words.data ? data : extractUpright(extract, more);
        if (again.fields.supplier_name.value !== null) {
          return { data: again, pages: words.pages, check: checkInvoice(again) };
        }
      }
      return { data, pages: words.pages, check: checkInvoice(data) };
    },
    close: sources.close,
  };
}
