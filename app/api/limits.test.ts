// The app's limits as a client meets them, at the real route handlers:
// a forged X-Forwarded-For buys no fresh allowance, nor does a new address
// for the same buyer, and one busy buyer is held to their share of the
// service before anyone else is.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { signToken } from "@/lib/auth/signing";
import { PEER_HEADER } from "@/lib/http/client-address";
import { jar } from "@/lib/testing/cookie-jar";

vi.mock("next/headers", async () => (await import("@/lib/testing/cookie-jar")).nextHeaders);

const listCategories = vi.fn(async () => ({ items: [], page: 1, pages: 0, size: 20, total: 0 }));
const requestUpload = vi.fn(async () => ({
  uploadUrl: "http://service/upload/x",
  s3Uri: "s3://docroute/uploads/x.png",
  objectKey: "uploads/x.png",
  expiresIn: 900,
}));
vi.mock("@/lib/routing", () => ({
  listCategories,
  requestUpload,
  getCategory: vi.fn(),
  processDocument: vi.fn(),
}));

const SECRET = "limits-test-secret-0123456789abcdef";
Object.assign(process.env, {
  APP_RATE_LIMIT_PER_MINUTE: "5",
  BUYER_SERVICE_CALLS_PER_MINUTE: "3",
  SESSION_SECRET: SECRET,
  TRUSTED_PROXIES: "",
  LEDGER_SQLITE_PATH: path.join(mkdtempSync(path.join(tmpdir(), "docroute-limits-")), "l.sqlite"),
});
const { GET: list } = await import("./categories/route");
const { POST: grant } = await import("./categories/[id]/uploads/route");
const ID = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";

/** A browser: its own cookie jar, with a buyer session when `session` is true. */
function buyer(session: boolean) {
  const cookies = new Map<string, string>();
  if (session) cookies.set("docroute_buyer", signToken(SECRET, "buyer", randomUUID()));
  return cookies;
}

const listFrom = (cookies: Map<string, string>, peer: string, forwarded?: string) => {
  jar.current = cookies;
  return list(
    new Request("http://app/api/categories", {
      headers: { [PEER_HEADER]: peer, ...(forwarded ? { "X-Forwarded-For": forwarded } : {}) },
    }),
  );
};

const grantFrom = (cookies: Map<string, string>, peer: string) => {
  jar.current = cookies;
  return grant(
    new Request(`http://app/api/categories/${ID}/uploads`, {
      method: "POST",
      headers: { [PEER_HEADER]: peer, "Content-Type": "application/json" },
      body: JSON.stringify({ contentType: "image/png" }),
    }),
    { params: Promise.resolve({ id: ID }) },
  );
};

const statuses = async (calls: (() => Promise<Response>)[]) => {
  const out: number[] = [];
  for (const call of calls) out.push((await call()).status);
  return out;
};

describe("the app's request limit", () => {
  it("ignores a rotating X-Forwarded-For from a client that is not a trusted proxy", async () => {
    const calls = Array.from(
      { length: 7 },
      (_, i) => () => listFrom(buyer(false), "203.0.113.10", `10.0.0.${i}`),
    );
    expect(await statuses(calls)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another address is not held back.
    expect((await listFrom(buyer(false), "203.0.113.11")).status).toBe(200);
  });

  it("counts one buyer session across addresses", async () => {
    const cookies = buyer(true);
    const calls = Array.from(
      { length: 6 },
      (_, i) => () => listFrom(cookies, `198.51.100.${i + 1}`),
    );
    const answers = await statuses(calls);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("a buyer's share of the service", () => {
  it("holds one busy buyer to their share while another buyer goes on", async () => {
    const busy = buyer(true);
    const results = await statuses(
      Array.from({ length: 4 }, (_, i) => () => grantFrom(busy, `192.0.2.${i + 1}`)),
    );
    // Three calls reach the service, the fourth never does.
    expect(results).toEqual([200, 200, 200, 429]);
    expect(requestUpload).toHaveBeenCalledTimes(3);
    const refused = await grantFrom(busy, "192.0.2.9");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await refused.json()).message).toMatch(/faster than this site allows for one person/);

    const other = await grantFrom(buyer(true), "192.0.2.50");
    expect(other.status).toBe(200);
    expect(requestUpload).toHaveBeenCalledTimes(4);
  });
});
