// The route handlers' JSON answers. Next gzips every compressible response
// when the client accepts it, and the 1 KB threshold of its compression
// middleware never applies to a route handler: Next drops the handler's
// Content-Length, so the middleware cannot see the size. Gzip of a body under
// 1 KB cannot save a packet (body and headers fit in one TCP segment either
// way) but costs each call measurable time (bench/app.ts; docs/changelog.md).
// So a small answer carries `Cache-Control: no-transform`,
// which the middleware honours; a larger one is compressed as before.
export const SMALL_BODY_BYTES = 1024;

export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  if (Buffer.byteLength(text, "utf8") < SMALL_BODY_BYTES) {
    const cacheControl = headers.get("Cache-Control");
    headers.set("Cache-Control", cacheControl ? `${cacheControl}, no-transform` : "no-transform");
  }
  return new Response(text, { status: init.status ?? 200, headers });
}
