// A process call as the Routing Service receives it (processCall, then
// processDocument), against a tiny real HTTP server: how the document is named,
// when it is asked for as a job, and which Idempotency-Key goes upstream.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { GrantedUpload, ProcessBody } from "./types";

const seen: { headers: IncomingMessage["headers"]; body: unknown }[] = [];
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    seen.push({ headers: req.headers, body: JSON.parse(body) });
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        data: { text: "hello" },
        meta: { estimated_cost: 0.001, failover_depth: 0, latency_ms: 5, trace_id: "t1" },
      }),
    );
  });
});
let baseUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});
afterEach(() => {
  vi.unstubAllEnvs();
});

const CATEGORY = "00000000-0000-4000-8000-000000000001";
const ALICE = "11111111-1111-4111-8111-111111111111";
const BOB = "22222222-2222-4222-8222-222222222222";
const MiB = 1024 * 1024;

async function client() {
  vi.resetModules();
  vi.stubEnv("ROUTING_API_URL", baseUrl);
  vi.stubEnv("ROUTING_API_KEY", "process-call-test-key");
  vi.stubEnv("SESSION_SECRET", "s".repeat(40));
  return import("./index");
}

/** What the service receives for one call: its body and the two headers the app sets. */
async function send(
  body: ProcessBody,
  options: { key?: string; upload?: Partial<GrantedUpload>; sessionId?: string } = {},
) {
  const { processCall, processDocument } = await client();
  const upload = { objectKey: "uploads/c/x.pdf", fileSize: 1000, ...options.upload };
  await processDocument(
    CATEGORY,
    processCall(body, options.key, upload),
    options.sessionId ?? ALICE,
  );
  const request = seen.at(-1);
  return {
    body: request?.body,
    prefer: request?.headers.prefer,
    key: request?.headers["idempotency-key"],
  };
}

const pdf = (pages?: number): ProcessBody => ({
  document: "s3://docroute/uploads/c/x.pdf",
  mimeType: "application/pdf",
  ...(pages ? { pages } : {}),
});

describe("the document named in a process call", () => {
  it("is the s3 URI, with the grant's object key as input_ref and the language hints", async () => {
    const sent = await send({ ...pdf(2), languageHints: ["eng", "deu"] });
    expect(sent.body).toEqual({
      input: {
        document: "s3://docroute/uploads/c/x.pdf",
        mime_type: "application/pdf",
        language_hints: ["eng", "deu"],
      },
      input_ref: "uploads/c/x.pdf",
    });
  });

  it("has no input_ref when the grant kept no object key, and no pages count", async () => {
    const sent = await send(pdf(2), { upload: { objectKey: null } });
    expect(sent.body).toEqual({
      input: { document: "s3://docroute/uploads/c/x.pdf", mime_type: "application/pdf" },
    });
  });
});

describe("a long document", () => {
  it("is asked for as a job past 3 pages the browser counted", async () => {
    expect((await send(pdf(3))).prefer).toBeUndefined();
    const long = await send(pdf(4));
    expect(long.prefer).toBe("respond-async");
    // Only a header: the body, which the service's idempotency compares, is the same.
    expect(long.body).toEqual((await send(pdf(3))).body);
  });

  it("is asked for as a job past 5 MiB by the size its grant recorded, whatever its pages", async () => {
    expect((await send(pdf(), { upload: { fileSize: 5 * MiB } })).prefer).toBeUndefined();
    expect((await send(pdf(), { upload: { fileSize: 5 * MiB + 1 } })).prefer).toBe("respond-async");
    expect((await send(pdf(1), { upload: { fileSize: 6 * MiB } })).prefer).toBe("respond-async");
    expect((await send(pdf(), { upload: { fileSize: null } })).prefer).toBeUndefined();
  });
});

describe("the Idempotency-Key sent", () => {
  it("is private to the buyer: never the browser's, the same on a retry, another for another buyer", async () => {
    const first = (await send(pdf(1), { key: "k-1" })).key;
    expect(first).toMatch(/^b1-[\w-]{43}$/);
    expect(first).not.toContain("k-1");
    expect((await send(pdf(1), { key: "k-1" })).key).toBe(first);
    expect((await send(pdf(1), { key: "k-1", sessionId: BOB })).key).not.toBe(first);
    expect((await send(pdf(1), { key: "k-2" })).key).not.toBe(first);
  });

  it("stays what it was for runs already in the ledger, which a resume sends again", async () => {
    // A newer app resumes runs an older one started: the derivation must not change.
    expect((await send(pdf(1), { key: "k-1" })).key).toBe(
      "b1-LPnAWBmzLZzJ3F2uoO03xNq0cjjOC66QsGGRUjrXplM",
    );
  });

  it("is absent when the browser sent none", async () => {
    expect((await send(pdf(1))).key).toBeUndefined();
  });
});
