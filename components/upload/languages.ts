/** Languages a person may hint at; codes are ISO 639-1, as the service reads them. */
export interface LanguageOption {
  code: string;
  label: string;
}

const NAMES = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });

/** The choices for the languages a category reads (its `languages`), named in English. */
export function languageOptions(codes: readonly string[]): LanguageOption[] {
  return codes.map((code) => ({ code, label: NAMES.of(code) ?? code }));
}
