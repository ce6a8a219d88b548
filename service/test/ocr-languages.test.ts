// The languages text recognition offers, read by the Tesseract engines. One
// short paragraph per language, drawn here in one layout and font (DejaVu Sans,
// Debian's fonts-dejavu-core, which has every letter of these languages): a
// hinted Polish, Czech or Turkish page reads within half a point of CER of the
// English one, so a language's data is as good as English's on the same print.
// With no hint the service reads English: there is no language detection
// (docs/decisions.md, Languages), and the page loses its diacritics.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OcrData } from "@/lib/kernel/contract";
import { blankPage, paragraph } from "../../scripts/calibration/draw";
import { loadProviderConfig } from "../src/config";
import { OCR_LANGUAGES, toTesseractCode } from "../src/engines/language";
import { createNativeTesseract } from "../src/engines/tesseract-native";
import { createTesseractJs } from "../src/engines/tesseractjs";
import type { Provider } from "../src/providers/interface/types";
import { closeAll, createProviders } from "../src/registry";
import { characterErrorRate, normalise } from "./truth";

/** The same notice in each language: about as long, the same kind of words. */
const NOTICES = {
  en: "The committee met on Thursday to review the annual budget. Members agreed to fund the new library, repair the school roof and plant trees along the river before winter arrives.",
  pl: "Komisja zebrała się w czwartek, aby omówić roczny budżet. Członkowie zgodzili się sfinansować nową bibliotekę, naprawić dach szkoły i posadzić drzewa nad rzeką, zanim nadejdzie zima.",
  cs: "Komise se sešla ve čtvrtek, aby projednala roční rozpočet. Členové souhlasili, že zaplatí novou knihovnu, opraví střechu školy a vysází stromy podél řeky, než přijde zima.",
  tr: "Komite yıllık bütçeyi görüşmek için perşembe günü toplandı. Üyeler yeni kütüphaneyi finanse etmeyi, okulun çatısını onarmayı ve kış gelmeden önce nehir boyunca ağaç dikmeyi kabul etti.",
} as const;
type Notice = keyof typeof NOTICES;
const OTHERS = ["pl", "cs", "tr"] as const satisfies readonly Notice[];
const ENGINES = ["tesseract-native", "tesseractjs-best"];
/** Half a point of CER above English's. */
const MARGIN = 0.005;

/** A notice drawn as a page: 28 px DejaVu Sans, wrapped at 1300 px. */
function page(text: string): Buffer {
  const drawn = blankPage(1400, 240);
  paragraph(drawn, text, 50, 40, 1300, { font: '28px "DejaVu Sans"', lineHeight: 42 });
  return drawn.canvas.toBuffer("image/png");
}
const PAGES = Object.fromEntries(
  Object.entries(NOTICES).map(([code, text]) => [code, page(text)]),
) as Record<Notice, Buffer>;

let providers: Map<string, Provider>;
beforeAll(() => {
  providers = createProviders(loadProviderConfig({}));
});
afterAll(() => closeAll(providers));

async function read(engine: string, notice: Notice, languageHints: string[]) {
  const provider = providers.get(engine) as Provider<OcrData> | undefined;
  if (!provider) throw new Error(`no provider ${engine}`);
  const { data } = await provider.run({
    bytes: PAGES[notice],
    mimeType: "image/png",
    languageHints,
    passthrough: {},
    signal: AbortSignal.timeout(60_000),
    traceId: "0123456789abcdef0123456789abcdef",
  });
  const cer = characterErrorRate(data.text, NOTICES[notice]);
  return { language: data.language, cer, text: normalise(data.text) };
}

const percent = (cer: number) => `${(cer * 100).toFixed(2)} %`;

describe.each(ENGINES)("%s", (engine) => {
  let english: ReturnType<typeof read> | undefined;
  it.each(OTHERS)("reads a page hinted %s within half a point of CER of English", async (code) => {
    english ??= read(engine, "en", ["en"]);
    const { cer: englishCer } = await english;
    const other = await read(engine, code, [code]);
    expect(other.language).toBe(toTesseractCode(code));
    expect(
      other.cer,
      `${code} ${percent(other.cer)} ("${other.text}") against en ${percent(englishCer)}`,
    ).toBeLessThanOrEqual(englishCer + MARGIN);
  });
});

describe("without a hint", () => {
  it("reads English, losing the letters English lacks", async () => {
    const hinted = await read("tesseract-native", "pl", ["pl"]);
    const unhinted = await read("tesseract-native", "pl", []);
    expect(unhinted.language).toBe("eng");
    expect(unhinted.cer).toBeGreaterThan(hinted.cer + MARGIN);
  });
});

describe("every language offered", () => {
  const native = createNativeTesseract({ command: "tesseract", concurrency: 1, queueLimit: 1 });
  const wasm = createTesseractJs({ model: "best", poolSize: 1, queueLimit: 1 });
  afterAll(() => Promise.all([native.close(), wasm.close()]));

  it.each([
    ["tesseract-native", native],
    ["tesseractjs", wasm],
  ] as const)("has its data installed for %s", async (_name, engine) => {
    const installed = await engine.languages();
    const missing = OCR_LANGUAGES.filter((code) => !installed.has(toTesseractCode(code) ?? code));
    expect(missing).toEqual([]);
  });
});
