// Reading order with real OCR: the calibration set's two-column pages
// (fixtures/calibration, scripts/calibration/generate.ts) read column by
// column, title first, by every LSTM engine: CER ≤ 2 % against the truth,
// which lists the left column before the right. Lines read across both
// columns, as issue 15 measured before the layout layer, cost about 48 %.
import { readFileSync } from "node:fs";
import path from "node:path";
import { distance } from "fastest-levenshtein";
import { afterAll, describe, expect, it } from "vitest";
import { type OcrData, ocrDataSchema } from "@/lib/kernel/contract";
import { loadProviderConfig } from "../src/config";
import type { Provider } from "../src/providers/interface/types";
import { closeAll, createProviders } from "../src/registry";

const DIR = path.resolve(import.meta.dirname, "../../fixtures/calibration");
const PAGES = ["two-column-1", "two-column-2", "two-column-3"];
const PROVIDERS = ["tesseract-native", "tesseractjs-best"];
const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

const providers = createProviders(loadProviderConfig({ TESSERACTJS_POOL_SIZE: "1" }));
afterAll(() => closeAll(providers));

describe.each(PROVIDERS)("%s", (name) => {
  it.each(PAGES)("reads %s column by column", async (page) => {
    const provider = providers.get(name) as Provider<OcrData> | undefined;
    if (!provider) throw new Error(`no provider ${name}`);
    const { data } = await provider.run({
      bytes: readFileSync(path.join(DIR, `${page}.png`)),
      mimeType: "image/png",
      languageHints: ["en"],
      passthrough: {},
      signal: AbortSignal.timeout(60_000),
      traceId: "0".repeat(32),
    });
    ocrDataSchema.parse(data);
    const truth = collapse(readFileSync(path.join(DIR, `${page}.txt`), "utf8"));
    expect(distance(truth, collapse(data.text)) / truth.length).toBeLessThanOrEqual(0.02);
    // Title, then each column's paragraphs as blocks of their own, in order.
    const blocks = data.pages[0]?.blocks ?? [];
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    const [title, ...rest] = blocks;
    expect(title?.lines).toHaveLength(1);
    const left = rest.filter((b) => b.bbox.x1 < 500);
    const right = rest.filter((b) => b.bbox.x0 > 500);
    expect(left.length + right.length).toBe(rest.length);
    expect(rest.slice(0, left.length)).toEqual(left);
    expect(data.text).toBe(blocks.map((b) => b.text).join("\n"));
  });
});
