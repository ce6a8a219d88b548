// The headers every page carries: a nonce-based Content-Security-Policy and
// the usual hardening headers. Pure functions of their inputs, so proxy.ts
// builds them per request and the tests check them without a server.
//
// Where the browser may send uploads (connect-src): the origins listed in
// UPLOAD_ORIGINS (comma-separated, e.g. an S3 bucket's origin); when it is
// unset, the origin of ROUTING_API_URL, and — when that host is a loopback
// name — the same port on the other loopback name too, because the service's
// public URL may say `localhost` where the app dials `127.0.0.1`.
import { z } from "zod";

// CSP host sources cannot name an IPv6 literal, so [::1] is not among them.
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1"];

const originSchema = z.url({ protocol: /^https?$/ }).transform((value) => new URL(value).origin);

/** The origins the browser's upload PUT may go to (see the comment above). */
export function uploadOrigins(source: {
  UPLOAD_ORIGINS?: string | undefined;
  ROUTING_API_URL?: string | undefined;
}): string[] {
  const listed = (source.UPLOAD_ORIGINS ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (listed.length > 0) {
    return [
      ...new Set(
        listed.map((value) => {
          const parsed = originSchema.safeParse(value);
          if (!parsed.success) {
            throw new Error(
              `Invalid environment: UPLOAD_ORIGINS: "${value}" is not an http(s) URL`,
            );
          }
          return parsed.data;
        }),
      ),
    ];
  }
  const routing = originSchema.safeParse(source.ROUTING_API_URL || "http://127.0.0.1:8000");
  if (!routing.success) return [];
  const url = new URL(routing.data);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => {
    const other = new URL(url.origin);
    other.hostname = host;
    return other.origin;
  });
}

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
