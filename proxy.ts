// Runs before every page (Next 16's renamed middleware, Node runtime): a fresh
// CSP nonce per request, the policy on the response, and the nonce on the
// request (`x-nonce` and the policy header) so Next puts it on its own scripts.
// Rules: lib/http/security-headers.ts.
//
// Not on /api: JSON needs no nonce, and running the proxy cost each route
// handler about 1.5 ms on the 2-core benchmark machine (bench/app.ts). The
// API's fixed hardening headers come from next.config.mjs's `headers()`.
import { type NextRequest, NextResponse } from "next/server";
import { env } from "@/lib/env";
import { contentSecurityPolicy, createNonce, SECURITY_HEADERS } from "@/lib/http/security-headers";

const dev = process.env.NODE_ENV === "development";

export function proxy(request: NextRequest) {
  const nonce = createNonce();
  const policy = contentSecurityPolicy({ nonce, uploadOrigins: env.UPLOAD_ORIGINS, dev });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    {
      // Pages: not the API (below), not built assets, not prefetches (which reuse the page's nonce).
      source: "/((?!api|_next/static|_next/image|favicon.ico|icon|apple-icon|robots.txt).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
