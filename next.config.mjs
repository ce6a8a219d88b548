// The fixed hardening headers of the API's JSON (nosniff above all). Pages get
// them with their nonce CSP from proxy.ts, which does not run on /api (it cost
// each route handler about 1.5 ms). Same values as SECURITY_HEADERS in
// lib/http/security-headers.ts; lib/http/security-headers.test.ts checks that.
export const API_SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The app image (deploy/app/Dockerfile) builds with DOCROUTE_STANDALONE=1: a server
  // folder holding only the files the app's routes import, so none of the Routing
  // Service's OCR engines. `npm run build` + `npm start` leave it unset and serve .next
  // as before (Next warns that `next start` does not serve a standalone build).
  output: process.env.DOCROUTE_STANDALONE === "1" ? "standalone" : undefined,
  // The Routing Service lives in service/ and runs as its own program.
  typedRoutes: false,
  serverExternalPackages: ["better-sqlite3", "pg"],
  async headers() {
    return [
      {
        source: "/api/:path*",
        headers: Object.entries(API_SECURITY_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ];
  },
  experimental: {
    // The Tailwind stylesheet (about 9 kB compressed) goes into each page's
    // <head> instead of a render-blocking <link>: the first paint waits for no
    // second request. Allowed by the CSP (style-src 'unsafe-inline'; scripts
    // stay nonce-only).
    inlineCss: true,
    // app/global-not-found.tsx answers addresses no route matches, outside the
    // root layout (which imports no stylesheet: see app/(site)/layout.tsx).
    globalNotFound: true,
  },
};

export default nextConfig;
