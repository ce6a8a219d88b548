// The original document of a run, through the app's real route handlers, a real
// ledger and a real Routing Service (service/test/helpers): its buyer and signed-in
// staff get a short-lived link to the bytes they sent; another buyer gets what an
// unknown id gets, by any id; every staff view lands in the run's timeline.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Grant } from "@/lib/api/documents";
import { type OriginalLink, originalLinkSchema } from "@/lib/api/runs";
import { hashPasswordSync } from "@/lib/auth/password";
import { jar } from "@/lib/testing/cookie-jar";
import { startService, type TestService } from "@/service/test/helpers";
import { fixture, OCR, testProvider, testRouter } from "@/service/test/process-helpers";

vi.mock("next/headers", async () => (await import("@/lib/testing/cookie-jar")).nextHeaders);

type Handler = (
  request: Request,
  context: { params: Promise<{ id: string }> },
) => Promise<Response>;
let svc: TestService;
let grantRoute: Handler;
let processRoute: Handler;
let buyerOriginal: Handler;
let staffOriginal: Handler;
const alice = new Map<string, string>();
const bob = new Map<string, string>();
const staff = new Map<string, string>();

beforeAll(async () => {
  svc = await startService({ router: testRouter([testProvider("echo")]) });
  const dir = await mkdtemp(path.join(tmpdir(), "docroute-app-originals-"));
  Object.assign(process.env, {
    ROUTING_API_URL: svc.url,
    ROUTING_API_KEY: svc.key,
    APP_RATE_LIMIT_PER_MINUTE: "0",
    SESSION_SECRET: "o".repeat(40),
    SUPPORT_ACCOUNTS: `sam:${hashPasswordSync("pw")}`,
    LEDGER_SQLITE_PATH: path.join(dir, "ledger.sqlite"),
  });
  grantRoute = (await import("./categories/[id]/uploads/route")).POST;
  processRoute = (await import("./categories/[id]/process/route")).POST;
  buyerOriginal = (await import("./runs/[id]/original/route")).POST;
  staffOriginal = (await import("./support/runs/[id]/original/route")).POST;
  jar.current = staff;
  await (await import("@/lib/auth/staff-session")).startStaffSession("sam");
});
afterAll(async () => {
  await svc?.close();
});

const call = (who: Map<string, string>, handler: Handler, url: string, id: string, body = {}) => {
  jar.current = who;
  return handler(
    new Request(`http://app${url}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({ id }) },
  );
};

/** A buyer's processed upload: its grant and the trace id of its run. */
async function processed(buyer: Map<string, string>): Promise<{ grant: Grant; traceId: string }> {
  const granted = await call(buyer, grantRoute, `/api/categories/${OCR}/uploads`, OCR, {
    contentType: "image/png",
  });
  const grant = (await granted.json()) as Grant;
  const bytes = await fixture("letter.png");
  await fetch(grant.uploadUrl, {
    method: "PUT",
    headers: { "Content-Type": "image/png" },
    body: new Uint8Array(bytes),
  });
  jar.current = buyer;
  const response = await processRoute(
    new Request(`http://app/api/categories/${OCR}/process`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": `k-${Math.random()}` },
      body: JSON.stringify({ document: grant.s3Uri, mimeType: "image/png" }),
    }),
    { params: Promise.resolve({ id: OCR }) },
  );
  expect(response.status).toBe(200);
  const traceId = ((await response.json()) as { meta: { trace_id: string } }).meta.trace_id;
  return { grant, traceId };
}

const askAsBuyer = (buyer: Map<string, string>, id: string) =>
  call(buyer, buyerOriginal, `/api/runs/${encodeURIComponent(id)}/original`, id);
const askAsStaff = (who: Map<string, string>, id: string) =>
  call(who, staffOriginal, `/api/support/runs/${encodeURIComponent(id)}/original`, id);

async function runOf(id: string) {
  const { getLedger } = await import("@/lib/ledger");
  return (await getLedger()).findRun(id);
}

describe("the original document", () => {
  let aliceRun: { grant: Grant; traceId: string };

  it("gives its buyer a link that reads back the bytes they sent", async () => {
    aliceRun = await processed(alice);
    const response = await askAsBuyer(alice, aliceRun.traceId);
    expect(response.status).toBe(200);
    const link: OriginalLink = originalLinkSchema.parse(await response.json());
    expect(link.mediaType).toBe("image/png");
    expect(link.expiresAt).toBeGreaterThan(Date.now());
    const bytes = await fetch(link.url);
    expect(bytes.status).toBe(200);
    expect(Buffer.from(await bytes.arrayBuffer()).equals(await fixture("letter.png"))).toBe(true);
    // A buyer's own look is not a support view.
    expect((await runOf(aliceRun.traceId))?.events).toEqual([]);
  });

  it("gives another buyer nothing, by any id, as if the run did not exist", async () => {
    await processed(bob);
    const run = await runOf(aliceRun.traceId);
    const ids = [aliceRun.traceId, run?.localId ?? "", aliceRun.grant.objectKey, "unknown"];
    const unknown = await (await askAsBuyer(bob, "unknown")).json();
    for (const id of ids) {
      const response = await askAsBuyer(bob, id);
      expect(response.status, id).toBe(404);
      const body = await response.json();
      expect(body).toEqual(unknown);
      expect(JSON.stringify(body)).not.toMatch(/https?:/);
    }
    // No cookie at all, and the support route without a staff sign-in.
    expect((await askAsBuyer(new Map(), aliceRun.traceId)).status).toBe(404);
    expect((await askAsStaff(bob, aliceRun.traceId)).status).toBe(401);
    expect((await runOf(aliceRun.traceId))?.events).toEqual([]);
  });

  it("gives signed-in staff a link and records every view in the run's timeline", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await askAsStaff(staff, aliceRun.traceId);
      expect(response.status).toBe(200);
      const link = originalLinkSchema.parse(await response.json());
      expect((await fetch(link.url)).status).toBe(200);
    }
    const events = (await runOf(aliceRun.traceId))?.events ?? [];
    expect(events.map((e) => [e.kind, e.actor])).toEqual([
      ["original_viewed", "sam"],
      ["original_viewed", "sam"],
    ]);
    expect(events[0]?.at).toBeLessThanOrEqual(events[1]?.at ?? 0);
  });

  it("says so in plain words once the service no longer has it", async () => {
    const { grant, traceId } = await processed(alice);
    await svc.store.remove([grant.objectKey]);
    const response = await askAsBuyer(alice, traceId);
    expect(response.status).toBe(404);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(/can't give the original back/);
    // A refused view is no view.
    expect((await askAsStaff(staff, traceId)).status).toBe(404);
    expect((await runOf(traceId))?.events).toEqual([]);
  });

  it("hands out links that stop working when they expire", async () => {
    const { requestDocumentLink } = await import("@/lib/routing");
    const link = await requestDocumentLink(aliceRun.grant.objectKey, 1);
    if (link.state !== "ready") throw new Error(`no link: ${link.state}`);
    expect((await fetch(link.url)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const late = await fetch(link.url);
    expect(late.status).toBe(403);
    expect(await late.text()).toMatch(/Request has expired/);
  });
});
