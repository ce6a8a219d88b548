// The closed set of failures the app knows, each with the HTTP status a route
// handler answers it with. Codes marked "browser" are met in the browser only
// (file checks, the PUT to storage, the connection to the app itself) and are
// never sent by a route handler; their status is what they would mean.
export const ERROR_STATUS = {
  bad_request: 400,
  body_too_large: 413,
  validation_failed: 422,
  not_found: 404,
  unauthorized: 401,
  forbidden: 403,
  category_inactive: 409,
  still_running: 409,
  misconfigured: 500,
  rate_limited: 429,
  service_busy: 503,
  service_unreachable: 503,
  timeout: 504,
  providers_failed: 502,
  bad_response: 502,
  upstream_error: 502,
  internal: 500,
  file_type: 415,
  file_too_large: 413,
  file_empty: 422,
  // ledger: how a run ended when nobody could record its answer
  interrupted: 500,
  // browser
  network_error: 503,
  upload_expired: 403,
  upload_rejected: 403,
  upload_blocked: 502,
  upload_failed: 502,
  cancelled: 499,
} as const satisfies Record<string, number>;

export type AppErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as AppErrorCode[];

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_STATUS, value);
}
