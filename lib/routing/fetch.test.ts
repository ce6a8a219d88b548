// The client of the Routing Service against a tiny real HTTP server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppError } from "@/lib/errors";

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

const KEY = "test-key-3f9c2a71d5";
let handler: Handler = (_req, _body, res) => res.end();
const seen: { method?: string; url?: string; headers: IncomingMessage["headers"]; body: string }[] =
  [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const warnings: string[] = [];
beforeEach(() => {
  seen.length = 0;
  warnings.length = 0;
  vi.spyOn(console, "warn").mockImplementation((...args) => {
    warnings.push(args.join(" "));
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Fresh modules under a given environment (lib/env reads it once, at import). */
async function client(env: Record<string, string | undefined> = {}) {
  vi.resetModules();
  vi.stubEnv("ROUTING_API_URL", baseUrl);
  vi.stubEnv("ROUTING_API_KEY", KEY);
  vi.stubEnv("ROUTING_TIMEOUT_MS", "300");
  vi.stubEnv("ROUTING_PROCESS_TIMEOUT_MS", "600");
  vi.stubEnv("SESSION_SECRET", "s".repeat(40));
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import("./index");
}

function json(res: ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

const category = (n: number, status = "active") => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Category ${n}`,
  slug: `category-${n}`,
  description: `Does thing ${n}`,
  status,
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  // Modules are fresh per test, so the class is not this file's AppError.
  expect(error).toMatchObject({ name: "AppError" });
  return error as AppError;
}

describe("listCategories", () => {
  it("sends the key and paging, and returns the app's view of each category", async () => {
    handler = (_req, _body, res) =>
      json(res, 200, {
        items: [category(1), category(2, "coming_soon"), category(3, "paused")],
        page: 2,
        pages: 3,
        size: 3,
        total: 9,
      });
    const { listCategories } = await client();
    const list = await listCategories({ page: 2, size: 3 });
    expect(seen[0]?.url).toBe("/v1/categories?page=2&size=3");
    expect(seen[0]?.headers["x-api-key"]).toBe(KEY);
    expect(list.items.map((c) => [c.statusLabel, c.availability])).toEqual([
      ["Active", "active"],
      ["Coming soon", "coming_soon"],
      ["Paused", "unavailable"],
    ]);
    expect(list).toMatchObject({ page: 2, pages: 3, size: 3, total: 9 });
  });

  it("accepts another 2xx code and extra fields, and drops them from the app's view", async () => {
    handler = (_req, _body, res) =>
      json(res, 203, {
        items: [{ ...category(1), icon: "x" }],
        page: 1,
        pages: 1,
        size: 50,
        total: 1,
        next: null,
      });
    const { listCategories } = await client();
    const list = await listCategories();
    expect(list.items[0]).not.toHaveProperty("icon");
    expect(seen[0]?.url).toBe("/v1/categories");
  });

  it("reads the accepted types, size limit and languages when a service adds them", async () => {
    handler = (_req, _body, res) =>
      json(res, 200, {
        items: [
          {
            ...category(1),
            accepts: ["application/pdf"],
            max_bytes: 1024,
            languages: ["en", "de"],
          },
          { ...category(2), accepts: "pdf", max_bytes: -1, languages: "de" },
        ],
        page: 1,
        pages: 1,
        size: 50,
        total: 2,
      });
    const { listCategories } = await client();
    const [withLimits, malformed] = (await listCategories()).items;
    expect(withLimits).toMatchObject({
      accepts: ["application/pdf"],
      maxBytes: 1024,
      languages: ["en", "de"],
    });
    expect(malformed).not.toHaveProperty("accepts");
    expect(malformed).not.toHaveProperty("maxBytes");
    expect(malformed).not.toHaveProperty("languages");
  });

  it("without a key, says misconfigured and sends nothing", async () => {
    const { listCategories } = await client({ ROUTING_API_KEY: "" });
    const error = await failure(listCategories());
    expect(error.code).toBe("misconfigured");
    expect(seen).toHaveLength(0);
  });

  it("with a refused key, says misconfigured and never logs or shows the key", async () => {
    handler = (_req, _body, res) => json(res, 401, { detail: "Invalid or missing API key" });
    const { listCategories } = await client();
    const error = await failure(listCategories());
    expect(error.code).toBe("misconfigured");
    expect(JSON.stringify(error.toBody())).not.toContain(KEY);
    expect(warnings.join("\n")).not.toContain(KEY);
    expect(warnings.join("\n")).toContain("401");
  });

  it("says unreachable when nothing listens", async () => {
    // A port that was just free: the connection is refused, not blocked by fetch.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const { listCategories } = await client({ ROUTING_API_URL: `http://127.0.0.1:${port}` });
    expect((await failure(listCategories())).code).toBe("service_unreachable");
    expect(warnings.join("\n")).toContain("ECONNREFUSED");
  });

  it("gives up after ROUTING_TIMEOUT_MS", async () => {
    handler = (_req, _body, res) => {
      setTimeout(() => json(res, 200, { items: [], page: 1, pages: 0, size: 50, total: 0 }), 1500);
    };
    const { listCategories } = await client();
    const started = Date.now();
    expect((await failure(listCategories())).code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it("says the answer was malformed when it breaks the contract or is not JSON", async () => {
    handler = (_req, _body, res) => json(res, 200, { items: "nope" });
    const { listCategories } = await client();
    expect((await failure(listCategories())).code).toBe("bad_response");
    handler = (_req, _body, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<html>hello</html>");
    };
    expect((await failure(listCategories())).code).toBe("bad_response");
  });

  it("reads a 422 with detail as a plain string", async () => {
    handler = (_req, _body, res) => json(res, 422, { detail: "size too big" });
    const { listCategories } = await client();
    const error = await failure(listCategories({ size: 500 }));
    expect(error.code).toBe("validation_failed");
    expect(error.message).toBe("size too big.");
  });
});

describe("the connection", () => {
  const page = { items: [category(1)], page: 1, pages: 1, size: 50, total: 1 };

  it("is kept alive: calls one after another reuse their connections", async () => {
    const ports = new Set<number | undefined>();
    handler = (req, _body, res) => {
      ports.add(req.socket.remotePort);
      json(res, 200, page);
    };
    const { listCategories } = await client();
    // undici's pool may hand a call to a second connection when the one before
    // has ended but its connection is not yet marked free: two at most, then reused.
    for (let i = 0; i < 10; i++) expect((await listCategories()).items).toHaveLength(1);
    expect(ports.size).toBeLessThanOrEqual(2);
    expect(seen[0]?.headers.connection).toBe("keep-alive");
  });

  it("asks for an unencoded answer, and calls a compressed one malformed", async () => {
    handler = (_req, _body, res) => json(res, 200, page);
    const { listCategories } = await client();
    await listCategories();
    expect(seen[0]?.headers["accept-encoding"]).toBe("identity");
    handler = (_req, _body, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip" });
      res.end(gzipSync(JSON.stringify(page)));
    };
    expect((await failure(listCategories())).code).toBe("bad_response");
    expect(warnings.join("\n")).toContain("Content-Encoding: gzip");
  });

  it("gives up when the body stops arriving before the timeout", async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"items":[');
      setTimeout(() => res.end("]}"), 1500);
    };
    const { listCategories } = await client();
    const started = Date.now();
    expect((await failure(listCategories())).code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1200);
  });

  it("stops quietly when the caller goes away", async () => {
    handler = (_req, _body, res) => {
      setTimeout(() => json(res, 200, page), 1500);
    };
    const { listCategories } = await client();
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 50);
    const error = await listCategories({}, caller.signal).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeDefined();
    expect(error).not.toMatchObject({ name: "AppError" });
    expect(warnings).toEqual([]);
  });

  // The pool closes idle connections after 4 s; undici's headers and body
  // timeouts are off, so only the app's own deadline ends a slow call.
  it("waits past the idle limit for a slow answer (a process call)", async () => {
    handler = (_req, _body, res) => {
      setTimeout(() => json(res, 200, page), 4_500);
    };
    const { listCategories } = await client({ ROUTING_TIMEOUT_MS: "8000" });
    expect((await listCategories()).items).toHaveLength(1);
  }, 10_000);
});

describe("getCategory", () => {
  it("walks the pages to find one category", async () => {
    handler = (req, _body, res) => {
      const page = Number(new URL(req.url ?? "", baseUrl).searchParams.get("page"));
      json(res, 200, { items: [category(page)], page, pages: 3, size: 1, total: 3 });
    };
    const { getCategory } = await client();
    const found = await getCategory("00000000-0000-4000-8000-000000000003");
    expect(found.name).toBe("Category 3");
    expect(seen.map((r) => r.url)).toEqual([
      "/v1/categories?page=1&size=100",
      "/v1/categories?page=2&size=100",
      "/v1/categories?page=3&size=100",
    ]);
    // Briefly cached: a second look asks nothing.
    await getCategory("00000000-0000-4000-8000-000000000001");
    expect(seen).toHaveLength(3);
    const missing = await failure(getCategory("00000000-0000-4000-8000-000000000009"));
    expect(missing.code).toBe("not_found");
  });

  it("does not remember a failure", async () => {
    handler = (_req, _body, res) => json(res, 503, { detail: "busy" }, { "Retry-After": "1" });
    const { getCategory } = await client();
    expect((await failure(getCategory(category(1).id))).code).toBe("service_busy");
    handler = (_req, _body, res) =>
      json(res, 200, { items: [category(1)], page: 1, pages: 1, size: 100, total: 1 });
    expect((await getCategory(category(1).id)).name).toBe("Category 1");
  });
});

describe("requestUpload and processDocument", () => {
  const grant = {
    expires_in: 900,
    object_key: "uploads/c/abc.png",
    s3_uri: "s3://bucket/uploads/c/abc.png",
    upload_url: "http://storage/put",
  };
  const upload = { objectKey: grant.object_key, fileSize: null };
  const SESSION = "11111111-1111-4111-8111-111111111111";

  it("asks for a grant with the content type", async () => {
    handler = (_req, _body, res) => json(res, 201, grant);
    const { requestUpload } = await client();
    expect(await requestUpload(category(1).id, { contentType: "image/png" })).toEqual({
      objectKey: grant.object_key,
      s3Uri: grant.s3_uri,
      uploadUrl: grant.upload_url,
      expiresIn: grant.expires_in,
    });
    expect(seen[0]?.method).toBe("POST");
    expect(seen[0]?.url).toBe(`/v1/categories/${category(1).id}/uploads`);
    expect(JSON.parse(seen[0]?.body ?? "")).toEqual({ content_type: "image/png" });
  });

  it("sends the file's size as content_length when the browser gave it", async () => {
    handler = (_req, _body, res) => json(res, 200, grant);
    const { requestUpload } = await client();
    await requestUpload(category(1).id, { contentType: "image/png", size: 1234 });
    expect(JSON.parse(seen.at(-1)?.body ?? "")).toEqual({
      content_type: "image/png",
      content_length: 1234,
    });
  });

  // What the call holds on the wire: process-call.test.ts.
  it("notes a replayed answer", async () => {
    const result = {
      data: { text: "hello" },
      meta: { estimated_cost: 0.0015, failover_depth: 1, latency_ms: 812, trace_id: "t1" },
    };
    handler = (_req, _body, res) => json(res, 200, result, { "Idempotent-Replayed": "true" });
    const { processCall, processDocument } = await client();
    const outcome = await processDocument(
      category(1).id,
      processCall({ document: grant.s3_uri, mimeType: "image/png" }, "key-1", upload),
      SESSION,
    );
    // `{text}` alone is no shape the app draws: the result says so once, here.
    expect(outcome).toEqual({ ...result, kind: "other", replayed: true });
  });

  it("uses the longer process timeout", async () => {
    handler = (_req, _body, res) => {
      setTimeout(
        () =>
          json(res, 200, {
            data: {},
            meta: { estimated_cost: 0, failover_depth: 0, latency_ms: 1, trace_id: "t" },
          }),
        450,
      );
    };
    const { processCall, processDocument } = await client();
    const outcome = await processDocument(
      category(1).id,
      processCall({ document: "s3://b/k", mimeType: "x" }, undefined, upload),
      SESSION,
    );
    expect(outcome.replayed).toBe(false);
    expect(seen[0]?.headers["idempotency-key"]).toBeUndefined();
  });

  it("reports all providers failing with the trace id", async () => {
    handler = (_req, _body, res) =>
      json(res, 502, { detail: "All providers failed", trace_id: "abc", failover_depth: 2 });
    const { processCall, processDocument } = await client();
    const error = await failure(
      processDocument(
        category(1).id,
        processCall({ document: "s3://b/k", mimeType: "image/png" }, "k", upload),
        SESSION,
      ),
    );
    expect(error.code).toBe("providers_failed");
    expect(error.traceId).toBe("abc");
  });
});
