import { describe, expect, it } from "vitest";
import { jsonResponse, SMALL_BODY_BYTES } from "./json";

describe("jsonResponse", () => {
  it("answers JSON with the status and headers given", async () => {
    const response = jsonResponse({ a: 1 }, { status: 201, headers: { "X-Extra": "yes" } });
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-extra")).toBe("yes");
    expect(await response.json()).toEqual({ a: 1 });
  });

  it("keeps a small body from being compressed, and keeps no-store", () => {
    const response = jsonResponse({ ok: true }, { headers: { "Cache-Control": "no-store" } });
    expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
    expect(jsonResponse({ ok: true }).headers.get("cache-control")).toBe("no-transform");
  });

  it("leaves a body of 1 KB or more to the compression", () => {
    const big = { text: "x".repeat(SMALL_BODY_BYTES) };
    const response = jsonResponse(big, { headers: { "Cache-Control": "no-store" } });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
