// A request to the app's own API that breaks its schema: `bad_request`, with
// one line per field. These callers are our own pages (or a developer), so
// zod's words are fine here; the upstream's words go through parseDetail.
import type { z } from "zod";
import { AppError } from "./app-error";

export function invalidRequest(error: z.ZodError): AppError {
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
export function parseRequest<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidRequest(parsed.error);
  return parsed.data;
}

/** The JSON body of a request; a body that is not JSON is `bad_request` too. */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new AppError("bad_request", { message: "The request body must be JSON." });
  }
}
