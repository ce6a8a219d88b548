// Property-based bad input at the app's route handlers, called directly with
// `new Request(...)` and backed by a real Routing Service (service/test/helpers).
// Every refusal must be a 4xx with the AppError body `{code, message}`, never
// a 5xx; the handlers keep answering; the heap comes back near where it was.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import v8 from "node:v8";
import vm from "node:vm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startService, type TestService } from "@/service/test/helpers";

// Outside Next there is no request scope: a buyer with no cookies at all.
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: () => undefined, set: () => {}, delete: () => {} }),
  headers: async () => new Headers(),
}));

v8.setFlagsFromString("--expose-gc");
const gc: () => void = vm.runInNewContext("gc");

type Handler = (
  request: Request,
  context: { params: Promise<{ id: string }> },
) => Promise<Response>;
let svc: TestService;
let routes: {
  list: (request: Request) => Promise<Response>;
  grant: Handler;
  process: Handler;
  uploaded: Handler;
  supportList: (request: Request) => Promise<Response>;
  supportRun: Handler;
};

beforeAll(async () => {
  svc = await startService({ env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
  const dir = await mkdtemp(path.join(tmpdir(), "docroute-app-fuzz-"));
  Object.assign(process.env, {
    ROUTING_API_URL: svc.url,
    ROUTING_API_KEY: svc.key,
    APP_RATE_LIMIT_PER_MINUTE: "0",
    LEDGER_SQLITE_PATH: path.join(dir, "ledger.sqlite"),
  });
  routes = {
    list: (await import("./categories/route")).GET,
    grant: (await import("./categories/[id]/uploads/route")).POST,
    process: (await import("./categories/[id]/process/route")).POST,
    uploaded: (await import("./runs/[id]/uploaded/route")).POST,
    supportList: (await import("./support/runs/route")).GET,
    supportRun: (await import("./support/runs/[id]/route")).GET,
  };
});
afterAll(async () => {
  await svc?.close();
});

// ---- arbitraries -------------------------------------------------------------

const PDF = "8e2d4f60-7a1b-4c3d-8e9f-0a1b2c3d4e5f";
const SOON = "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f";
const hostile = fc.constantFrom(
  "",
  "null",
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "..%2f..%2f",
  "uploads/../../secret",
  "<img src=x onerror=alert(1)>",
  "'; DROP TABLE runs; --",
  "a\u0000b",
  "\u202Eevil.pdf",
  "\uD800",
  "e\u0301",
  "x".repeat(5000),
  "s3://bucket/../../etc/passwd",
  "00000000-0000-0000-0000-000000000000",
);
const anyString = fc.oneof(hostile, fc.string(), fc.string({ unit: "grapheme", maxLength: 30 }));
const id = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(PDF, SOON) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: anyString },
);
const jsonish = fc.oneof(fc.jsonValue({ maxDepth: 3 }), anyString, fc.double());
const body = (known: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .oneof(
      { weight: 3, arbitrary: fc.record(known, { requiredKeys: [] }) },
      { weight: 3, arbitrary: fc.record(known) },
      { weight: 1, arbitrary: fc.dictionary(anyString, jsonish, { maxKeys: 4 }) },
      { weight: 1, arbitrary: jsonish },
    )
    .chain((value) =>
      fc.oneof(
        { weight: 5, arbitrary: fc.constant(JSON.stringify(value) ?? "null") },
        { weight: 1, arbitrary: fc.constant((JSON.stringify(value) ?? "{").slice(0, -1)) },
        { weight: 1, arbitrary: fc.constantFrom("", "{", "nul", "\u0000", "[".repeat(10_000)) },
        { weight: 1, arbitrary: fc.constant(`{"x":"${"a".repeat(2 * 1024 * 1024)}"}`) },
      ),
    );
const contentTypes = fc.constantFrom(
  "application/pdf",
  "image/png",
  "text/html",
  "",
  "application/pdf; x=1",
);
const grantBody = body({ contentType: fc.oneof(contentTypes, jsonish), extra: jsonish });
const processBody = body({
  document: fc.oneof(
    fc.constant(`s3://docroute/uploads/${PDF}/x.pdf`),
    anyString.map((s) => `s3://bucket/${s}`),
    jsonish,
  ),
  mimeType: fc.oneof(contentTypes, contentTypes, jsonish),
  languageHints: fc.oneof(
    fc.constant(undefined),
    fc.constant(["eng"]),
    fc.array(anyString, { maxLength: 3 }),
    jsonish,
  ),
  objectKey: fc.oneof(anyString, jsonish),
});
const uploadedBody = body({ fileName: fc.oneof(anyString, jsonish), size: jsonish });
const headerValue = fc.option(fc.oneof(fc.uuid(), fc.string({ maxLength: 200 }), hostile), {
  nil: undefined,
});

function request(
  pathname: string,
  init: { method?: string; body?: string; headers?: Record<string, string | undefined> } = {},
): Request | null {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(init.headers ?? {})) {
      if (value !== undefined) headers.set(name, value);
    }
    return new Request(new URL(pathname, "http://app.test"), {
      method: init.method ?? "GET",
      body: init.body,
      headers,
    });
  } catch {
    return null; // a header or URL no client could send
  }
}

const params = (value: string) => ({ params: Promise.resolve({ id: value }) });

async function expectAnswer(response: Response, what: string): Promise<void> {
  const text = await response.text();
  const summary = `${what} → ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, summary).toBeLessThan(500);
  if (response.status < 400) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${summary}: not JSON`);
  }
  expect(parsed, summary).toMatchObject({ code: expect.any(String), message: expect.any(String) });
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

// ---- properties --------------------------------------------------------------

describe("the app's route handlers under malformed requests", () => {
  it("GET /api/categories", async () => {
    const query = fc.dictionary(fc.oneof(fc.constantFrom("page", "size"), anyString), anyString, {
      maxKeys: 3,
    });
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const req = request(`/api/categories?${new URLSearchParams(q)}`);
        if (!req) return;
        await expectAnswer(await routes.list(req), `list ${JSON.stringify(q).slice(0, 80)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it("POST /api/categories/:id/uploads", async () => {
    await fc.assert(
      fc.asyncProperty(id, grantBody, headerValue, async (category, text, type) => {
        const req = request(`/api/categories/x/uploads`, {
          method: "POST",
          body: text,
          headers: { "content-type": type ?? "application/json" },
        });
        if (!req) return;
        await expectAnswer(await routes.grant(req, params(category)), `grant ${text.slice(0, 80)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it("POST /api/categories/:id/process", async () => {
    await fc.assert(
      fc.asyncProperty(id, processBody, headerValue, async (category, text, idem) => {
        const req = request(`/api/categories/x/process`, {
          method: "POST",
          body: text,
          headers: { "content-type": "application/json", "idempotency-key": idem },
        });
        if (!req) return;
        await expectAnswer(
          await routes.process(req, params(category)),
          `process ${category.slice(0, 40)} ${text.slice(0, 80)}`,
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("a well-formed process call for an object that was never uploaded is the service's 4xx", async () => {
    const req = request(`/api/categories/${PDF}/process`, {
      method: "POST",
      body: JSON.stringify({
        document: `s3://docroute/uploads/${PDF}/never.pdf`,
        mimeType: "application/pdf",
        objectKey: `uploads/${PDF}/never.pdf`,
      }),
      headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
    });
    if (!req) throw new Error("request");
    const response = await routes.process(req, params(PDF));
    const text = await response.clone().text();
    expect(response.status, text).toBeGreaterThanOrEqual(400);
    await expectAnswer(response, "process well-formed");
  });

  it("POST /api/runs/:id/uploaded", async () => {
    await fc.assert(
      fc.asyncProperty(id, uploadedBody, async (run, text) => {
        const req = request(`/api/runs/x/uploaded`, { method: "POST", body: text });
        if (!req) return;
        const response = await routes.uploaded(req, params(run));
        expect(response.status).not.toBe(200); // no session here: nothing can be marked
        await expectAnswer(response, `uploaded ${run.slice(0, 40)} ${text.slice(0, 80)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it("the support API refuses everyone without a session, whatever they send", async () => {
    await fc.assert(
      fc.asyncProperty(id, fc.dictionary(anyString, anyString, { maxKeys: 3 }), async (run, q) => {
        const search = new URLSearchParams(q).toString();
        const list = request(`/api/support/runs?${search}`);
        const one = request(`/api/support/runs/x?${search}`);
        if (!list || !one) return;
        for (const response of [
          await routes.supportList(list),
          await routes.supportRun(one, params(run)),
        ]) {
          expect(response.status).toBe(401);
          await expectAnswer(response, `support ${search.slice(0, 80)}`);
        }
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  });

  it("keeps answering, and the heap comes back near where it was", async () => {
    const heap = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = heap();
    await fc.assert(
      fc.asyncProperty(id, processBody, async (category, text) => {
        const req = request(`/api/categories/x/process`, { method: "POST", body: text });
        if (!req) return;
        const response = await routes.process(req, params(category));
        await response.body?.cancel();
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    const list = await routes.list(new Request("http://app.test/api/categories"));
    expect(list.status).toBe(200);
    const grown = heap() - before;
    expect(grown, `heap grew by ${Math.round(grown / 1024)} kB`).toBeLessThan(32 * 1024 * 1024);
  });
});
