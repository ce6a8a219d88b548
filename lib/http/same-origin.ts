// Mutating route handlers answer only this site's own pages, so another site
// cannot make a signed-in buyer's browser spend the app's Routing Service key.
//
// The rule: when the request has an `Origin`, it must equal the app's own
// origin (the scheme and host the request was sent to: `Host`, or
// `X-Forwarded-Host`/`-Proto` set by the proxy in front). Without `Origin`,
// `Sec-Fetch-Site` must be `same-origin` or `none` (typed in the address bar).
// With neither header the caller is not a browser (curl, a script with its
// own key to nothing but this app): that is allowed, since a cross-site page
// cannot send a request without them in any current browser.
import { AppError } from "@/lib/errors";

const SAFE_FETCH_SITES = new Set(["same-origin", "none"]);

/** The origin the request was addressed to, as the browser saw it. */
export function requestOrigin(request: Request): string | null {
  const url = new URL(request.url);
  const host = firstValue(request.headers.get("x-forwarded-host")) ?? request.headers.get("host");
  const proto =
    firstValue(request.headers.get("x-forwarded-proto")) ?? url.protocol.replace(/:$/, "");
  if (!host) return url.origin;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/** True when a browser sent this request from one of this site's pages (or no browser sent it). */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) {
    const own = requestOrigin(request);
    return own !== null && origin !== "null" && origin === own;
  }
  const site = request.headers.get("sec-fetch-site");
  return site === null || SAFE_FETCH_SITES.has(site);
}

/** Throws the `forbidden` AppError for a cross-site request. */
export function assertSameOrigin(request: Request): void {
  if (!isSameOrigin(request)) throw new AppError("forbidden");
}

function firstValue(header: string | null): string | null {
  const first = header?.split(",")[0]?.trim();
  return first ? first : null;
}
