// Every way the Routing Service can say no, as an AppError. Pure: the fetch
// wrapper hands it the status, headers and the body it read.
import { AppError, type AppErrorCode } from "@/lib/errors";
import type { AppErrorOptions } from "@/lib/errors/app-error";
import { parseDetail } from "@/lib/errors/detail";

export type Operation = "list" | "upload" | "process" | "document" | "job";

const NOT_ACTIVE = /coming.soon|not (yet )?active|inactive|not available|unavailable|disabled/i;

export function errorFromUpstream(
  status: number,
  headers: Headers,
  body: unknown,
  operation: Operation,
): AppError {
  const { code, ...options } = classify(status, headers, body, operation);
  const record = isRecord(body) ? body : {};
  const traceId = stringOr(record.trace_id) ?? headers.get("x-request-id") ?? undefined;
  // The service's own answer stays on the error (never shown) for the run ledger.
  return new AppError(code, { ...options, traceId, cause: { status, body } });
}

type Classified = { code: AppErrorCode } & Pick<
  AppErrorOptions,
  "message" | "fields" | "retryAfterSeconds"
>;

function classify(
  status: number,
  headers: Headers,
  body: unknown,
  operation: Operation,
): Classified {
  const record = isRecord(body) ? body : {};
  const detail = record.detail;
  const detailText = typeof detail === "string" ? detail : "";

  switch (status) {
    case 401:
    case 403:
      // The key is wrong or missing on our side; never repeat the upstream's words.
      return { code: "misconfigured" };
    case 404:
      return { code: "not_found" };
    case 409:
      return operation === "process" && !NOT_ACTIVE.test(detailText)
        ? { code: "still_running" }
        : { code: "category_inactive" };
    case 413:
      return { code: "file_too_large" };
    case 415:
      return { code: "file_type" };
    case 429:
      return { code: "rate_limited", retryAfterSeconds: retryAfter(headers) };
    case 503:
      return { code: "service_busy", retryAfterSeconds: retryAfter(headers) };
    case 504:
      return { code: "timeout" };
    case 502:
      // The service's own 502 names a trace; a proxy's 502 usually has no JSON at all.
      return record.trace_id !== undefined || /provider/i.test(detailText)
        ? { code: "providers_failed" }
        : { code: "upstream_error" };
  }
  if (status >= 500) return { code: "upstream_error" };

  // 400, 422 and any other refusal: read `detail` field by field.
  if (allAt(detail, ["category_id"])) return { code: "not_found" };
  const { summary, fields } = parseDetail(detail);
  const code = allAt(detail, ["content_type", "mime_type"]) ? "file_type" : "validation_failed";
  return { code, message: summary, fields };
}

/** True when `detail` is a list whose every item is about one of these fields. */
function allAt(detail: unknown, fields: string[]): boolean {
  if (!Array.isArray(detail) || detail.length === 0) return false;
  return detail.every(
    (item) =>
      isRecord(item) &&
      Array.isArray(item.loc) &&
      fields.includes(String(item.loc.at(-1)).toLowerCase()),
  );
}

/** Retry-After in seconds: a number of seconds or an HTTP date. */
export function retryAfter(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function stringOr(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
