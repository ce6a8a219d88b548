// The process request's header and body, validated together with the contract's
// schemas so one 422 lists every invalid field (INTERFACE.md: "Process input",
// "Idempotency-Key").
import * as z from "zod/mini";
import { processHeadersSchema, processRequestSchema } from "@/lib/kernel/contract";
import { issueParams, literalError } from "@/lib/kernel/contract/validation-error";
import { toTesseractCode } from "../engines/language";
import { validateRequest } from "../http/errors";

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
  const { header, body: parsed } = validateRequest(
    { headers, body },
    {
      header: processHeadersSchema,
      body: languages ? bodyReading(languages) : processRequestSchema,
    },
  );
  const { document, mime_type, language_hints, ...passthrough } = parsed.input;
  return {
    idempotencyKey: header["idempotency-key"],
    document,
    inputRef: parsed.input_ref,
    mimeType: mime_type,
    languageHints: language_hints ?? [],
    passthrough,
  };
}

const bodies = new WeakMap<readonly string[], typeof processRequestSchema>();

/** The contract's body, plus: a hint for a language the category does not read is a literal_error. */
function bodyReading(languages: readonly string[]): typeof processRequestSchema {
  const known = bodies.get(languages);
  if (known) return known;
  const installed = new Set(languages.map(toTesseractCode));
  const refusal = literalError(languages);
  const schema = processRequestSchema.check(
    z.superRefine((body, ctx) => {
      for (const [i, hint] of (body.input.language_hints ?? []).entries()) {
        if (installed.has(toTesseractCode(hint))) continue;
        ctx.addIssue({
          code: "custom",
          path: ["input", "language_hints", i],
          message: refusal.msg,
          params: issueParams(refusal),
        });
      }
    }),
  );
  bodies.set(languages, schema);
  return schema;
}
