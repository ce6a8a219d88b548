// Every POST route handler reads at most MAX_BODY_BYTES of a body: an 8 MiB
// body is refused with 413 and the app's error shape, without being read
// whole, and nothing reaches the service.
import { describe, expect, it, vi } from "vitest";
import { MAX_BODY_BYTES } from "@/lib/errors/invalid-request";

vi.mock("next/headers", () => ({
  cookies: async () => ({ get: () => undefined, set: () => {}, delete: () => {} }),
  headers: async () => new Headers(),
}));
const upstream = vi.fn();
vi.mock("@/lib/routing", () => ({
  requestUpload: upstream,
  processDocument: upstream,
  getCategory: upstream,
}));
process.env.APP_RATE_LIMIT_PER_MINUTE = "0";

const MiB = 1024 * 1024;
const ID = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";

/** 8 MiB of JSON in 64 KiB pieces, counting how much of it the handler pulled. */
function bigBody() {
  const piece = new TextEncoder().encode("a".repeat(64 * 1024));
  const stream = {
    pulled: 0,
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"contentType":"'));
      },
      pull(controller) {
        if (stream.pulled >= 8 * MiB) return controller.close();
        stream.pulled += piece.byteLength;
        controller.enqueue(piece);
      },
    }),
  };
  return stream;
}

type Handler = (
  request: Request,
  context: { params: Promise<{ id: string }> },
) => Promise<Response>;
const routes: [string, () => Promise<Handler>, string][] = [
  ["uploads", async () => (await import("./categories/[id]/uploads/route")).POST, ID],
  ["process", async () => (await import("./categories/[id]/process/route")).POST, ID],
  ["uploaded", async () => (await import("./runs/[id]/uploaded/route")).POST, "local-x"],
];

describe.each(routes)("POST %s with an 8 MiB body", (_name, load, id) => {
  it("answers 413 without reading it whole, when the length is not declared", async () => {
    const handler = await load();
    const big = bigBody();
    const response = await handler(
      new Request(`http://app/api/x/${id}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": "k" },
        body: big.body,
        duplex: "half",
      } as RequestInit),
      { params: Promise.resolve({ id }) },
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      code: "body_too_large",
      message: expect.stringMatching(/larger than 16 KiB/),
    });
    expect(big.pulled).toBeLessThan(MAX_BODY_BYTES + 3 * 64 * 1024);
    expect(upstream).not.toHaveBeenCalled();
  });

  it("answers 413 to an 8 MiB body given whole, with its length", async () => {
    const handler = await load();
    const response = await handler(
      new Request(`http://app/api/x/${id}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(8 * MiB) },
        body: `{"contentType":"${"a".repeat(8 * MiB)}"}`,
      }),
      { params: Promise.resolve({ id }) },
    );
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe("body_too_large");
  });
});
