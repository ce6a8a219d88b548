import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { assertSameOrigin, isSameOrigin, requestOrigin } from "./same-origin";

const post = (headers: Record<string, string>, url = "http://127.0.0.1:3010/api/x") =>
  new Request(url, { method: "POST", headers });

describe("isSameOrigin", () => {
  it("accepts the app's own origin", () => {
    expect(isSameOrigin(post({ origin: "http://127.0.0.1:3010", host: "127.0.0.1:3010" }))).toBe(
      true,
    );
  });

  it("refuses another site, another port, another scheme and the opaque origin", () => {
    for (const origin of [
      "https://evil.example",
      "http://127.0.0.1:3011",
      "https://127.0.0.1:3010",
      "null",
      "http://127.0.0.1:3010.evil.example",
    ]) {
      expect(isSameOrigin(post({ origin, host: "127.0.0.1:3010" })), origin).toBe(false);
    }
  });

  it("judges by the forwarded host behind a proxy", () => {
    const behind = post(
      {
        origin: "https://docroute.example",
        host: "10.0.0.5:3000",
        "x-forwarded-host": "docroute.example",
        "x-forwarded-proto": "https",
      },
      "http://10.0.0.5:3000/api/x",
    );
    expect(requestOrigin(behind)).toBe("https://docroute.example");
    expect(isSameOrigin(behind)).toBe(true);
  });

  it("falls back to Sec-Fetch-Site without Origin", () => {
    expect(isSameOrigin(post({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOrigin(post({ "sec-fetch-site": "none" }))).toBe(true);
    expect(isSameOrigin(post({ "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isSameOrigin(post({ "sec-fetch-site": "same-site" }))).toBe(false);
  });

  it("lets a non-browser caller (no Origin, no Sec-Fetch-Site) through", () => {
    expect(isSameOrigin(post({}))).toBe(true);
  });
});

describe("assertSameOrigin", () => {
  it("throws the forbidden AppError (403) for a cross-site request", () => {
    const request = post({ origin: "https://evil.example" });
    expect(() => assertSameOrigin(request)).toThrow(AppError);
    try {
      assertSameOrigin(request);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      if (error instanceof AppError) {
        expect(error.status).toBe(403);
        expect(error.toBody().code).toBe("forbidden");
      }
    }
  });
});
