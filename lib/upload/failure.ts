// One file's failure as the queue keeps it: the app's AppError reduced to
// plain data, so it survives sessionStorage and a page refresh.
import { AppError, type AppErrorCode, ERROR_TEXT, isAppErrorCode, toAppError } from "@/lib/errors";
import { PutError } from "./put-file";

export interface Failure {
  code: AppErrorCode;
  title: string;
  message: string;
  traceId?: string;
  retryAfterSeconds?: number;
}

/** Codes that refuse the file itself: trying the same file again cannot help. */
const REFUSALS: ReadonlySet<AppErrorCode> = new Set(["file_type", "file_too_large", "file_empty"]);

export function isRefusal(failure: Pick<Failure, "code">): boolean {
  return REFUSALS.has(failure.code);
}

/**
 * Whether the service answered this process call for good: every provider
 * failed (502), or the service gave up at its deadline (504, which names a
 * trace; an app-side timeout does not, and its call may still be running).
 * The service stores such an answer under the Idempotency-Key and replays it
 * for 24 h, and nothing was charged, so the person's Retry is a new
 * submission with a new key. Every other retry keeps the key.
 */
export function isSettledFailure(failure: Pick<Failure, "code" | "traceId">): boolean {
  return failure.code === "providers_failed" || (failure.code === "timeout" && !!failure.traceId);
}

export function failureOf(error: unknown): Failure {
  const app = error instanceof PutError ? putFailure(error) : toAppError(error);
  return {
    code: app.code,
    title: app.title,
    message: app.message,
    ...(app.traceId ? { traceId: app.traceId } : {}),
    ...(app.retryAfterSeconds !== undefined ? { retryAfterSeconds: app.retryAfterSeconds } : {}),
  };
}

/** A stored failure read back; anything unrecognisable becomes `internal`. */
export function reviveFailure(value: unknown): Failure {
  const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const code = isAppErrorCode(v.code) ? v.code : "internal";
  return {
    code,
    title: typeof v.title === "string" ? v.title : ERROR_TEXT[code].title,
    message: typeof v.message === "string" ? v.message : ERROR_TEXT[code].message,
    ...(typeof v.traceId === "string" ? { traceId: v.traceId } : {}),
  };
}

function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/** A PUT to storage that failed for good, in the app's words. */
export function putFailure(error: PutError): AppError {
  switch (error.kind) {
    case "expired":
      return new AppError("upload_expired", {
        message:
          "The upload link expired, and so did the new one we asked for. Please press Retry to start this file again.",
        cause: error,
      });
    case "signature":
      return new AppError("upload_rejected", { cause: error });
    case "denied":
      return new AppError("upload_rejected", {
        message: "Storage refused the upload link. Please press Retry to get a new one.",
        cause: error,
      });
    case "too_large":
      return new AppError("file_too_large", {
        message: "Storage refused this file as too large for this category.",
        cause: error,
      });
    case "network":
      // Status 0 is a lost connection or an answer the browser blocked (CORS).
      return isOffline()
        ? new AppError("network_error", { cause: error })
        : new AppError("upload_blocked", { cause: error });
    case "unavailable":
      return new AppError("upload_failed", {
        message: "Storage is busy or unavailable right now. Please try again in a minute.",
        cause: error,
      });
    case "rejected":
      return new AppError("upload_failed", {
        message: `Storage refused the upload (HTTP ${error.status}). Please try again.`,
        cause: error,
      });
  }
}
