// Language hints (input.language_hints) → the Tesseract language string to run.
// Clients send ISO 639-1 ("en"), tags with a region ("en-US") or Tesseract's own
// codes ("eng"). The service refuses a hint outside the category's `languages`
// (run/request.ts), so every hint that reaches an engine is one it reads.

/**
 * The languages text recognition reads (ISO 639-1): every Latin-script language
 * that both Tesseract engines have data for here, the @tesseract.js-data/<code>
 * npm packages (package.json) and the Debian tesseract-ocr-<code> packages
 * (scripts/system-deps.mjs, .ci/run). Breton, Corsican, Faroese, Frisian,
 * Scottish Gaelic, Occitan and Tongan have Debian data only, so they are not
 * here. By code; the app sorts them by name.
 */
export const OCR_LANGUAGES = [
  "af",
  "az",
  "bs",
  "ca",
  "cs",
  "cy",
  "da",
  "de",
  "en",
  "eo",
  "es",
  "et",
  "eu",
  "fi",
  "fr",
  "ga",
  "gl",
  "hr",
  "ht",
  "hu",
  "id",
  "is",
  "it",
  "jv",
  "la",
  "lb",
  "lt",
  "lv",
  "mi",
  "ms",
  "mt",
  "nl",
  "no",
  "pl",
  "pt",
  "qu",
  "ro",
  "sk",
  "sl",
  "sq",
  "su",
  "sv",
  "sw",
  "tr",
  "uz",
  "vi",
  "yo",
] as const;

/** ISO 639-1 → Tesseract code (ISO 639-2/T plus Tesseract's script variants). */
const ISO_639_1: Readonly<Record<string, string>> = {
  af: "afr",
  ar: "ara",
  az: "aze",
  bg: "bul",
  bn: "ben",
  bs: "bos",
  ca: "cat",
  cs: "ces",
  cy: "cym",
  da: "dan",
  de: "deu",
  el: "ell",
  en: "eng",
  eo: "epo",
  es: "spa",
  et: "est",
  eu: "eus",
  fa: "fas",
  fi: "fin",
  fr: "fra",
  ga: "gle",
  gl: "glg",
  he: "heb",
  hi: "hin",
  hr: "hrv",
  ht: "hat",
  hu: "hun",
  id: "ind",
  is: "isl",
  it: "ita",
  ja: "jpn",
  jv: "jav",
  ko: "kor",
  la: "lat",
  lb: "ltz",
  lt: "lit",
  lv: "lav",
  mi: "mri",
  ms: "msa",
  mt: "mlt",
  nb: "nor",
  nl: "nld",
  no: "nor",
  pl: "pol",
  pt: "por",
  qu: "que",
  ro: "ron",
  ru: "rus",
  sk: "slk",
  sl: "slv",
  sq: "sqi",
  sr: "srp",
  su: "sun",
  sv: "swe",
  sw: "swa",
  ta: "tam",
  th: "tha",
  tr: "tur",
  uk: "ukr",
  ur: "urd",
  uz: "uzb",
  vi: "vie",
  yo: "yor",
  zh: "chi_sim",
};

/** ISO 639-2/B codes that differ from the /T codes Tesseract uses. */
const ISO_639_2B: Readonly<Record<string, string>> = {
  alb: "sqi",
  baq: "eus",
  chi: "chi_sim",
  cze: "ces",
  dut: "nld",
  fre: "fra",
  ger: "deu",
  gre: "ell",
  ice: "isl",
  mao: "mri",
  may: "msa",
  per: "fas",
  rum: "ron",
  slo: "slk",
  wel: "cym",
};

export const DEFAULT_LANGUAGE = "eng";

/** Every Tesseract code an ISO 639-1 code maps to: where an engine looks for installed data. */
export const KNOWN_TESSERACT_CODES: readonly string[] = [...new Set(Object.values(ISO_639_1))];

/** One hint → a Tesseract code, or undefined when it names no language we know. */
export function toTesseractCode(hint: string): string | undefined {
  const lower = hint.trim().toLowerCase().replace(/-/g, "_");
  if (/^[a-z]{3}(_[a-z]+)?$/.test(lower)) {
    // Tesseract's own codes, including script variants such as chi_sim.
    return ISO_639_2B[lower] ?? lower;
  }
  const primary = /^([a-z]{2})(_[a-z0-9]+)?$/.exec(lower)?.[1];
  return primary ? ISO_639_1[primary] : undefined;
}

/** Whether an engine with `installed` data reads every hinted language. */
export function readsAll(hints: readonly string[], installed: ReadonlySet<string>): boolean {
  return hints.every((hint) => {
    const code = toTesseractCode(hint);
    return code !== undefined && installed.has(code);
  });
}

/**
 * The languages to run, as Tesseract's `eng+deu` string: every hint whose data is
 * installed, in the client's order, at most `max` of them; English (or the first
 * installed language) when no hint is usable.
 */
export function resolveLanguage(
  hints: readonly string[],
  installed: ReadonlySet<string>,
  max = Number.POSITIVE_INFINITY,
): string {
  const usable: string[] = [];
  for (const hint of hints) {
    const code = toTesseractCode(hint);
    if (code && installed.has(code) && !usable.includes(code)) usable.push(code);
  }
  if (usable.length > 0) return usable.slice(0, max).join("+");
  if (installed.has(DEFAULT_LANGUAGE) || installed.size === 0) return DEFAULT_LANGUAGE;
  return [...installed][0] ?? DEFAULT_LANGUAGE;
}
