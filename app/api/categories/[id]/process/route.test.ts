import { beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";

// The service's answers; what the route sends is read off the calls.
const routingFetch = vi.fn();
vi.mock("@/lib/routing/fetch", () => ({ routingFetch }));
// Whose upload it is, and the ledger's records, are tested in lib/ledger and
// app/api/buyers.test.ts; here the upload is this buyer's and the call goes out.
const openOwnUpload = vi.fn();
vi.mock("@/lib/ledger/access", () => ({ openOwnUpload }));
vi.mock("@/lib/ledger/track", () => ({
  trackProcess: (_context: unknown, send: () => Promise<unknown>) => send(),
}));
process.env.SESSION_SECRET = "s".repeat(40);
const { POST } = await import("./route");
const { upstreamIdempotencyKey } = await import("@/lib/auth/idempotency");

const SESSION = "11111111-1111-4111-8111-111111111111";
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

const answer = (body: unknown, headers: Record<string, string> = {}) =>
  routingFetch.mockResolvedValue({ data: body, headers: new Headers(headers), status: 200 });
/** What went to the service: the one process call's body and headers. */
const sent = () => {
  expect(routingFetch).toHaveBeenCalledOnce();
  const [request] = routingFetch.mock.calls[0] as [{ body: unknown; headers: unknown }];
  return { body: request.body, headers: request.headers };
};

beforeEach(() => {
  routingFetch.mockReset();
  openOwnUpload.mockReset();
  openOwnUpload.mockResolvedValue({ sessionId: SESSION, objectKey: "uploads/x.png", fileSize: 10 });
});

describe("POST /api/categories/:id/process", () => {
  it("passes the document, the hints and the buyer's private Idempotency-Key through", async () => {
    answer({ data: { text: "hi" }, meta }, { "idempotent-replayed": "true" });
    const body = {
      document: "s3://bucket/uploads/x.png",
      mimeType: "image/png",
      languageHints: ["eng"],
    };
    const response = await call(body, { "Idempotency-Key": "k-123" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ kind: "other", data: { text: "hi" }, meta });
    expect(response.headers.get("idempotent-replayed")).toBe("true");
    expect(openOwnUpload).toHaveBeenCalledWith(body.document);
    expect(sent()).toEqual({
      headers: { "Idempotency-Key": upstreamIdempotencyKey(SESSION, "k-123") },
      body: {
        input: { document: body.document, mime_type: "image/png", language_hints: ["eng"] },
        input_ref: "uploads/x.png",
      },
    });
  });

  it("asks for a job for a document its grant says is long", async () => {
    openOwnUpload.mockResolvedValue({
      sessionId: SESSION,
      objectKey: "uploads/x.pdf",
      fileSize: 6e6,
    });
    answer({ data: { text: "hi" }, meta });
    await call({ document: "s3://bucket/uploads/x.pdf", mimeType: "application/pdf" });
    expect(sent().headers).toEqual({ Prefer: "respond-async" });
  });

  it("refuses an upload not granted to this buyer, sending nothing to the service", async () => {
    openOwnUpload.mockRejectedValue(new AppError("forbidden", { message: "Not yours." }));
    const response = await call({ document: "s3://b/k", mimeType: "image/png" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: "forbidden", message: "Not yours." });
    expect(routingFetch).not.toHaveBeenCalled();
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
    answer({ data: { text: "hi" }, meta: { ...meta, attempts } });
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
    expect(routingFetch).not.toHaveBeenCalled();
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
    routingFetch.mockRejectedValue(new AppError("providers_failed", { traceId: "t-7" }));
    const response = await call({ document: "s3://b/k", mimeType: "image/png" });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: "providers_failed", traceId: "t-7" });
  });
});
