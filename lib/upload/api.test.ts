import { afterEach, describe, expect, it, vi } from "vitest";
import { isJobReply } from "@/lib/api/jobs";
import { AppError } from "@/lib/errors";
import {
  reportUploaded,
  requestUploadGrant,
  retryCallDelay,
  shouldRetryCall,
  submitProcess,
} from "./api";

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json" },
      }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const CATEGORY = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
const GRANT = {
  expiresIn: 900,
  objectKey: "uploads/c/x.png",
  s3Uri: "s3://b/uploads/c/x.png",
  uploadUrl: "http://127.0.0.1:8400/storage/x",
};

describe("requestUploadGrant", () => {
  it("asks the app's route handler and returns its grant", async () => {
    const fetchMock = stubFetch(200, GRANT);
    await expect(requestUploadGrant(CATEGORY, "image/png")).resolves.toEqual(GRANT);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/categories/${CATEGORY}/uploads`);
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ contentType: "image/png" });
  });

  it("sends the picked file's name and size along, for the run history", async () => {
    const fetchMock = stubFetch(200, GRANT);
    await requestUploadGrant(CATEGORY, "image/png", { name: "lease.png", size: 4096 });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      contentType: "image/png",
      fileName: "lease.png",
      size: 4096,
    });
  });

  it("throws the route handler's AppError", async () => {
    stubFetch(409, { code: "category_inactive", message: "Not yet.", traceId: "t" });
    await expect(requestUploadGrant(CATEGORY, "image/png")).rejects.toMatchObject({
      code: "category_inactive",
      message: "Not yet.",
      traceId: "t",
    });
  });

  it("calls a fetch that never got an answer a network error", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(requestUploadGrant(CATEGORY, "image/png")).rejects.toMatchObject({
      code: "network_error",
    });
  });

  it("calls an answer of the wrong shape a bad response", async () => {
    stubFetch(200, { uploadUrl: 5 });
    await expect(requestUploadGrant(CATEGORY, "image/png")).rejects.toMatchObject({
      code: "bad_response",
    });
  });
});

describe("submitProcess", () => {
  it("sends the document once (its s3 URI), its type and the file's Idempotency-Key", async () => {
    const fetchMock = stubFetch(200, {
      kind: "other",
      data: { text: "hi" },
      meta: { estimated_cost: 0.0015, failover_depth: 0, latency_ms: 10, trace_id: "t" },
    });
    const result = await submitProcess(CATEGORY, {
      s3Uri: "s3://b/k.png",
      mimeType: "image/png",
      languageHints: ["eng"],
      idempotencyKey: "key-1",
    });
    if (isJobReply(result)) throw new Error("a synchronous answer was read as a job");
    expect(result.meta.trace_id).toBe("t");
    expect(result.kind).toBe("other");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/categories/${CATEGORY}/process`);
    expect(new Headers(init?.headers).get("Idempotency-Key")).toBe("key-1");
    expect(JSON.parse(String(init?.body))).toEqual({
      document: "s3://b/k.png",
      mimeType: "image/png",
      languageHints: ["eng"],
    });
  });

  it("leaves out language hints nobody chose", async () => {
    const fetchMock = stubFetch(200, {
      kind: "other",
      data: {},
      meta: { estimated_cost: 0, failover_depth: 0, latency_ms: 1, trace_id: "t" },
    });
    await submitProcess(CATEGORY, {
      s3Uri: "s",
      mimeType: "image/png",
      languageHints: [],
      idempotencyKey: "k1",
    });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).not.toHaveProperty(
      "languageHints",
    );
  });
});

describe("automatic retries of a call", () => {
  const err = (code: ConstructorParameters<typeof AppError>[0], retryAfterSeconds?: number) =>
    new AppError(code, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });

  it("retries a lost connection a few times", () => {
    expect(shouldRetryCall(0, err("network_error"))).toBe(true);
    expect(shouldRetryCall(3, err("network_error"))).toBe(false);
  });

  it("waits for our own earlier call that is still running", () => {
    expect(shouldRetryCall(10, err("still_running"))).toBe(true);
    expect(retryCallDelay(10, err("still_running"))).toBe(3000);
  });

  it("honours a short Retry-After and leaves a long one to the person", () => {
    expect(shouldRetryCall(0, err("rate_limited", 5))).toBe(true);
    expect(retryCallDelay(1, err("rate_limited", 5))).toBe(5000);
    expect(shouldRetryCall(0, err("rate_limited", 600))).toBe(false);
  });

  it("never retries by itself what failed for good or what the person cancelled", () => {
    for (const code of [
      "providers_failed",
      "timeout",
      "validation_failed",
      "category_inactive",
    ] as const) {
      expect(shouldRetryCall(0, err(code))).toBe(false);
    }
    expect(shouldRetryCall(0, new DOMException("x", "AbortError"))).toBe(false);
  });
});

describe("reportUploaded", () => {
  it("tells the run history the object is uploaded, and nothing the grant already said", async () => {
    const fetchMock = stubFetch(204, null);
    await reportUploaded("uploads/c/x.png");
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/runs/uploads%2Fc%2Fx.png/uploaded");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBeUndefined();
  });

  it("never fails the upload", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await expect(reportUploaded("k")).resolves.toBeUndefined();
    stubFetch(404, { code: "not_found", message: "No." });
    await expect(reportUploaded("k")).resolves.toBeUndefined();
  });
});
