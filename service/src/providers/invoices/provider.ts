// Invoice data providers: words from a word source (a PDF's text layer, else
// OCR), read into invoice fields by one of the extractors (extract.ts). An
// answer whose totals do not add up is unsure (checks.ts), so the router tries
// the next provider and returns the best. An e-invoice (an uploaded XML file,
// or a PDF that carries one) is answered from its XML instead (e-invoice/).
import type { BBox, InvoiceData, OcrData } from "@/lib/kernel/contract";
import type { OcrEngine } from "../../engines/types";
import { type Upright, upright } from "../../pages/upright";
import {
  readWords,
  resultPages,
  type WordSources,
  withPictures,
  wordSourcesAvailable,
} from "../../pages/word-sources";
import type { Provider, ProviderInput, ProviderOutput } from "../interface/types";
import { checkInvoice } from "./checks";
import { fieldFeatures, withCalibratedConfidence } from "./confidence";
import { answerFromEmbedded } from "./embedded-xml/embedded";
import type { Extractor } from "./extract";
import { type BlockReader, rereadName } from "./name-line";

/** What an extractor found on the words laid upright, its boxes put back on the image as sent. */
function backOnImage(laid: Upright, data: InvoiceData, words: OcrData): InvoiceData {
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

/**
 * `extract` on the words laid upright (a page read turned keeps its boxes on
 * the image as sent). On an image, with `readBlock`, the name found is read
 * again on its own (name-line.ts) and the words extracted again if it reads
 * otherwise.
 */
async function extractUpright(
  extract: Extractor,
  words: OcrData,
  image?: { bytes: Buffer; readBlock: BlockReader; signal: AbortSignal },
): Promise<InvoiceData> {
  const laid = upright(words);
  const data = extract(laid.data);
  const { page, bbox } = data.fields.supplier_name;
  if (!image || page === undefined || bbox === undefined) return backOnImage(laid, data, words);
  const rotation = words.pages.find((p) => p.number === page)?.rotation;
  const again = await rereadName(image.bytes, laid.data, { page, bbox }, rotation, image.readBlock)
    // An image sharp does not decode (a BMP) keeps the page's reading of its name.
    .catch((error: unknown) => {
      if (image.signal.aborted) throw error;
      return laid.data;
    });
  return backOnImage(laid, again === laid.data ? data : extract(again), words);
}

/**
 * The answer with its fields' confidence calibrated (confidence.ts). Its check, which
 * ranks unsure answers for the router, still weighs how surely the words were read:
 * ranked by the calibrated chances, the router picked worse on the real receipts and
 * WildReceipt (docs/invoices-fields.md).
 */
function answer(data: InvoiceData, photo: boolean, pages: number): InvoiceOutput {
  const features = fieldFeatures(data, photo);
  return {
    data: withCalibratedConfidence(data, features),
    pages,
    check: checkInvoice(data),
    features,
  };
}

/** An invoice provider's output: with each field's features, for the bench that fits the model. */
export interface InvoiceOutput extends ProviderOutput<InvoiceData> {
  features?: ReturnType<typeof fieldFeatures>;
}

export interface InvoiceProviderOptions {
  /** The engine that reads a photographed receipt's name again on its own (name-line.ts). */
  nameEngine?: OcrEngine;
}

export function createInvoiceProvider(
  name: string,
  sources: WordSources,
  extract: Extractor,
  options: InvoiceProviderOptions = {},
): Provider<InvoiceData> {
  return {
    name,
    available: () => wordSourcesAvailable(sources),
    async run(input: ProviderInput): Promise<InvoiceOutput> {
      const fromXml = await answerFromEmbedded(input, sources.pdf, extract);
      if (fromXml) return fromXml;
      const { words, image } = await readWords(sources, input);
      const readBlock = image ? options.nameEngine?.recognizeBlock : undefined;
      const { language } = words.data;
      const data = await extractUpright(
        extract,
        words.data,
        readBlock && {
          bytes: input.bytes,
          readBlock: (png) => readBlock(png, { language, signal: input.signal }),
          signal: input.signal,
        },
      );
      // A PDF whose text names no supplier may carry it in a picture (a logo,
      // a letterhead or footer as an image): read again with those.
      if (!image && data.fields.supplier_name.value === null) {
        const more = await withPictures(sources, input, words.data);
        const again = more === words.data ? data : await extractUpright(extract, more);
        if (again.fields.supplier_name.value !== null) return answer(again, false, words.pages);
      }
      return answer(data, image !== undefined, words.pages);
    },
    close: sources.close,
  };
}
