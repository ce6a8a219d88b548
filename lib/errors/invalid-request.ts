// A request to the app's own API that breaks its schema: `bad_request`, with
// one line per field. These callers are our own pages (or a developer), so
// zod's words are fine here; the upstream's words go through parseDetail.
import { safeParse } from "zod/mini";
import type * as core from "zod/v4/core";
import { readTextUpTo } from "@/lib/kernel/read-limited";
import { AppError } from "./app-error";

export function invalidRequest(error: core.$ZodError): AppError {
  const fields = error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "body",
    message: issue.message,
  }));
  const [first] = fields;
  const message =
    fields.length === 1 && first
      ? `${first.field}: ${first.message}`
      : `${fields.length} fields are not valid.`;
  return new AppError("bad_request", { message, fields });
}

/** Checks a value against a schema, or throws the `bad_request` AppError. */
export function parseRequest<S extends core.$ZodType>(schema: S, value: unknown): core.output<S> {
  const parsed = safeParse(schema, value);
  if (!parsed.success) throw invalidRequest(parsed.error);
  return parsed.data;
}

/**
 * The most a route handler reads of a body: every body of the app's API is a
 * small JSON object (a content type, a file name, a document URI).
 */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * The JSON body of a request, read up to `MAX_BODY_BYTES`: a longer one is
 * `body_too_large` (413) as soon as the limit is passed, without reading the
 * rest; a body that is not JSON is `bad_request`. With `optional`, an empty
 * body is `undefined`.
 */
export async function readJsonBody(
  request: Request,
  { optional = false }: { optional?: boolean } = {},
): Promise<unknown> {
  const text = await readTextUpTo(
    request,
    MAX_BODY_BYTES,
    () =>
      new AppError("body_too_large", {
        message: `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB, the most this site accepts.`,
      }),
  );
  if (optional && text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", { message: "The request body must be JSON." });
  }
}
