// The requests the service accepts, as it checks them: path, query, headers
// and bodies. The service validates with these and OpenAPI publishes them, so
// what is published is what is enforced. A refusal is a 422 in the seed's
// FastAPI/Pydantic shape (./validation-error.ts); a check whose Pydantic type
// and words differ from zod's own names them with issueParams().
import * as z from "zod/mini";
import { PAGING } from "./paging";
import { intParsing, issueParams, missing, valueError } from "./validation-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** ISO 639 ("en", "en-US", "zh-Hans") or Tesseract ("eng", "chi_sim") language codes. */
const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** `{category_id}`: UUID-shaped, any version, answered in lower case. */
export const categoryIdSchema = z.pipe(
  z.string().check(
    z.refine((value) => UUID.test(value), {
      params: issueParams({
        type: "uuid_parsing",
        msg: "Input should be a valid UUID, invalid character or length: expected 8-4-4-4-12 hexadecimal digits",
        ctx: { error: "expected 8-4-4-4-12 hexadecimal digits" },
      }),
    }),
  ),
  z.transform((value) => value.toLowerCase()),
);

export const categoryPathSchema = z.object({ category_id: categoryIdSchema });

/** A query-string integer as FastAPI reads it: the last value wins, then int_parsing and bounds. */
const queryInt = (min: number, max?: number) =>
  z.pipe(
    z.pipe(
      z.union([z.string(), z.array(z.string())]),
      z.transform((value) => (Array.isArray(value) ? (value.at(-1) ?? "") : value).trim()),
    ),
    z.pipe(
      z.string().check(
        z.refine((value) => /^[+-]?\d+$/.test(value), {
          params: issueParams(intParsing()),
        }),
      ),
      z.pipe(
        z.transform(Number),
        max === undefined ? z.int().check(z.gte(min)) : z.int().check(z.gte(min), z.lte(max)),
      ),
    ),
  );

/** GET /v1/categories?page&size */
export const categoryListQuerySchema = z.object({
  page: z._default(queryInt(1), PAGING.defaultPage),
  size: z._default(queryInt(1, PAGING.maxSize), PAGING.defaultSize),
});

/** POST /v1/categories/{id}/uploads. Extra fields are ignored, as Pydantic does by default. */
export const uploadRequestSchema = z.object({
  content_type: z.string(),
  /**
   * Our extension: the file's size in bytes, when the client knows it. Over the
   * category's limit it is refused at once; in S3 mode it is signed into the upload
   * URL, so the store refuses a body of any other length.
   */
  content_length: z.optional(z.int().check(z.gte(1))),
});
export type UploadRequest = z.input<typeof uploadRequestSchema>;

/**
 * `Idempotency-Key`: 1–255 printable ASCII characters (INTERFACE.md). The
 * service checks the header with it, the app the key its browser sends.
 */
export const idempotencyKeySchema = z.string().check(
  z.minLength(1),
  z.maxLength(255),
  z.refine((key) => PRINTABLE_ASCII.test(key), {
    error: "must be printable ASCII characters (space to ~)",
    params: issueParams(
      valueError(
        "Idempotency-Key may only hold printable ASCII characters (space to ~)",
        "not printable ASCII",
      ),
    ),
  }),
);

/** The process call's headers (names in lower case, as Node gives them). */
export const processHeadersSchema = z.looseObject({
  "idempotency-key": z.optional(idempotencyKeySchema),
  /** RFC 7240; `respond-async` asks for a job (INTERFACE.md, "Jobs"). Other preferences are ignored. */
  prefer: z.optional(z.string()),
});

export const MAX_LANGUAGE_HINTS = 16;

const languageHintSchema = z.string().check(
  z.refine((code) => LANGUAGE_CODE.test(code), {
    error: "must be a language code such as 'en' or 'eng'",
    params: issueParams(
      valueError(
        "not a language code: use ISO 639 codes such as 'en' or Tesseract codes such as 'eng'",
        "not a language code",
      ),
    ),
  }),
);

/** `input.language_hints`: the service checks them with it, the app what its browser sends. */
export const languageHintsSchema = z
  .array(languageHintSchema)
  .check(z.maxLength(MAX_LANGUAGE_HINTS));

/** `input` of a text-recognition category (INTERFACE.md, "Process input"); other fields pass through. */
export const processInputSchema = z.looseObject({
  // Required unless input_ref is given: checked on the whole body, below.
  document: z.optional(z.string().check(z.minLength(1))),
  mime_type: z.string().check(z.minLength(1)),
  language_hints: z.optional(languageHintsSchema),
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Where a finished job is sent (INTERFACE.md, "Jobs"); the service checks the address further. */
export const callbackUrlSchema = z.string().check(z.minLength(1), z.maxLength(2048));

/** POST /v1/categories/{id}/process */
export const processRequestSchema = z
  .looseObject({
    input: processInputSchema,
    input_ref: z.optional(z.string().check(z.minLength(1))),
    /** Our extension: makes the call a job whose finished state is POSTed here. */
    callback_url: z.optional(callbackUrlSchema),
  })
  .check(
    z.refine(
      (body) =>
        !isRecord(body.input) || body.input.document !== undefined || body.input_ref !== undefined,
      {
        path: ["input", "document"],
        params: issueParams(missing()),
        // Runs even when other fields failed, so one 422 lists every problem.
        when: (payload) => isRecord(payload.value),
      },
    ),
  );
export type ProcessRequest = z.input<typeof processRequestSchema>;

/** How long a document link lasts by default, and at most (seconds). */
export const DOCUMENT_LINK_TTL = { default: 300, max: 3600 } as const;

/** POST /v1/documents/download (our extension, INTERFACE.md "Document download"). */
export const documentLinkRequestSchema = z.object({
  /** The upload's object key, as its grant gave it. */
  object_key: z.string().check(z.minLength(1), z.maxLength(1024)),
  expires_in: z.optional(z.int().check(z.gte(1), z.lte(DOCUMENT_LINK_TTL.max))),
});
export type DocumentLinkRequest = z.input<typeof documentLinkRequestSchema>;
