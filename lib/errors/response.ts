// How a route handler answers a failure: the AppError's body and status.
import { toAppError } from "./app-error";

export function errorResponse(error: unknown): Response {
  const appError = toAppError(error);
  // Expected failures were logged where they were met; only surprises here.
  if (appError.code === "internal") console.error("[app] unexpected error", error);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (appError.retryAfterSeconds !== undefined) {
    headers.set("Retry-After", String(Math.max(1, Math.ceil(appError.retryAfterSeconds))));
  }
  return Response.json(appError.toBody(), { status: appError.status, headers });
}
