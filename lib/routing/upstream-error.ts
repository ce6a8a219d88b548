// Every way the Routing Service can say no, as an AppError. Pure: the fetch
// wrapper hands it the status, headers and the body it read.
import { AppError } from "@/lib/errors";
import { parseDetail } from "@/lib/errors/detail";

export type Operation = "list" | "upload" | "process";

const NOT_ACTIVE = /coming.soon|not (yet )?active|inactive|not available|unavailable|disabled/i;

export function errorFromUpstream(
  status: number,
  headers: Headers,
  body: unknown,
  operation: Operation,
): AppError {
  const record = isRecord(body) ? body : {};
  const traceId = stringOr(record.trace_id) ?? headers.get("x-request-id") ?? undefined;
  const detail = record.detail;
  const detailText = typeof detail === "string" ? detail : "";

  switch (status) {
    case 401:
    case 403:
      // The key is wrong or missing on our side; never repeat the upstream's words.
      return new AppError("misconfigured", { traceId });
    case 404:
      return new AppError("not_found", { traceId });
    case 409:
      if (operation === "process" && !NOT_ACTIVE.test(detailText)) {
        return new AppError("still_running", { traceId });
      }
      return new AppError("category_inactive", { traceId });
    case 413:
      return new AppError("file_too_large", { traceId });
    case 415:
      return new AppError("file_type", { traceId });
    case 429:
      return new AppError("rate_limited", { traceId, retryAfterSeconds: retryAfter(headers) });
    case 503:
      return new AppError("service_busy", { traceId, retryAfterSeconds: retryAfter(headers) });
    case 504:
      return new AppError("timeout", { traceId });
    case 502:
      // The service's own 502 names a trace; a proxy's 502 usually has no JSON at all.
      return traceId && (record.trace_id !== undefined || /provider/i.test(detailText))
        ? new AppError("providers_failed", { traceId })
        : new AppError("upstream_error", { traceId });
  }
  if (status >= 500) return new AppError("upstream_error", { traceId });

  // 400, 422 and any other refusal: read `detail` field by field.
  const parsed = parseDetail(detail);
  const options = { message: parsed.summary, fields: parsed.fields, traceId };
  if (allAt(detail, ["category_id"])) return new AppError("not_found", { traceId });
  if (allAt(detail, ["content_type", "mime_type"])) return new AppError("file_type", options);
  return new AppError("validation_failed", options);
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
