// Invoice data providers: words from a word source (a PDF's text layer, else
// OCR), read into invoice fields by one of the extractors (extract.ts). An
// answer whose totals do not add up is unsure (checks.ts), so the router tries
// the next provider and returns the best.
import type { InvoiceData } from "@/lib/kernel/contract";
import { readWords, type WordSources, wordSourcesAvailable } from "../pages/word-sources";
import type { Provider, ProviderInput, ProviderOutput } from "../providers/types";
import { checkInvoice } from "./checks";
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
      const { words } = await readWords(sources, input);
      const data = extract(words.data);
      return { data, pages: words.pages, check: checkInvoice(data) };
    },
    close: sources.close,
  };
}
