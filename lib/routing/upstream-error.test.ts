import { describe, expect, it } from "vitest";
import { errorFromUpstream, retryAfter } from "./upstream-error";

const none = new Headers();

describe("errorFromUpstream", () => {
  it("takes a refused key as misconfiguration, without repeating the service's words", () => {
    for (const status of [401, 403]) {
      const error = errorFromUpstream(
        status,
        none,
        { detail: "Invalid or missing API key" },
        "list",
      );
      expect(error.code).toBe("misconfigured");
      expect(error.message).toContain("contact your administrator");
      expect(error.message).not.toContain("API key");
    }
  });

  it("reads a 422 field by field", () => {
    const error = errorFromUpstream(
      422,
      none,
      {
        detail: [
          { type: "greater_than_equal", loc: ["query", "page"], msg: "x", ctx: { ge: 1 } },
          { type: "less_than_equal", loc: ["query", "size"], msg: "x", ctx: { le: 100 } },
        ],
      },
      "list",
    );
    expect(error.code).toBe("validation_failed");
    expect(error.fields.map((f) => f.message)).toEqual([
      "Page must be at least 1.",
      "Page size must be at most 100.",
    ]);
  });

  it("calls a refused content type a file-type problem and says what is accepted", () => {
    const error = errorFromUpstream(
      422,
      none,
      {
        detail: [
          {
            type: "literal_error",
            loc: ["body", "content_type"],
            msg: "Input should be 'application/pdf'",
            ctx: { expected: "'application/pdf'" },
          },
        ],
      },
      "upload",
    );
    expect(error.code).toBe("file_type");
    expect(error.message).toBe("File type must be one of: application/pdf.");
  });

  it("takes a malformed category id as not found", () => {
    const body = {
      detail: [{ type: "uuid_parsing", loc: ["path", "category_id"], msg: "bad", ctx: {} }],
    };
    expect(errorFromUpstream(422, none, body, "upload").code).toBe("not_found");
    expect(errorFromUpstream(404, none, { detail: "Category not found" }, "upload").code).toBe(
      "not_found",
    );
  });

  it("tells an inactive category from a run that is still going", () => {
    const soon = { detail: "Category 'Table extraction' is coming soon" };
    expect(errorFromUpstream(409, none, soon, "upload").code).toBe("category_inactive");
    expect(errorFromUpstream(409, none, soon, "process").code).toBe("category_inactive");
    const running = { detail: "A request with this Idempotency-Key is still in progress" };
    expect(errorFromUpstream(409, none, running, "process").code).toBe("still_running");
  });

  it("keeps the trace id when all providers failed", () => {
    const error = errorFromUpstream(
      502,
      none,
      {
        detail: "All providers failed",
        trace_id: "0af7651916cd43dd8448eb211c80319c",
        attempts: [],
      },
      "process",
    );
    expect(error.code).toBe("providers_failed");
    expect(error.traceId).toBe("0af7651916cd43dd8448eb211c80319c");
  });

  it("does not blame providers for a proxy's bare 502", () => {
    expect(errorFromUpstream(502, none, undefined, "list").code).toBe("upstream_error");
  });

  it("passes on when to retry for 429 and 503", () => {
    const headers = new Headers({ "Retry-After": "7" });
    const limited = errorFromUpstream(429, headers, { detail: "slow down" }, "process");
    expect(limited.code).toBe("rate_limited");
    expect(limited.retryAfterSeconds).toBe(7);
    expect(limited.message).toContain("wait 7 seconds");
    expect(errorFromUpstream(503, headers, undefined, "process").code).toBe("service_busy");
  });

  it("takes a deadline as a timeout, with the request id as trace", () => {
    const headers = new Headers({ "X-Request-Id": "abc" });
    const error = errorFromUpstream(504, headers, { detail: "Deadline exceeded" }, "process");
    expect(error.code).toBe("timeout");
    expect(error.traceId).toBe("abc");
  });

  it("keeps the service's answer on the error for the ledger, never in its body", () => {
    const body = { detail: "All providers failed", trace_id: "abc", attempts: [] };
    const error = errorFromUpstream(502, none, body, "process");
    expect(error.cause).toEqual({ status: 502, body });
    expect(error.toBody()).not.toHaveProperty("cause");
  });

  it("never shows the detail of a 500", () => {
    const error = errorFromUpstream(500, none, { detail: "KeyError at db.py:12" }, "list");
    expect(error.code).toBe("upstream_error");
    expect(error.message).not.toContain("KeyError");
  });
});

describe("retryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfter(new Headers({ "Retry-After": "12" }), now)).toBe(12);
    expect(retryAfter(new Headers({ "Retry-After": "Thu, 01 Jan 2026 00:00:30 GMT" }), now)).toBe(
      30,
    );
    expect(retryAfter(new Headers({ "Retry-After": "soon" }), now)).toBeUndefined();
    expect(retryAfter(new Headers(), now)).toBeUndefined();
  });
});
