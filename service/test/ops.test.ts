// Outside /v1 (health, readiness, metrics, OpenAPI) and the cross-cutting behaviour of
// /v1: rate limit per key, logs without the key, 500s that leak nothing.
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadGrantSchema } from "@/lib/kernel/contract";
import { buildMetricsApp, METRICS_KEY_REQUIRED } from "../src/api/metrics";
import type { ServiceDb } from "../src/db/types";
import type { ObjectStore } from "../src/storage/types";
import { METRICS_KEY, OTHER_KEY, startService, TEST_KEY, type TestService } from "./helpers";

const OCR = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";

describe("health and readiness", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("/healthz answers without a key", async () => {
    const res = await svc.fetch("/healthz", { key: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("/readyz checks the database and the storage", async () => {
    const res = await svc.fetch("/readyz", { key: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ready",
      checks: { database: "ok", storage: "ok" },
    });
  });

  it("/readyz answers 503 naming what is down", async () => {
    const down = await startService();
    const brokenDb: ServiceDb = {
      ...down.db,
      ping: () => Promise.reject(new Error("connection refused")),
    };
    const brokenStore: ObjectStore = {
      bucket: "b",
      presignPut: () => Promise.reject(new Error("no")),
      open: () => Promise.reject(new Error("no")),
      remove: () => Promise.reject(new Error("no")),
      check: () => Promise.reject(new Error("bucket gone")),
    };
    await down.close();
    const other = await startService({ db: brokenDb, store: brokenStore });
    try {
      const res = await other.fetch("/readyz", { key: null });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: "not_ready",
        checks: { database: "unreachable", storage: "unreachable" },
      });
    } finally {
      await other.close();
    }
  });

  it("answers unknown routes with a 404 detail", async () => {
    const res = await svc.fetch("/nope", { key: null });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "Not Found" });
  });
});

describe("metrics", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const counter = (text: string, labels: string) =>
    Number(
      new RegExp(`^docroute_http_requests_total\\{${labels}\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0,
    );

  it("counts requests by route pattern and status, with a latency histogram", async () => {
    const labels200 = 'method="GET",route="/v1/categories",status="200"';
    const labels401 = 'method="GET",route="/v1/categories",status="401"';
    const before = await (await svc.metrics()).text();
    await svc.fetch("/v1/categories");
    await svc.fetch("/v1/categories?page=2");
    await svc.fetch("/v1/categories", { key: null });
    await svc.postJson(`/v1/categories/${OCR}/uploads`, { content_type: "image/png" });

    const res = await svc.metrics();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(counter(text, labels200) - counter(before, labels200)).toBe(2);
    expect(counter(text, labels401) - counter(before, labels401)).toBe(1);
    expect(text).toMatch(
      /docroute_http_requests_total\{method="POST",route="\/v1\/categories\/:category_id\/uploads",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /docroute_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/v1\/categories"\} \d+/,
    );
    expect(text).toContain("docroute_process_cpu_seconds_total");
  });
});

describe("where /metrics is served", () => {
  const bearer = (key: string) => ({ headers: { Authorization: `Bearer ${key}` } });

  it("behind METRICS_KEY on the public port: no key or a wrong one is 401", async () => {
    const svc = await startService();
    try {
      for (const init of [
        {},
        bearer("wrong-key-0123456789abcdef"),
        { headers: { Authorization: METRICS_KEY } },
      ]) {
        const res = await fetch(`${svc.url}/metrics`, init);
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toBe("Bearer");
        const text = await res.text();
        expect(text).not.toContain("docroute_");
        expect(JSON.parse(text)).toEqual({ detail: METRICS_KEY_REQUIRED });
      }
      // The service's API key is not the metrics key.
      expect((await fetch(`${svc.url}/metrics`, bearer(svc.key))).status).toBe(401);
      expect((await fetch(`${svc.url}/metrics`, bearer(METRICS_KEY))).status).toBe(200);
    } finally {
      await svc.close();
    }
  });

  it("not at all on the public port when neither METRICS_KEY nor METRICS_PORT is set", async () => {
    const svc = await startService({ config: { metrics: { host: "127.0.0.1" } } });
    try {
      expect((await svc.fetch("/metrics", { key: null })).status).toBe(404);
      expect((await svc.metrics()).status).toBe(404);
    } finally {
      await svc.close();
    }
  });

  it("on METRICS_PORT only, when it is set", async () => {
    const svc = await startService({ env: { METRICS_PORT: "9464" } });
    const metricsApp = await buildMetricsApp({
      ...svc.config,
      metrics: { host: "127.0.0.1", port: 0 },
    });
    try {
      expect((await svc.metrics()).status).toBe(404);
      if (!metricsApp) throw new Error("no metrics listener");
      const address = await metricsApp.listen({ host: "127.0.0.1", port: 0 });
      const res = await fetch(`${address}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("docroute_http_requests_total");
      expect((await fetch(`${address}/v1/categories`)).status).toBe(404);
    } finally {
      await metricsApp?.close();
      await svc.close();
    }
  });
});

describe("OpenAPI", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("describes the three endpoints, jobs and our document-link extension with the API-key scheme", async () => {
    const res = await svc.fetch("/openapi.json", { key: null });
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/v1/batches/{batch_id}",
      "/v1/categories",
      "/v1/categories/{category_id}/batches",
      "/v1/categories/{category_id}/process",
      "/v1/categories/{category_id}/uploads",
      "/v1/documents/download",
      "/v1/jobs/{job_id}",
    ]);
    expect(doc.components.securitySchemes.apiKeyAuth).toEqual({
      type: "apiKey",
      in: "header",
      name: "X-API-Key",
    });
  });

  it("has schemas that the service's real answers satisfy", async () => {
    const doc = (await (await svc.fetch("/openapi.json", { key: null })).json()) as {
      components: { schemas: Record<string, object> };
    };
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: "doc", components: doc.components });
    const check = async (name: string, res: Response) => {
      const validate = ajv.getSchema(`doc#/components/schemas/${name}`);
      if (!validate) throw new Error(`no schema ${name}`);
      const body: unknown = await res.json();
      expect(validate(body), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      return body;
    };
    await check("CategoryPage", await svc.fetch("/v1/categories?size=2"));
    await check("ErrorBody", await svc.fetch("/v1/categories", { key: null }));
    await check("ValidationError", await svc.fetch("/v1/categories?page=0&size=x"));
    const grant = await check(
      "UploadGrant",
      await svc.postJson(`/v1/categories/${OCR}/uploads`, { content_type: "image/png" }),
    );
    expect(uploadGrantSchema.safeParse(grant).success).toBe(true);
    // …and that a wrong answer would not satisfy.
    const page = ajv.getSchema("doc#/components/schemas/CategoryPage");
    expect(page?.({ items: [{ id: 1 }], page: 1, pages: 1, size: 1, total: 1 })).toBe(false);
  });
});

describe("rate limit", () => {
  let svc: TestService;
  beforeAll(async () => {
    svc = await startService({ env: { RATE_LIMIT_PER_MINUTE: "3" } });
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("answers 429 with Retry-After once a key used its requests, per key", async () => {
    // Requests without a valid key are refused before they cost anything.
    for (let i = 0; i < 5; i++)
      expect((await svc.fetch("/v1/categories", { key: "wrong" })).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await svc.fetch("/v1/categories")).status).toBe(200);
    const limited = await svc.fetch("/v1/categories");
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    const body = (await limited.json()) as { detail: string };
    expect(body.detail).toMatch(/rate limit/i);
    // Uploads share the key's budget; another key has its own.
    expect(
      (await svc.postJson(`/v1/categories/${OCR}/uploads`, { content_type: "image/png" })).status,
    ).toBe(429);
    expect((await svc.fetch("/v1/categories", { key: OTHER_KEY })).status).toBe(200);
    // Health stays outside the limit.
    expect((await svc.fetch("/healthz")).status).toBe(200);
  });
});

describe("logs and errors", () => {
  it("log the trace id and never the API key or an upload signature", async () => {
    const lines: string[] = [];
    const svc = await startService({
      env: { LOG_LEVEL: "debug" },
      logStream: { write: (l) => void lines.push(l) },
    });
    try {
      const res = await svc.fetch("/v1/categories");
      const traceId = res.headers.get("x-request-id");
      await svc.fetch("/v1/categories", { key: "a-wrong-key-that-must-not-be-logged" });
      const grant = uploadGrantSchema.parse(
        await (
          await svc.postJson(`/v1/categories/${OCR}/uploads`, { content_type: "image/png" })
        ).json(),
      );
      expect(
        (
          await fetch(grant.upload_url, {
            method: "PUT",
            headers: { "Content-Type": "image/png" },
            body: "x",
          })
        ).status,
      ).toBe(200);
      const signature = new URL(grant.upload_url).searchParams.get("signature") ?? "";
      const all = lines.join("");
      expect(lines.length).toBeGreaterThan(4);
      const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(parsed.some((l) => l.trace_id === traceId)).toBe(true);
      expect(all).not.toContain(TEST_KEY);
      expect(all).not.toContain("a-wrong-key-that-must-not-be-logged");
      expect(signature).toMatch(/^[0-9a-f]{64}$/);
      expect(all).not.toContain(signature);
    } finally {
      await svc.close();
    }
  });

  it("answer an internal failure with 500 and a trace id, and nothing of the error", async () => {
    const failing: ObjectStore = {
      bucket: "b",
      presignPut: () =>
        Promise.reject(new Error("ENOENT /srv/secret/path SERVICE_DB_PASSWORD=hunter2")),
      open: () => Promise.resolve(undefined),
      remove: () => Promise.resolve(),
      check: () => Promise.resolve(),
    };
    const svc = await startService({ store: failing });
    try {
      const res = await svc.postJson(`/v1/categories/${OCR}/uploads`, {
        content_type: "image/png",
      });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        detail: "Internal Server Error",
        trace_id: res.headers.get("x-request-id"),
      });
      expect(text).not.toMatch(/secret|hunter2|ENOENT/);
    } finally {
      await svc.close();
    }
  });

  it("answer an oversized JSON body with 413, not 500", async () => {
    const svc = await startService();
    try {
      const res = await svc.postJson(`/v1/categories/${OCR}/uploads`, {
        content_type: "x".repeat(2 * 1024 * 1024),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ detail: "Request body is too large" });
    } finally {
      await svc.close();
    }
  });
});
