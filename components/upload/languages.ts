/** Languages a person may hint at; codes are ISO 639-1, as the service reads them. */
export interface LanguageOption {
  code: string;
  label: string;
}

const NAMES = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });
const BY_NAME = new Intl.Collator("en");

/**
 * The choices for the languages a category reads (its `languages`), named in
 * English and sorted by that name: a list of dozens is searched by name, not code.
 */
export function languageOptions(codes: readonly string[]): LanguageOption[] {
  return codes
    .map((code) => ({ code, label: NAMES.of(code) ?? code }))
    .sort((a, b) => BY_NAME.compare(a.label, b.label));
}
