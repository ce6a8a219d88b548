import { describe, expect, it } from "vitest";
import { parseDetail } from "./detail";

describe("parseDetail", () => {
  it("reads a FastAPI list field by field, in plain words", () => {
    const parsed = parseDetail([
      {
        type: "less_than_equal",
        loc: ["query", "size"],
        msg: "Input should be less than or equal to 100",
        input: "500",
        ctx: { le: 100 },
      },
      {
        type: "int_parsing",
        loc: ["query", "page"],
        msg: "Input should be a valid integer",
        input: "x",
        ctx: {},
      },
    ]);
    expect(parsed.fields).toEqual([
      { field: "Page size", message: "Page size must be at most 100." },
      { field: "Page", message: "Page must be a whole number." },
    ]);
    expect(parsed.summary).toBe("2 details were not accepted.");
  });

  it("uses the one sentence as the summary when one field is wrong", () => {
    const parsed = parseDetail([
      { type: "missing", loc: ["body", "content_type"], msg: "Field required", ctx: {} },
    ]);
    expect(parsed.summary).toBe("File type is required.");
  });

  it("lists the accepted values of a literal error, from a string or a list", () => {
    const fromString = parseDetail([
      {
        type: "literal_error",
        loc: ["body", "content_type"],
        msg: "Input should be 'image/png' or 'image/jpeg'",
        ctx: { expected: "'image/png' or 'image/jpeg'" },
      },
    ]);
    expect(fromString.summary).toBe("File type must be one of: image/png, image/jpeg.");
    const fromList = parseDetail([
      { type: "literal_error", loc: ["body", "x"], msg: "", ctx: { expected: ["a", "b"] } },
    ]);
    expect(fromList.summary).toBe("X must be one of: a, b.");
  });

  it("keeps the service's own words for a value error, without Pydantic's prefix", () => {
    const parsed = parseDetail([
      {
        type: "value_error",
        loc: ["body", "input", "document"],
        msg: "Value error, this document was never uploaded; upload it first",
      },
    ]);
    expect(parsed.summary).toBe("Document: this document was never uploaded; upload it first.");
  });

  it("tolerates items without ctx or input, unknown types and list indexes", () => {
    const parsed = parseDetail([
      { type: "string_too_long", loc: ["body", "input", "language_hints", 2], msg: "Too long" },
      { type: "whatever", loc: [] },
    ]);
    expect(parsed.fields).toEqual([
      { field: "Languages (item 3)", message: "Languages (item 3): Too long." },
      { field: "Request", message: "Request is not valid." },
    ]);
  });

  it("takes a plain string detail as the summary", () => {
    expect(parseDetail("Category not found")).toEqual({
      summary: "Category not found.",
      fields: [],
    });
  });

  it("never shows [object Object] for an odd shape", () => {
    for (const odd of [{ message: "x" }, 42, null, undefined, [{ loc: "body" }], ""]) {
      const parsed = parseDetail(odd);
      expect(parsed.summary).not.toContain("[object");
      expect(parsed.summary.length).toBeGreaterThan(0);
      for (const f of parsed.fields) expect(f.message).not.toContain("[object");
    }
  });

  it("clips very long strings", () => {
    expect(parseDetail("x".repeat(1000)).summary.length).toBeLessThanOrEqual(301);
  });
});
