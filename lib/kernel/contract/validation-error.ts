// The validation error on the wire (seed part 7): `{"detail": [item, …]}` in
// the FastAPI/Pydantic v2 shape, an item being `{type, loc, msg, input, ctx}`
// with Pydantic's type names and words (INTERFACE.md, "Validation errors").
// Written once: the schema a client parses with, the one item type, the
// constructors the service's routes build items with, and the translator that
// turns zod issues into items.
//
// A check whose Pydantic type and words differ from what the translator would
// make of zod's issue names them itself: `params: issueParams(problem)` on a
// custom issue (see ./requests.ts).
import * as z from "zod/mini";
import type * as core from "zod/v4/core";

export type Loc = (string | number)[];
/** Where in the request a field sits: the first entry of every `loc`. */
export type LocRoot = "path" | "query" | "header" | "body";

/** One item. `input` and `ctx` are optional: another service may leave them out. */
export const validationErrorItemSchema = z.looseObject({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  input: z.optional(z.unknown()),
  ctx: z.optional(z.record(z.string(), z.unknown())),
});
export type ValidationErrorItem = z.infer<typeof validationErrorItemSchema>;

/** The body of a 422. */
export const validationErrorSchema = z.looseObject({
  detail: z.array(validationErrorItemSchema),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** What an item says, apart from where and about which input. */
export interface Problem {
  type: string;
  msg: string;
  ctx?: Record<string, unknown>;
}

/** An item as this project's service sends it: `input` null and `ctx` {} when there is nothing to say. */
export function validationItem(loc: Loc, problem: Problem, input?: unknown): ValidationErrorItem {
  return {
    type: problem.type,
    loc,
    msg: problem.msg,
    input: input ?? null,
    ctx: problem.ctx ?? {},
  };
}

/** Params of a custom zod issue that the translator turns into exactly this problem. */
export function issueParams(problem: Problem): { validationError: Problem } {
  return { validationError: problem };
}

/** Pydantic's way of listing literals: `'a', 'b' or 'c'`. */
export function expectedList(values: readonly unknown[]): string {
  const quoted = values.map((v) => (typeof v === "string" ? `'${v}'` : String(v)));
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}

// --- The problems the routes and the contract name themselves ---

export const missing = (): Problem => ({ type: "missing", msg: "Field required" });

export const dictType = (): Problem => ({
  type: "dict_type",
  msg: "Input should be a valid dictionary",
});

export const intParsing = (): Problem => ({
  type: "int_parsing",
  msg: "Input should be a valid integer, unable to parse string as an integer",
});

/** `reason` is what the client reads; `error` (ctx.error) a short name for it. */
export const valueError = (reason: string, error = reason): Problem => ({
  type: "value_error",
  msg: `Value error, ${reason}`,
  ctx: { error },
});

export function literalError(values: readonly unknown[]): Problem {
  const expected = expectedList(values);
  return { type: "literal_error", msg: `Input should be ${expected}`, ctx: { expected } };
}

export const lessThanEqual = (limit: number): Problem => boundProblem("max", limit, "number", true);

/** A body that is not JSON: FastAPI puts the position of the fault in loc, after "body". */
export function jsonInvalidItem(error: unknown): ValidationErrorItem {
  const message = error instanceof Error ? error.message : String(error);
  const position = Number(/position (\d+)/.exec(message)?.[1] ?? 0);
  return validationItem(
    ["body", position],
    { type: "json_invalid", msg: "JSON decode error", ctx: { error: message } },
    {},
  );
}

/** Pydantic's names and words for a bound, by side: lengths of strings and lists, else numbers. */
const BOUNDS = {
  min: {
    string: ["string_too_short", "at least", "min_length"],
    list: ["too_short", "at least", "min_length"],
    inclusive: ["greater_than_equal", "greater than or equal to", "ge"],
    exclusive: ["greater_than", "greater than", "gt"],
  },
  max: {
    string: ["string_too_long", "at most", "max_length"],
    list: ["too_long", "at most", "max_length"],
    inclusive: ["less_than_equal", "less than or equal to", "le"],
    exclusive: ["less_than", "less than", "lt"],
  },
} as const;

function boundProblem(
  side: keyof typeof BOUNDS,
  limit: number,
  origin: string,
  inclusive: boolean,
): Problem {
  const plural = limit === 1 ? "" : "s";
  if (origin === "string") {
    const [type, words, key] = BOUNDS[side].string;
    return {
      type,
      msg: `String should have ${words} ${limit} character${plural}`,
      ctx: { [key]: limit },
    };
  }
  if (origin === "array" || origin === "set") {
    const [type, words, key] = BOUNDS[side].list;
    return {
      type,
      msg: `List should have ${words} ${limit} item${plural}`,
      ctx: { field_type: "List", [key]: limit },
    };
  }
  const [type, words, key] = BOUNDS[side][inclusive ? "inclusive" : "exclusive"];
  return { type, msg: `Input should be ${words} ${limit}`, ctx: { [key]: limit } };
}

// --- zod issues → items ---

const TYPE_NAMES: Record<string, [type: string, msg: string]> = {
  string: ["string_type", "Input should be a valid string"],
  object: ["dict_type", "Input should be a valid dictionary"],
  record: ["dict_type", "Input should be a valid dictionary"],
  map: ["dict_type", "Input should be a valid dictionary"],
  int: ["int_type", "Input should be a valid integer"],
  number: ["float_type", "Input should be a valid number"],
  boolean: ["bool_type", "Input should be a valid boolean"],
  array: ["list_type", "Input should be a valid list"],
  tuple: ["tuple_type", "Input should be a valid tuple"],
  null: ["none_required", "Input should be None"],
};

function valueAt(
  root: unknown,
  path: readonly PropertyKey[],
): { found: boolean; value: unknown; parent: unknown } {
  let parent: unknown = null;
  let value: unknown = root;
  for (const key of path) {
    if (value === null || typeof value !== "object" || !(key in value)) {
      return { found: false, value: undefined, parent: value };
    }
    parent = value;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value, parent };
}

function customProblem(issue: core.$ZodIssue): Partial<Problem> | undefined {
  if (issue.code !== "custom") return undefined;
  return issue.params?.validationError as Partial<Problem> | undefined;
}

/** The problem zod's issue stands for, when the value it is about was sent. */
function problemOf(issue: core.$ZodIssue, sent: unknown): Problem {
  switch (issue.code) {
    case "invalid_type": {
      const [type, msg] = TYPE_NAMES[issue.expected] ?? [
        "value_error",
        `Value error, ${issue.message}`,
      ];
      if ((issue.expected === "int" || issue.expected === "number") && typeof sent === "string") {
        return issue.expected === "int"
          ? intParsing()
          : {
              type: "float_parsing",
              msg: `${msg}, unable to parse string as a number`,
            };
      }
      if (issue.expected === "int" && typeof sent === "number") {
        return {
          type: "int_from_float",
          msg: "Input should be a valid integer, got a number with a fractional part",
        };
      }
      return { type, msg };
    }
    case "too_small":
      return boundProblem("min", Number(issue.minimum), issue.origin, issue.inclusive ?? true);
    case "too_big":
      return boundProblem("max", Number(issue.maximum), issue.origin, issue.inclusive ?? true);
    case "invalid_format":
      if (issue.format === "uuid" || issue.format === "guid") {
        return {
          type: "uuid_parsing",
          msg: "Input should be a valid UUID, invalid character or length",
          ctx: { error: "invalid character or length" },
        };
      }
      if (issue.format === "regex" && "pattern" in issue) {
        return {
          type: "string_pattern_mismatch",
          msg: `String should match pattern '${issue.pattern}'`,
          ctx: { pattern: issue.pattern },
        };
      }
      return valueError(issue.message);
    case "invalid_value":
      return literalError(issue.values);
    case "unrecognized_keys":
      return { type: "extra_forbidden", msg: "Extra inputs are not permitted" };
    default:
      return valueError(issue.message);
  }
}

/**
 * Zod issues (from parsing `input`) → items with loc prefixed by `root`.
 * `input` is taken from the raw value at the issue's path, so transforms and pipes
 * still report what the client sent (Pydantic does the same).
 */
export function toValidationItems(
  issues: readonly core.$ZodIssue[],
  root: LocRoot,
  input: unknown,
): ValidationErrorItem[] {
  return issues.map((issue) => {
    const loc: Loc = [
      root,
      ...issue.path.map((key) => (typeof key === "number" ? key : String(key))),
    ];
    const at = valueAt(input, issue.path);
    const sent = at.found ? at.value : undefined;
    const custom = customProblem(issue);
    if (custom?.type) {
      const problem = { type: custom.type, msg: custom.msg ?? issue.message, ctx: custom.ctx };
      // Pydantic reports a missing field with the object that lacks it as input.
      return validationItem(loc, problem, custom.type === "missing" ? at.parent : sent);
    }
    if (!at.found || sent === undefined) {
      return validationItem(loc, missing(), issue.path.length ? at.parent : null);
    }
    return validationItem(loc, problemOf(issue, sent), sent);
  });
}
