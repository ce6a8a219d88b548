/** Languages a person may hint at; codes are ISO 639-1, as the service reads them. */
export interface LanguageOption {
  code: string;
  label: string;
}

export const DEFAULT_LANGUAGES: readonly LanguageOption[] = [
  { code: "en", label: "English" },
  { code: "de", label: "German" },
  { code: "fr", label: "French" },
  { code: "es", label: "Spanish" },
  { code: "it", label: "Italian" },
  { code: "pt", label: "Portuguese" },
  { code: "nl", label: "Dutch" },
];
