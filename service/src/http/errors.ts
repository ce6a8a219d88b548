/**
 * Errors the way the service answers them: `{"detail": "..."}` for 4xx with a
 * message, and FastAPI/Pydantic v2 422 bodies for invalid requests.
 *
 * How a route uses it:
 *
 *   const { path, body } = validateRequest(request, { path: categoryPathSchema, body: mySchema });
 *   //  → throws HttpError 422 listing EVERY invalid field of every part (loc starts with
 *   //    "path" | "query" | "header" | "body"); returns the parsed values otherwise.
 *   const category = requireCategory(path.category_id); // 404 unknown / 409 coming soon (http/category.ts)
 *   throw notFound("Category not found");             // 404 {"detail":"Category not found"}
 *   throw conflict("Still running");                  // 409 {"detail":"Still running"}
 *   throw unprocessable([validationItem(["body", "input"], valueError(msg), input)]);
 *   throw new HttpError(502, "All providers failed", { trace_id, attempts }); // extra fields join detail
 *
 * Throwing is enough: the error handler installed by buildApp (installErrorHandling)
 * turns HttpError into the response, keeps X-Request-Id, maps Fastify's own client
 * errors to 4xx, and answers anything else with a 500 that leaks nothing.
 *
 * The items, their constructors and the translation of zod issues are the
 * contract's (lib/kernel/contract/validation-error.ts). To pick the Pydantic type and
 * message of a check yourself, give its custom issue `params: issueParams(problem)`.
 */
import { safeParse } from "zod/mini";
import type * as core from "zod/v4/core";
import {
  dictType,
  jsonInvalidItem,
  type LocRoot,
  missing,
  toValidationItems,
  type ValidationErrorItem,
  validationItem,
} from "@/lib/kernel/contract/validation-error";

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | ValidationErrorItem[],
    /** Extra top-level fields of the body, e.g. trace_id, attempts. */
    readonly extra: Record<string, unknown> = {},
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === "string" ? detail : "Request validation failed");
    this.name = "HttpError";
  }

  body(): Record<string, unknown> {
    return { detail: this.detail, ...this.extra };
  }
}

export const notFound = (detail: string) => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const unprocessable = (items: ValidationErrorItem[]) => new HttpError(422, items);

type Parts = Partial<Record<LocRoot, core.$ZodType>>;
type Parsed<P extends Parts> = {
  [K in keyof P]: P[K] extends core.$ZodType ? core.output<P[K]> : never;
};

type RequestParts = Partial<Record<"params" | "query" | "headers" | "body", unknown>>;

const PART_SOURCE: Record<LocRoot, keyof RequestParts> = {
  path: "params",
  query: "query",
  header: "headers",
  body: "body",
};

/**
 * Parses every given part of the request; throws one 422 listing the issues of all
 * parts (path, then query, header, body — FastAPI's order). A body that is not a JSON
 * object is `dict_type` at ["body"]; an absent body is `missing` at ["body"].
 */
export function validateRequest<P extends Parts>(request: RequestParts, parts: P): Parsed<P> {
  const items: ValidationErrorItem[] = [];
  const out: Record<string, unknown> = {};
  for (const root of ["path", "query", "header", "body"] as const) {
    const schema = parts[root];
    if (!schema) continue;
    const raw = request[PART_SOURCE[root]];
    if (root === "body") {
      if (raw === undefined || raw === null) {
        items.push(validationItem(["body"], missing(), null));
        continue;
      }
      if (typeof raw !== "object" || Array.isArray(raw)) {
        items.push(validationItem(["body"], dictType(), raw));
        continue;
      }
    }
    const result = safeParse(schema, raw);
    if (result.success) out[root] = result.data;
    else items.push(...toValidationItems(result.error.issues, root, raw));
  }
  if (items.length > 0) throw unprocessable(items);
  return out as Parsed<P>;
}

/** The 422 for a body that is not valid JSON (FastAPI: loc ["body", position]). */
export function jsonInvalid(error: unknown): HttpError {
  return unprocessable([jsonInvalidItem(error)]);
}
