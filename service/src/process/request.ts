// The process request's header and body, validated together so one 422 lists every
// invalid field (INTERFACE.md: "Process input", "Idempotency-Key").
import { z } from "zod";
import {
  expectedList,
  pydanticIssue,
  toValidationItems,
  unprocessable,
  type ValidationItem,
  validationItem,
} from "../http/errors";
import { toTesseractCode } from "../providers/language";

/** ISO 639 ("en", "en-US", "zh-Hans") or Tesseract ("eng", "chi_sim") language codes. */
const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;
export const MAX_LANGUAGE_HINTS = 16;

const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .refine((key) => PRINTABLE_ASCII.test(key), {
    params: pydanticIssue(
      "value_error",
      "Value error, Idempotency-Key may only hold printable ASCII characters (space to ~)",
      { error: "not printable ASCII" },
    ),
  });

const headerSchema = z.looseObject({
  "idempotency-key": idempotencyKeySchema.optional(),
});

const languageHint = z.string().refine((code) => LANGUAGE_CODE.test(code), {
  params: pydanticIssue(
    "value_error",
    "Value error, not a language code: use ISO 639 codes such as 'en' or Tesseract codes such as 'eng'",
    { error: "not a language code" },
  ),
});

const inputSchema = z.looseObject({
  // Required unless input_ref is given; checked below, so the check joins the other issues.
  document: z.string().min(1).optional(),
  mime_type: z.string().min(1),
  language_hints: z.array(languageHint).max(MAX_LANGUAGE_HINTS).optional(),
});

const bodySchema = z.looseObject({
  input: inputSchema,
  input_ref: z.string().min(1).optional(),
});

export interface ProcessRequestParts {
  idempotencyKey: string | undefined;
  /** s3_uri from input.document, if given. */
  document: string | undefined;
  /** object_key from the top-level input_ref, if given. */
  inputRef: string | undefined;
  mimeType: string;
  languageHints: string[];
  /** Every other input field, unchanged, for the provider. */
  passthrough: Record<string, unknown>;
}

/**
 * Validates header and body; throws one 422 with every problem. `languages`: the
 * category's (ISO 639-1), when it says which it reads; other hints are refused.
 */
export function parseProcessRequest(
  headers: unknown,
  body: unknown,
  languages?: readonly string[],
): ProcessRequestParts {
  const items: ValidationItem[] = [];

  const header = headerSchema.safeParse(headers);
  if (!header.success) items.push(...toValidationItems(header.error.issues, "header", headers));

  let parsedBody: z.output<typeof bodySchema> | undefined;
  if (body === undefined || body === null) {
    items.push(validationItem({ type: "missing", loc: ["body"], msg: "Field required" }));
  } else if (typeof body !== "object" || Array.isArray(body)) {
    items.push(
      validationItem({
        type: "dict_type",
        loc: ["body"],
        msg: "Input should be a valid dictionary",
        input: body,
      }),
    );
  } else {
    const result = bodySchema.safeParse(body);
    if (result.success) {
      parsedBody = result.data;
      if (languages) items.push(...uninstalledHints(result.data.input.language_hints, languages));
    } else items.push(...toValidationItems(result.error.issues, "body", body));
    items.push(...missingDocument(body as Record<string, unknown>));
  }

  if (items.length > 0 || !parsedBody || !header.success) throw unprocessable(items);

  const { document, mime_type, language_hints, ...passthrough } = parsedBody.input;
  return {
    idempotencyKey: header.data["idempotency-key"],
    document,
    inputRef: parsedBody.input_ref,
    mimeType: mime_type,
    languageHints: language_hints ?? [],
    passthrough,
  };
}

/** A hint for a language the category does not read: 422 listing the ones it reads. */
function uninstalledHints(
  hints: readonly string[] | undefined,
  languages: readonly string[],
): ValidationItem[] {
  const installed = new Set(languages.map(toTesseractCode));
  const expected = expectedList(languages);
  return (hints ?? []).flatMap((hint, i) =>
    installed.has(toTesseractCode(hint))
      ? []
      : [
          validationItem({
            type: "literal_error",
            loc: ["body", "input", "language_hints", i],
            msg: `Input should be ${expected}`,
            input: hint,
            ctx: { expected },
          }),
        ],
  );
}

/** input.document is required unless a top-level input_ref names the object instead. */
function missingDocument(body: Record<string, unknown>): ValidationItem[] {
  const input = body.input;
  if (input === null || typeof input !== "object" || Array.isArray(input)) return [];
  if ((input as Record<string, unknown>).document !== undefined || body.input_ref !== undefined)
    return [];
  return [
    validationItem({
      type: "missing",
      loc: ["body", "input", "document"],
      msg: "Field required",
      input,
    }),
  ];
}
