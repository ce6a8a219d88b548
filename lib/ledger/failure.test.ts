import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { describeFailure } from "./failure";

describe("describeFailure", () => {
  it("keeps the service's own status and body for the ledger", () => {
    const body = { detail: "All providers failed", trace_id: "t1", failover_depth: 2 };
    const error = new AppError("providers_failed", { traceId: "t1", cause: { status: 502, body } });
    expect(describeFailure(error)).toEqual({
      code: "providers_failed",
      message: error.message,
      traceId: "t1",
      httpStatus: 502,
      body,
    });
  });

  it("records failures the service never answered, without their internals", () => {
    const unreachable = describeFailure(
      new AppError("service_unreachable", { cause: new Error("ECONNREFUSED") }),
    );
    expect(unreachable.code).toBe("service_unreachable");
    expect(unreachable).not.toHaveProperty("httpStatus");
    const abort = new DOMException("gone", "AbortError");
    expect(describeFailure(abort)).toMatchObject({ code: "cancelled" });
    const failure = describeFailure(new Error("password=hunter2 at /srv/app"));
    expect(failure).toEqual({ code: "internal", message: "Something went wrong in the app." });
  });
});
