import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "@/lib/errors";
import { failureOf, isRefusal, isSettledFailure } from "./failure";
import { PutError } from "./put-file";

afterEach(() => vi.unstubAllGlobals());

describe("failureOf", () => {
  it("keeps an AppError's code, words and trace id", () => {
    const error = new AppError("providers_failed", { traceId: "abc" });
    expect(failureOf(error)).toEqual({
      code: "providers_failed",
      title: error.title,
      message: error.message,
      traceId: "abc",
    });
  });

  it.each([
    ["expired", "upload_expired"],
    ["signature", "upload_rejected"],
    ["denied", "upload_rejected"],
    ["too_large", "file_too_large"],
    ["unavailable", "upload_failed"],
    ["rejected", "upload_failed"],
  ] as const)("turns a PUT that failed as %s into %s", (kind, code) => {
    expect(failureOf(new PutError(kind, 403, null)).code).toBe(code);
  });

  it("calls status 0 'no connection' when the browser is offline, 'blocked' when it is not", () => {
    vi.stubGlobal("navigator", { onLine: false });
    expect(failureOf(new PutError("network", 0, null)).code).toBe("network_error");
    vi.stubGlobal("navigator", { onLine: true });
    expect(failureOf(new PutError("network", 0, null)).code).toBe("upload_blocked");
  });

  it("never shows a raw error's message", () => {
    const failure = failureOf(new TypeError("Cannot read properties of undefined (reading 'x')"));
    expect(failure.code).toBe("internal");
    expect(failure.message).not.toContain("undefined");
  });

  it("knows which failures refuse the file itself", () => {
    expect(isRefusal({ code: "file_type" })).toBe(true);
    expect(isRefusal({ code: "upload_failed" })).toBe(false);
  });

  it("knows which answers the service stores and replays for a key", () => {
    expect(isSettledFailure({ code: "providers_failed", traceId: "t" })).toBe(true);
    expect(isSettledFailure({ code: "timeout", traceId: "t" })).toBe(true);
    expect(isSettledFailure({ code: "timeout" })).toBe(false);
    expect(isSettledFailure({ code: "network_error" })).toBe(false);
    expect(isSettledFailure({ code: "still_running", traceId: "t" })).toBe(false);
  });
});
