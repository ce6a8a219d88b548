// UPLOAD_ORIGINS: where the browser may send uploads (the CSP's connect-src,
// lib/http/security-headers.ts). The origins listed in UPLOAD_ORIGINS
// (comma-separated, e.g. an S3 bucket's origin); when it is unset, the origin
// of ROUTING_API_URL, and — when that host is a loopback name — the same port
// on the other loopback name too, because the service's public URL may say
// `localhost` where the app dials `127.0.0.1`. Pure: lib/env.ts parses with it.
import { z } from "zod";

// CSP host sources cannot name an IPv6 literal, so [::1] is not among them.
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1"];

const originSchema = z.url({ protocol: /^https?$/ }).transform((value) => new URL(value).origin);

/** The origins the browser's upload PUT may go to (see the comment at the top). */
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
