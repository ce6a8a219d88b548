// Invoice data providers: words from a word source (a PDF's text layer, else
// OCR), read into invoice fields by one of the extractors (extract.ts). An
// answer whose totals do not add up is unsure (checks.ts), so the router tries
// the next provider and returns the best. An e-invoice (an uploaded XML file,
// or a PDF that carries one) is answered from its XML instead (e-invoice/).
import type { InvoiceData } from "@/lib/kernel/contract";
import {
  readWords,
  type WordSources,
  withPictures,
  wordSourcesAvailable,
} from "../pages/word-sources";
import type { Provider, ProviderInput, ProviderOutput } from "../providers/types";
import { checkInvoice } from "./checks";
import { answerFromEmbedded } from "./e-invoice/embedded";
import type { Extractor } from "./extract";

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
      const data = extract(words.data);
      // A PDF whose text names no supplier may carry it in a picture (a logo,
      // a letterhead or footer as an image): read again with those.
      if (!image && data.fields.supplier_name.value === null) {
        const more = await withPictures(sources, input, words.data);
        const again = more === words.data ? data : extract(more);
        if (again.fields.supplier_name.value !== null) {
          return { data: again, pages: words.pages, check: checkInvoice(again) };
        }
      }
      return { data, pages: words.pages, check: checkInvoice(data) };
    },
    close: sources.close,
  };
}
