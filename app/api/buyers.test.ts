// Two buyers (two cookie jars) against the app's real route handlers, a real
// ledger and a real Routing Service (service/test/helpers): one buyer's
// upload, Idempotency-Key and trace id never reach the other.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Grant } from "@/lib/api/documents";
import { jar } from "@/lib/testing/cookie-jar";
import { startService, type TestService } from "@/service/test/helpers";
import {
  fixture,
  OCR,
  type TestProvider,
  testProvider,
  testRouter,
} from "@/service/test/process-helpers";

vi.mock("next/headers", async () => (await import("@/lib/testing/cookie-jar")).nextHeaders);

type Handler = (
  request: Request,
  context: { params: Promise<{ id: string }> },
) => Promise<Response>;
let svc: TestService;
let provider: TestProvider;
let grantRoute: Handler;
let processRoute: Handler;
const alice = new Map<string, string>();
const bob = new Map<string, string>();

beforeAll(async () => {
  provider = testProvider("echo");
  svc = await startService({ router: testRouter([provider]) });
  const dir = await mkdtemp(path.join(tmpdir(), "docroute-app-buyers-"));
  Object.assign(process.env, {
    ROUTING_API_URL: svc.url,
    ROUTING_API_KEY: svc.key,
    APP_RATE_LIMIT_PER_MINUTE: "0",
    SESSION_SECRET: "s".repeat(40),
    LEDGER_SQLITE_PATH: path.join(dir, "ledger.sqlite"),
  });
  grantRoute = (await import("./categories/[id]/uploads/route")).POST;
  processRoute = (await import("./categories/[id]/process/route")).POST;
});
afterAll(async () => {
  await svc?.close();
});

const post = (
  buyer: Map<string, string>,
  handler: Handler,
  route: string,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  jar.current = buyer;
  return handler(
    new Request(`http://app/api/categories/${OCR}/${route}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id: OCR }) },
  );
};

/** A buyer's upload: a grant through the app, then the PUT to storage. */
async function upload(buyer: Map<string, string>): Promise<Grant> {
  const response = await post(buyer, grantRoute, "uploads", { contentType: "image/png" });
  expect(response.status).toBe(200);
  const grant = (await response.json()) as Grant;
  const put = await fetch(grant.uploadUrl, {
    method: "PUT",
    headers: { "Content-Type": "image/png" },
    body: await fixture("letter.png"),
  });
  expect(put.status).toBe(200);
  return grant;
}

const processBody = (grant: Grant) => ({ document: grant.s3Uri, mimeType: "image/png" });
const processAs = (buyer: Map<string, string>, grant: Grant, key: string) =>
  post(buyer, processRoute, "process", processBody(grant), { "Idempotency-Key": key });

describe("two buyers", () => {
  let aliceGrant: Grant;
  let aliceTrace: string;

  it("lets a buyer process their own upload", async () => {
    aliceGrant = await upload(alice);
    const response = await processAs(alice, aliceGrant, "key-shared");
    expect(response.status).toBe(200);
    aliceTrace = ((await response.json()) as { meta: { trace_id: string } }).meta.trace_id;
    expect(provider.calls).toHaveLength(1);
  });

  it("refuses another buyer's upload with plain words, sending nothing to the service", async () => {
    for (const body of [
      processBody(aliceGrant),
      // Naming the object key as well proves nothing either.
      { ...processBody(aliceGrant), objectKey: aliceGrant.objectKey },
      { ...processBody(aliceGrant), document: "s3://docroute/elsewhere.png" },
    ]) {
      const response = await post(bob, processRoute, "process", body, {
        "Idempotency-Key": `bob-${Math.random()}`,
      });
      expect(response.status).toBe(403);
      const answer = (await response.json()) as { code: string; message: string };
      expect(answer.code).toBe("forbidden");
      expect(answer.message).toMatch(/wasn't uploaded from this browser/);
      expect(JSON.stringify(answer)).not.toContain(aliceTrace);
    }
    // A buyer with no cookie at all is refused the same way.
    expect((await processAs(new Map(), aliceGrant, "k")).status).toBe(403);
    expect(provider.calls).toHaveLength(1);
  });

  it("never replays one buyer's answer to another who sends the same Idempotency-Key", async () => {
    const bobGrant = await upload(bob);
    const response = await processAs(bob, bobGrant, "key-shared");
    expect(response.status).toBe(200);
    expect(response.headers.get("idempotent-replayed")).toBeNull();
    const bobTrace = ((await response.json()) as { meta: { trace_id: string } }).meta.trace_id;
    expect(bobTrace).not.toBe(aliceTrace);
    expect(provider.calls).toHaveLength(2);
  });

  it("still replays a buyer's own retry, with their own trace id", async () => {
    const response = await processAs(alice, aliceGrant, "key-shared");
    expect(response.status).toBe(200);
    expect(response.headers.get("idempotent-replayed")).toBe("true");
    expect(((await response.json()) as { meta: { trace_id: string } }).meta.trace_id).toBe(
      aliceTrace,
    );
    expect(provider.calls).toHaveLength(2);
  });
});
