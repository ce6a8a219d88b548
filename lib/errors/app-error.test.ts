import { describe, expect, it } from "vitest";
import { AppError, toAppError } from "./app-error";
import { ERROR_CODES, ERROR_STATUS } from "./codes";
import { ERROR_TEXT } from "./messages";
import { errorResponse } from "./response";

describe("AppError", () => {
  it("has a title and a message for every code", () => {
    for (const code of ERROR_CODES) {
      const error = new AppError(code);
      expect(error.title.length).toBeGreaterThan(0);
      expect(error.message.length).toBeGreaterThan(10);
      expect(error.message).toContain(ERROR_TEXT[code].message.split(".")[0]);
      expect(error.status).toBe(ERROR_STATUS[code]);
    }
  });

  it("says how long to wait when it is known", () => {
    expect(new AppError("rate_limited", { retryAfterSeconds: 30 }).message).toBe(
      "You've sent many requests in a short time. Please wait 30 seconds and try again.",
    );
    expect(new AppError("service_busy", { retryAfterSeconds: 120 }).message).toContain(
      "wait 2 minutes",
    );
    expect(new AppError("service_busy").message).toContain("try again in a moment");
  });

  it("survives the trip through a route handler's body", async () => {
    const sent = new AppError("providers_failed", { traceId: "abc123" });
    const response = errorResponse(sent);
    expect(response.status).toBe(502);
    const received = AppError.fromResponse(response.status, await response.json());
    expect(received).toBeInstanceOf(AppError);
    expect(received.code).toBe("providers_failed");
    expect(received.traceId).toBe("abc123");
    expect(received.message).toBe(sent.message);
  });

  it("keeps fields and the wait, and sends Retry-After", async () => {
    const response = errorResponse(
      new AppError("rate_limited", {
        retryAfterSeconds: 4.2,
        fields: [{ field: "Page", message: "Page must be a whole number." }],
      }),
    );
    expect(response.headers.get("retry-after")).toBe("5");
    const received = AppError.fromResponse(429, await response.json());
    expect(received.retryAfterSeconds).toBe(4.2);
    expect(received.fields).toHaveLength(1);
  });

  it("falls back on the status when the body is not the app's own", () => {
    expect(AppError.fromResponse(404, "<html>").code).toBe("not_found");
    expect(AppError.fromResponse(504, null).code).toBe("timeout");
    expect(AppError.fromResponse(500, { code: "made_up", message: "x" }).code).toBe(
      "upstream_error",
    );
  });

  it("hides an unexpected error's message behind `internal`", async () => {
    const secret = new Error("ROUTING_API_KEY=abc leaked");
    expect(toAppError(secret).code).toBe("internal");
    const original = console.error;
    console.error = () => {};
    try {
      const body = JSON.stringify(await errorResponse(secret).json());
      expect(body).not.toContain("ROUTING_API_KEY");
    } finally {
      console.error = original;
    }
  });

  it("logs a surprise, but not a browser that went away mid-request", () => {
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      const gone = new Error("aborted");
      gone.name = "ResponseAborted";
      errorResponse(gone);
      errorResponse(new DOMException("This operation was aborted", "AbortError"));
      expect(logged).toHaveLength(0);
      errorResponse(new Error("boom"));
      expect(logged).toHaveLength(1);
    } finally {
      console.error = original;
    }
  });
});
