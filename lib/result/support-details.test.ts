import { describe, expect, it } from "vitest";
import { supportDetailsText } from "./support-details";

describe("supportDetailsText", () => {
  it("puts everything support needs on its own line", () => {
    expect(
      supportDetailsText({
        traceId: "0af7651916cd43dd8448eb211c80319c",
        idempotencyKey: "6f1c…",
        objectKey: "uploads/5b0c/abc.png",
        time: Date.UTC(2026, 10, 22, 9, 30),
        categoryName: "Text recognition",
        categoryId: "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d",
        errorCode: "providers_failed",
      }),
    ).toBe(
      [
        "Trace id: 0af7651916cd43dd8448eb211c80319c",
        "Idempotency key: 6f1c…",
        "Object key: uploads/5b0c/abc.png",
        "Time: 2026-11-22T09:30:00.000Z",
        "Category: Text recognition (5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d)",
        "Error code: providers_failed",
      ].join("\n"),
    );
  });

  it("leaves out what it does not have", () => {
    expect(supportDetailsText({ traceId: "t", errorCode: undefined, time: Number.NaN })).toBe(
      "Trace id: t",
    );
  });
});
