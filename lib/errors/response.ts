// How a route handler answers a failure: the AppError's body and status.
import { toAppError } from "./app-error";

/** The browser went away mid-request (Next aborts the request's signal): no one to tell. */
const clientGone = (error: unknown) =>
  error instanceof Error && (error.name === "ResponseAborted" || error.name === "AbortError");

export function errorResponse(error: unknown): Response {
  const appError = toAppError(error);
  // Expected failures were logged where they were met; only surprises here.
  if (appError.code === "internal" && !clientGone(error)) {
    console.error("[app] unexpected error", error);
  }
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (appError.retryAfterSeconds !== undefined) {
    headers.set("Retry-After", String(Math.max(1, Math.ceil(appError.retryAfterSeconds))));
  }
  return Response.json(appError.toBody(), { status: appError.status, headers });
}
