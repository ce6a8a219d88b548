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
  /** `Prefer: respond-async` (RFC 7240): the client asks for a job (INTERFACE.md, "Jobs"). */
  respondAsync: boolean;
  /** Where to send the finished job; not checked yet (jobs/callback-url.ts). */
  callbackUrl: string | undefined;
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
      body: bodyReading(languages),
    },
  );
  return requestParts(header, parsed);
}

/** The parts of a body (and headers) that passed validation. */
export function requestParts(
  header: z.output<typeof processHeadersSchema>,
  body: z.output<typeof processRequestSchema>,
): ProcessRequestParts {
  const { document, mime_type, language_hints, ...passthrough } = body.input;
  return {
    idempotencyKey: header["idempotency-key"],
    document,
    inputRef: body.input_ref,
    mimeType: mime_type,
    languageHints: language_hints ?? [],
    passthrough,
    respondAsync: prefersAsync(header.prefer),
    callbackUrl: body.callback_url,
  };
}

/** Whether a Prefer header (RFC 7240: `a, b=1; x, …`) holds respond-async. */
export function prefersAsync(prefer: string | undefined): boolean {
  if (prefer === undefined) return false;
  return prefer
    .split(",")
    .some(
      (preference) =>
        preference.split(";")[0]?.split("=")[0]?.trim().toLowerCase() === "respond-async",
    );
}

const bodies = new WeakMap<readonly string[], typeof processRequestSchema>();

/** The contract's body, plus: a hint for a language the category does not read is a literal_error. */
export function bodyReading(languages?: readonly string[]): typeof processRequestSchema {
  if (!languages) return processRequestSchema;
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
