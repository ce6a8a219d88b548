import { beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import type { ProcessCall } from "@/lib/routing/types";

const processDocument = vi.fn();
vi.mock("@/lib/routing", async (original) => {
  const documents = await original<typeof import("@/lib/routing/documents")>();
  return { processCall: documents.processCall, processDocument };
});
// The ledger's ownership check, the grant's object key and the key derivation are
// tested in app/api/buyers.test.ts; here the call goes out as the ledger would send it.
vi.mock("@/lib/ledger/track", async () => {
  const { withIdempotencyKey, withInputRef } = await import("@/lib/routing/documents");
  return {
    trackProcess: (
      context: { call: ProcessCall },
      send: (call: ProcessCall) => Promise<unknown>,
    ) => {
      const key = context.call.headers["Idempotency-Key"];
      const call = withInputRef(context.call, "uploads/x.png");
      return send(withIdempotencyKey(call, key && `private-${key}`));
    },
  };
});
const { POST } = await import("./route");

const ID = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";
const call = (body: unknown, headers: Record<string, string> = {}, id = ID) =>
  POST(
    new Request(`http://app/api/categories/${id}/process`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ id }) },
  );
const meta = { estimated_cost: 0.001, failover_depth: 1, latency_ms: 900, trace_id: "t-9" };

beforeEach(() => {
  processDocument.mockReset();
});

describe("POST /api/categories/:id/process", () => {
  it("passes the document, the hints and the buyer's private Idempotency-Key through", async () => {
    processDocument.mockResolvedValue({
      kind: "other",
      data: { text: "hi" },
      meta,
      replayed: true,
    });
    const body = {
      document: "s3://bucket/uploads/x.png",
      mimeType: "image/png",
      languageHints: ["eng"],
    };
    const response = await call(body, { "Idempotency-Key": "k-123" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ kind: "other", data: { text: "hi" }, meta });
    expect(response.headers.get("idempotent-replayed")).toBe("true");
    expect(processDocument).toHaveBeenCalledWith(
      ID,
      {
        headers: { "Idempotency-Key": "private-k-123" },
        body: {
          input: { document: body.document, mime_type: "image/png", language_hints: ["eng"] },
          input_ref: "uploads/x.png",
        },
      },
      expect.anything(),
    );
  });

  it("gives the buyer plain words for a provider's raw error", async () => {
    const attempts = [
      {
        provider: "tesseract-native",
        outcome: "error",
        latency_ms: 3,
        error: "spawn tesseract ENOENT",
      },
      {
        provider: "slow",
        outcome: "timeout",
        latency_ms: 9,
        error: "AbortError: at Timeout._onTimeout",
      },
      { provider: "tesseractjs-fast", outcome: "success", latency_ms: 900 },
    ];
    processDocument.mockResolvedValue({
      data: { text: "hi" },
      meta: { ...meta, attempts },
      replayed: false,
    });
    const response = await call({ document: "s3://b/k", mimeType: "image/png" });
    const text = await response.text();
    expect(text).not.toMatch(/ENOENT|spawn|AbortError|_onTimeout/);
    expect(JSON.parse(text).meta.attempts).toEqual([
      { ...attempts[0], error: "This engine couldn't read the document." },
      { ...attempts[1], error: "This engine didn't answer in time." },
      attempts[2],
    ]);
  });

  it("refuses a body that is not JSON or has no s3 document, without calling the service", async () => {
    expect((await call("{oops")).status).toBe(400);
    const response = await call({ document: "https://x", mimeType: "" });
    expect(response.status).toBe(400);
    const fields = (await response.json()).fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(["document", "mimeType"]);
    expect(processDocument).not.toHaveBeenCalled();
  });

  it("refuses an Idempotency-Key that is too long", async () => {
    const response = await call(
      { document: "s3://b/k", mimeType: "image/png" },
      { "Idempotency-Key": "x".repeat(300) },
    );
    expect(response.status).toBe(400);
    expect((await response.json()).fields[0].field).toBe("Idempotency-Key");
  });

  it("answers a malformed category id as not found", async () => {
    const response = await call({ document: "s3://b/k", mimeType: "image/png" }, {}, "nope");
    expect(response.status).toBe(404);
  });

  it("answers all providers failing with its trace id", async () => {
    processDocument.mockRejectedValue(new AppError("providers_failed", { traceId: "t-7" }));
    const response = await call({ document: "s3://b/k", mimeType: "image/png" });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: "providers_failed", traceId: "t-7" });
  });
});
