// Property-based bad input, over real HTTP: thousands of malformed requests at
// the three /v1 endpoints and the storage PUT. Every answer must be a 4xx with
// a readable body (JSON with `detail` for /v1, S3-style XML for storage), never
// a 5xx; the service keeps serving; the heap comes back near where it was.
import v8 from "node:v8";
import vm from "node:vm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startService, type TestService } from "./helpers";
import { OCR, PDF, requestGrant, SOON, UNKNOWN } from "./process-helpers";

v8.setFlagsFromString("--expose-gc");
const gc: () => void = vm.runInNewContext("gc");

let svc: TestService;

beforeAll(async () => {
  svc = await startService({ env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
});
afterAll(async () => {
  await svc?.close();
});

// ---- arbitraries -------------------------------------------------------------

const hostile = fc.constantFrom(
  "",
  " ",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "__proto__",
  "constructor",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2f",
  "....//....//",
  "/absolute/path",
  "uploads/../../secret",
  "<script>alert(1)</script>",
  "'; DROP TABLE runs; --",
  "\u0000",
  "a\u0000b",
  "\u202Eevil.png",
  "\uFEFF",
  "e\u0301",
  "\uD800",
  "😀".repeat(50),
  "x".repeat(5000),
  "00000000-0000-0000-0000-000000000000",
  "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6",
  "5B0C7A8E-3F1D-4C2A-9E6B-1D2F3A4B5C6D",
);
const anyString = fc.oneof(hostile, fc.string(), fc.string({ unit: "grapheme", maxLength: 40 }));
const categoryId = fc.oneof(fc.constantFrom(OCR, PDF, SOON, UNKNOWN), fc.uuid(), anyString);
/** encodeURIComponent, with lone surrogates (which it refuses) sent as raw percent bytes. */
function encodeSegment(value: string): string {
  if (value === "") return "%20";
  try {
    return encodeURIComponent(value);
  } catch {
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
    return encodeURIComponent(value.replace(lone, "\uFFFD")).replaceAll("%EF%BF%BD", "%ED%A0%80");
  }
}
const pathSegment = categoryId.map(encodeSegment);

/** JSON values of every shape, including the wrong ones. */
const jsonish = fc.oneof(
  { depthSize: "small" },
  fc.jsonValue({ maxDepth: 3 }),
  anyString,
  fc.integer(),
  fc.double(),
);
const contentTypes = fc.constantFrom(
  "application/pdf",
  "image/png",
  "image/jpeg",
  "text/html",
  "application/x-msdownload",
  "",
  "image/png; charset=utf-8",
);
const uploadBody = fc.oneof(
  fc.record(
    { content_type: fc.oneof(contentTypes, jsonish), extra: jsonish },
    { requiredKeys: [] },
  ),
  fc.dictionary(anyString, jsonish, { maxKeys: 5 }),
  jsonish,
);
const processBody = fc.oneof(
  fc.record(
    {
      object_key: fc.oneof(anyString, jsonish),
      upload_id: fc.oneof(fc.uuid(), anyString, jsonish),
      language: fc.oneof(fc.constantFrom("eng", "deu", "auto"), anyString, jsonish),
      options: jsonish,
      extra: jsonish,
    },
    { requiredKeys: [] },
  ),
  fc.dictionary(anyString, jsonish, { maxKeys: 5 }),
  jsonish,
);

/** A body as sent: JSON, broken JSON, empty, or huge. */
const rawBody = (json: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: json.map((v) => JSON.stringify(v) ?? "null") },
    { weight: 1, arbitrary: json.map((v) => (JSON.stringify(v) ?? "{").slice(0, -1)) },
    { weight: 1, arbitrary: fc.constantFrom("", "{", "[", '{"a":', "\u0000", "{}{}", "nul") },
    { weight: 1, arbitrary: fc.string() },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `{"content_type":"${"a".repeat(2 * 1024 * 1024)}"}`,
        `[${"[".repeat(5000)}${"]".repeat(5000)}]`,
        `{"a":${"1".repeat(100_000)}}`,
      ),
    },
  );

const requestContentType = fc.oneof(
  fc.constant("application/json"),
  fc.constantFrom(
    "application/json; charset=utf-8",
    "application/json; charset=utf-16",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/xml",
    "",
    "*/*",
  ),
);
const idempotencyKey = fc.option(
  fc.oneof(fc.uuid(), fc.string({ maxLength: 300 }), hostile, fc.constant("x".repeat(10_000))),
  { nil: undefined },
);
const apiKey = fc.oneof(
  { weight: 8, arbitrary: fc.constant<string | null>(null) }, // the right key (helper default)
  { weight: 1, arbitrary: fc.constantFrom<string | null>("wrong", "", " ") },
);

/** Headers a fetch can actually send; others are skipped (the client would refuse them too). */
function headersOf(entries: Record<string, string | undefined>): Headers | null {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(entries)) {
      if (value !== undefined) headers.set(name, value);
    }
    return headers;
  } catch {
    return null;
  }
}

// ---- checks ------------------------------------------------------------------

async function expectClientError(response: Response, what: string): Promise<void> {
  const text = await response.text();
  expect(
    response.status,
    `${what} → ${response.status} ${text.slice(0, 300)}`,
  ).toBeGreaterThanOrEqual(400);
  expect(response.status, `${what} → ${response.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${what} → ${response.status}: body is not JSON: ${text.slice(0, 200)}`);
  }
  expect(body, `${what}: no detail`).toHaveProperty("detail");
  const detail = (body as { detail: unknown }).detail;
  expect(typeof detail === "string" || Array.isArray(detail), `${what}: detail ${text}`).toBe(true);
}

async function stillServing(): Promise<void> {
  expect((await svc.fetch("/healthz")).status).toBe(200);
  expect((await svc.fetch("/v1/categories")).status).toBe(200);
}

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);

// ---- properties --------------------------------------------------------------

describe("the service under malformed requests", () => {
  it("GET /v1/categories: bad query strings are a 4xx with detail", async () => {
    const query = fc.dictionary(
      fc.oneof(fc.constantFrom("page", "size", "status", "sort"), anyString),
      fc.oneof(
        anyString,
        fc.integer().map(String),
        fc.constantFrom("0", "-1", "1.5", "1e3", "99999999999999999999"),
      ),
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(query, async (params) => {
        const search = new URLSearchParams(params).toString();
        const response = await svc.fetch(`/v1/categories?${search}`);
        if (response.status === 200) {
          await response.body?.cancel();
          return;
        }
        await expectClientError(response, `GET ?${search}`);
      }),
      { numRuns: RUNS },
    );
    await stillServing();
  });

  it("POST /v1/categories/:id/uploads: never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        pathSegment,
        rawBody(uploadBody),
        requestContentType,
        apiKey,
        async (segment, body, contentType, key) => {
          const headers = headersOf({ "content-type": contentType || undefined });
          if (!headers) return;
          const response = await svc.fetch(`/v1/categories/${segment}/uploads`, {
            method: "POST",
            body,
            headers,
            ...(key === null ? {} : { key }),
          });
          if (response.status === 200) {
            await response.body?.cancel();
            return;
          }
          await expectClientError(response, `uploads ${segment.slice(0, 60)} ${body.slice(0, 80)}`);
        },
      ),
      { numRuns: RUNS },
    );
    await stillServing();
  });

  it("POST /v1/categories/:id/process: never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        pathSegment,
        rawBody(processBody),
        requestContentType,
        idempotencyKey,
        apiKey,
        async (segment, body, contentType, idem, key) => {
          const headers = headersOf({
            "content-type": contentType || undefined,
            "idempotency-key": idem,
          });
          if (!headers) return;
          const response = await svc.fetch(`/v1/categories/${segment}/process`, {
            method: "POST",
            body,
            headers,
            ...(key === null ? {} : { key }),
          });
          await expectClientError(response, `process ${segment.slice(0, 60)} ${body.slice(0, 80)}`);
        },
      ),
      { numRuns: RUNS },
    );
    await stillServing();
  });

  it("PUT /storage/*: forged, broken and traversing keys are refused with an S3 error", async () => {
    const grant = await requestGrant(svc, PDF, "application/pdf");
    const url = new URL(grant.upload_url);
    const realKey = decodeURIComponent(url.pathname.replace(/^\/storage\//, ""));
    const key = fc.oneof(
      anyString,
      fc.constantFrom(
        `${realKey}/../../../../etc/passwd`,
        `../${realKey}`,
        `${realKey}%00`,
        `${realKey}\u0000.png`,
        realKey.toUpperCase(),
        `/${realKey}`,
      ),
    );
    const query = fc.oneof(
      fc.constant(url.search),
      fc.constantFrom(
        "",
        "?expires=1&signature=x",
        "?expires=-1&signature=",
        "?expires=99999999999999999&signature=a",
      ),
      fc.dictionary(anyString, anyString, { maxKeys: 3 }).map((d) => `?${new URLSearchParams(d)}`),
    );
    const body = fc.oneof(fc.uint8Array({ maxLength: 2048 }), fc.constant(new Uint8Array(0)));
    await fc.assert(
      fc.asyncProperty(key, query, body, contentTypes, async (objectKey, search, bytes, type) => {
        // Keep the real key only with a tampered query, so no PUT can succeed.
        // (A trailing slash names the same object: Fastify's ignoreTrailingSlash.)
        if (objectKey.replace(/\/+$/, "") === realKey && search === url.search) return;
        const pathname = objectKey
          .split("/")
          .map((part) => encodeSegment(part).replace(/^%20$/, ""))
          .join("/");
        const headers = headersOf({ "content-type": type || undefined });
        if (!headers) return;
        const response = await fetch(`${svc.url}/storage/${pathname}${search}`, {
          method: "PUT",
          body: bytes,
          headers,
        });
        const text = await response.text();
        const what = `PUT ${pathname.slice(0, 80)}${search.slice(0, 60)} → ${response.status} ${text.slice(0, 200)}`;
        expect(response.status, what).toBeGreaterThanOrEqual(400);
        expect(response.status, what).toBeLessThan(500);
        expect(text, what).toMatch(/<Code>\w+<\/Code>|"detail"/);
      }),
      { numRuns: RUNS },
    );
    await stillServing();
  });

  it("PUT /storage/*: checksum headers that do not fit the body are refused with an S3 error", async () => {
    const grant = await requestGrant(svc, PDF, "application/pdf");
    const base64ish = fc.oneof(
      anyString,
      fc.uint8Array({ minLength: 0, maxLength: 20 }).map((b) => Buffer.from(b).toString("base64")),
      fc.uint8Array({ minLength: 4, maxLength: 4 }).map((b) => Buffer.from(b).toString("base64")),
      fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => Buffer.from(b).toString("base64")),
    );
    const header = fc.constantFrom(
      "content-md5",
      "x-amz-checksum-crc32",
      "x-amz-checksum-crc32c",
      "x-amz-checksum-sha256",
    );
    const body = fc.uint8Array({ minLength: 1, maxLength: 2048 });
    await fc.assert(
      fc.asyncProperty(header, base64ish, body, async (name, value, bytes) => {
        const headers = headersOf({ "content-type": "application/pdf", [name]: value });
        if (!headers) return;
        const response = await fetch(grant.upload_url, { method: "PUT", body: bytes, headers });
        const text = await response.text();
        const what = `PUT with ${name}: ${JSON.stringify(value).slice(0, 80)} → ${response.status} ${text.slice(0, 200)}`;
        // A random value matching the random body is a 1 in 2^32 chance at best.
        expect(response.status, what).toBe(400);
        expect(text, what).toMatch(/<Code>(BadDigest|InvalidDigest|InvalidRequest)<\/Code>/);
      }),
      { numRuns: RUNS },
    );
    await stillServing();
  });

  it("deeply nested JSON is a 422 with detail at the limit and beyond it", async () => {
    for (const depth of [64, 65, 10_000]) {
      const body = `${"[".repeat(depth)}${"]".repeat(depth)}`;
      const response = await svc.fetch(`/v1/categories/${PDF}/uploads`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json" },
      });
      expect(response.status).toBe(422);
      await expectClientError(response, `depth ${depth}`);
    }
  });

  it("the heap comes back near where it was after a burst of bad requests", async () => {
    const before = heapAfterGc();
    await fc.assert(
      fc.asyncProperty(pathSegment, rawBody(processBody), async (segment, body) => {
        const response = await svc.fetch(`/v1/categories/${segment}/process`, {
          method: "POST",
          body,
          headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
        });
        await response.body?.cancel();
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    await stillServing();
    const grown = heapAfterGc() - before;
    expect(grown, `heap grew by ${Math.round(grown / 1024)} kB`).toBeLessThan(32 * 1024 * 1024);
  });
});
