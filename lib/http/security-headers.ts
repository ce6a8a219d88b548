// The headers every page carries: a nonce-based Content-Security-Policy and
// the usual hardening headers. Pure functions of their inputs, so proxy.ts
// builds them per request and the tests check them without a server. Where the
// browser may send uploads (connect-src) comes from UPLOAD_ORIGINS, read in
// lib/settings/upload-origins.ts.

/** A fresh nonce: 16 random bytes in base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export interface CspOptions {
  nonce: string;
  uploadOrigins: readonly string[];
  /** `next dev` evaluates code for fast refresh and talks over a websocket. */
  dev?: boolean;
}

/**
 * The policy: scripts only with this response's nonce (and what they load,
 * 'strict-dynamic'); no inline script, no framing, no plugins. Styles allow
 * 'unsafe-inline' because React writes `style` attributes (progress bars) —
 * style injection cannot run code.
 */
export function contentSecurityPolicy({ nonce, uploadOrigins, dev = false }: CspOptions): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...(dev ? ["'unsafe-eval'"] : []),
    ],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "blob:", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...uploadOrigins, ...(dev ? ["ws:", "wss:"] : [])],
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** The fixed hardening headers that go with the policy. */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
} as const;
