// requestDocumentLink against a tiny real HTTP server: our service's extension is
// optional, so a service that does not have it (404 of FastAPI or Fastify, 405, 501)
// is an answer ("unavailable"), not a failure; 410 is the end of retention.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

let answer: (res: ServerResponse) => void = (res) => res.end();
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => answer(res));
});
let baseUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

async function client() {
  vi.resetModules();
  vi.stubEnv("ROUTING_API_URL", baseUrl);
  vi.stubEnv("ROUTING_API_KEY", "document-link-test-key");
  vi.spyOn(console, "warn").mockImplementation(() => {});
  return import("./index");
}

const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

describe("requestDocumentLink", () => {
  it("reads our service's link", async () => {
    answer = json(200, { url: "http://storage/x?sig", expires_in: 300, content_type: "image/png" });
    const { requestDocumentLink } = await client();
    expect(await requestDocumentLink("uploads/x.png")).toEqual({
      state: "ready",
      url: "http://storage/x?sig",
      expiresIn: 300,
      contentType: "image/png",
    });
  });

  it("takes a service without the extension as 'unavailable', whatever it answers", async () => {
    const { requestDocumentLink } = await client();
    for (const without of [
      json(404, { detail: "Not Found" }),
      json(404, { message: "Route POST:/v1/documents/download not found", statusCode: 404 }),
      json(405, { detail: "Method Not Allowed" }),
      json(501, { detail: "Not Implemented" }),
      (res: ServerResponse) => {
        res.writeHead(404, { "Content-Type": "text/html" });
        res.end("<h1>Not Found</h1>");
      },
    ]) {
      answer = without;
      expect(await requestDocumentLink("uploads/x.png")).toEqual({ state: "unavailable" });
    }
  });

  it("takes 410 as the end of retention, and still fails on a real failure", async () => {
    const { requestDocumentLink } = await client();
    answer = json(410, { detail: "deleted" });
    expect(await requestDocumentLink("uploads/x.png")).toEqual({ state: "gone" });
    answer = json(500, { detail: "boom" });
    await expect(requestDocumentLink("uploads/x.png")).rejects.toMatchObject({
      code: "upstream_error",
    });
    answer = json(200, { nope: true });
    await expect(requestDocumentLink("uploads/x.png")).rejects.toMatchObject({
      code: "bad_response",
    });
  });
});
