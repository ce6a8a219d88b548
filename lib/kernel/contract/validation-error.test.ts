// Zod issues → FastAPI/Pydantic v2 items: type names, messages, ctx and input as Pydantic gives them.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issueParams, toValidationItems, valueError } from "./validation-error";

function items(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error("expected a failure");
  return toValidationItems(result.error.issues, "body", input);
}

describe("toValidationItems", () => {
  it("reports a missing field with the object that lacks it", () => {
    expect(items(z.object({ a: z.string() }), { b: 1 })).toEqual([
      { type: "missing", loc: ["body", "a"], msg: "Field required", input: { b: 1 }, ctx: {} },
    ]);
  });

  it("names wrong types as Pydantic does", () => {
    const schema = z.object({
      s: z.string(),
      o: z.object({}),
      r: z.record(z.string(), z.unknown()),
      l: z.array(z.string()),
      b: z.boolean(),
    });
    const found = items(schema, { s: 1, o: "x", r: [], l: {}, b: "yes" });
    expect(found.map((i) => [i.loc.at(-1), i.type, i.msg])).toEqual([
      ["s", "string_type", "Input should be a valid string"],
      ["o", "dict_type", "Input should be a valid dictionary"],
      ["r", "dict_type", "Input should be a valid dictionary"],
      ["l", "list_type", "Input should be a valid list"],
      ["b", "bool_type", "Input should be a valid boolean"],
    ]);
  });

  it("tells a string that is no number from a fraction where an integer belongs", () => {
    // zod reports a string given to z.int() as "expected number", so it reads as float_parsing;
    // integers in query strings use their own check (api/categories.ts: int_parsing).
    const schema = z.object({ a: z.number(), b: z.int() });
    expect(items(schema, { a: "seven", b: 1.5 }).map((i) => [i.type, i.msg, i.input])).toEqual([
      [
        "float_parsing",
        "Input should be a valid number, unable to parse string as a number",
        "seven",
      ],
      [
        "int_from_float",
        "Input should be a valid integer, got a number with a fractional part",
        1.5,
      ],
    ]);
  });

  it("gives bounds of numbers, strings and lists with Pydantic's ctx", () => {
    const schema = z.object({
      ge: z.number().min(1),
      gt: z.number().gt(1),
      le: z.number().max(9),
      lt: z.number().lt(9),
      short: z.string().min(2),
      long: z.string().max(1),
      few: z.array(z.number()).min(1),
      many: z.array(z.number()).max(1),
    });
    const found = items(schema, {
      ge: 0,
      gt: 1,
      le: 10,
      lt: 9,
      short: "a",
      long: "ab",
      few: [],
      many: [1, 2],
    });
    expect(found.map((i) => [i.loc.at(-1), i.type, i.msg, i.ctx])).toEqual([
      ["ge", "greater_than_equal", "Input should be greater than or equal to 1", { ge: 1 }],
      ["gt", "greater_than", "Input should be greater than 1", { gt: 1 }],
      ["le", "less_than_equal", "Input should be less than or equal to 9", { le: 9 }],
      ["lt", "less_than", "Input should be less than 9", { lt: 9 }],
      ["short", "string_too_short", "String should have at least 2 characters", { min_length: 2 }],
      ["long", "string_too_long", "String should have at most 1 character", { max_length: 1 }],
      [
        "few",
        "too_short",
        "List should have at least 1 item",
        { field_type: "List", min_length: 1 },
      ],
      [
        "many",
        "too_long",
        "List should have at most 1 item",
        { field_type: "List", max_length: 1 },
      ],
    ]);
  });

  it("lists literals the Pydantic way, and reads UUIDs and extra fields", () => {
    const schema = z.strictObject({ kind: z.enum(["a", "b", "c"]), id: z.uuid() });
    const found = items(schema, { kind: "d", id: "nope", extra: 1 });
    expect(found).toContainEqual({
      type: "literal_error",
      loc: ["body", "kind"],
      msg: "Input should be 'a', 'b' or 'c'",
      input: "d",
      ctx: { expected: "'a', 'b' or 'c'" },
    });
    expect(found).toContainEqual(
      expect.objectContaining({ type: "uuid_parsing", loc: ["body", "id"], input: "nope" }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({ type: "extra_forbidden", loc: ["body"] }),
    );
  });

  it("keeps list indexes in loc and takes a custom issue's own type", () => {
    const schema = z.object({
      hints: z.array(z.string()),
      doc: z.string().refine((v) => v.startsWith("s3://"), {
        params: issueParams(valueError("not an s3 URI")),
      }),
    });
    expect(items(schema, { hints: ["en", 5], doc: "x" })).toEqual([
      {
        type: "string_type",
        loc: ["body", "hints", 1],
        msg: "Input should be a valid string",
        input: 5,
        ctx: {},
      },
      {
        type: "value_error",
        loc: ["body", "doc"],
        msg: "Value error, not an s3 URI",
        input: "x",
        ctx: { error: "not an s3 URI" },
      },
    ]);
  });
});
