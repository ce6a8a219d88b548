// Zod issues in the FastAPI/Pydantic v2 shape: {type, loc, msg, input, ctx} with
// Pydantic's type names and messages. Used through validateRequest (errors.ts).
import type * as core from "zod/v4/core";

export type Loc = (string | number)[];
export type LocRoot = "path" | "query" | "header" | "body";

export interface ValidationItem {
  type: string;
  loc: Loc;
  msg: string;
  input: unknown;
  ctx: Record<string, unknown>;
}

export function validationItem(
  item: Omit<ValidationItem, "ctx" | "input"> & { input?: unknown; ctx?: Record<string, unknown> },
): ValidationItem {
  return {
    type: item.type,
    loc: item.loc,
    msg: item.msg,
    input: item.input ?? null,
    ctx: item.ctx ?? {},
  };
}

/** Pydantic's way of listing literals: `'a', 'b' or 'c'`. */
export function expectedList(values: readonly unknown[]): string {
  const quoted = values.map((v) => (typeof v === "string" ? `'${v}'` : String(v)));
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}

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

function toLocPart(key: PropertyKey): string | number {
  return typeof key === "number" ? key : String(key);
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

function boundItem(
  side: keyof typeof BOUNDS,
  limit: number,
  origin: string,
  inclusive: boolean,
  loc: Loc,
  input: unknown,
): ValidationItem {
  const plural = limit === 1 ? "" : "s";
  if (origin === "string") {
    const [type, words, key] = BOUNDS[side].string;
    return validationItem({
      type,
      loc,
      msg: `String should have ${words} ${limit} character${plural}`,
      input,
      ctx: { [key]: limit },
    });
  }
  if (origin === "array" || origin === "set") {
    const [type, words, key] = BOUNDS[side].list;
    return validationItem({
      type,
      loc,
      msg: `List should have ${words} ${limit} item${plural}`,
      input,
      ctx: { field_type: "List", [key]: limit },
    });
  }
  const [type, words, key] = BOUNDS[side][inclusive ? "inclusive" : "exclusive"];
  return validationItem({
    type,
    loc,
    msg: `Input should be ${words} ${limit}`,
    input,
    ctx: { [key]: limit },
  });
}

/**
 * Zod issues (from parsing `input`) → Pydantic v2 items with loc prefixed by `root`.
 * `input` is taken from the raw value at the issue's path, so transforms and pipes
 * still report what the client sent (Pydantic does the same).
 */
export function toValidationItems(
  issues: readonly core.$ZodIssue[],
  root: LocRoot,
  input: unknown,
): ValidationItem[] {
  return issues.map((issue) => {
    const loc: Loc = [root, ...issue.path.map(toLocPart)];
    const at = valueAt(input, issue.path);
    const sent = at.found ? at.value : undefined;
    const custom =
      issue.code === "custom"
        ? (issue.params?.pydantic as Partial<ValidationItem> | undefined)
        : undefined;
    if (custom?.type) {
      return validationItem({
        type: custom.type,
        loc,
        msg: custom.msg ?? issue.message,
        // Pydantic reports a missing field with the object that lacks it as input.
        input: custom.type === "missing" ? at.parent : sent,
        ctx: custom.ctx,
      });
    }
    if (!at.found || sent === undefined) {
      // Pydantic reports a missing field with the object that lacks it as input.
      return validationItem({
        type: "missing",
        loc,
        msg: "Field required",
        input: issue.path.length ? at.parent : null,
      });
    }
    switch (issue.code) {
      case "invalid_type": {
        const [type, msg] = TYPE_NAMES[issue.expected] ?? [
          "value_error",
          `Value error, ${issue.message}`,
        ];
        if ((issue.expected === "int" || issue.expected === "number") && typeof sent === "string") {
          return validationItem({
            type: issue.expected === "int" ? "int_parsing" : "float_parsing",
            loc,
            msg: `${msg}, unable to parse string as ${issue.expected === "int" ? "an integer" : "a number"}`,
            input: sent,
          });
        }
        if (issue.expected === "int" && typeof sent === "number") {
          return validationItem({
            type: "int_from_float",
            loc,
            msg: "Input should be a valid integer, got a number with a fractional part",
            input: sent,
          });
        }
        return validationItem({ type, loc, msg, input: sent });
      }
      case "too_small":
        return boundItem(
          "min",
          Number(issue.minimum),
          issue.origin,
          issue.inclusive ?? true,
          loc,
          sent,
        );
      case "too_big":
        return boundItem(
          "max",
          Number(issue.maximum),
          issue.origin,
          issue.inclusive ?? true,
          loc,
          sent,
        );
      case "invalid_format":
        if (issue.format === "uuid" || issue.format === "guid") {
          return validationItem({
            type: "uuid_parsing",
            loc,
            msg: "Input should be a valid UUID, invalid character or length",
            input: sent,
            ctx: { error: "invalid character or length" },
          });
        }
        if (issue.format === "regex" && "pattern" in issue) {
          return validationItem({
            type: "string_pattern_mismatch",
            loc,
            msg: `String should match pattern '${issue.pattern}'`,
            input: sent,
            ctx: { pattern: issue.pattern },
          });
        }
        return validationItem({
          type: "value_error",
          loc,
          msg: `Value error, ${issue.message}`,
          input: sent,
          ctx: { error: issue.message },
        });
      case "invalid_value": {
        const expected = expectedList(issue.values);
        return validationItem({
          type: "literal_error",
          loc,
          msg: `Input should be ${expected}`,
          input: sent,
          ctx: { expected },
        });
      }
      case "unrecognized_keys":
        return validationItem({
          type: "extra_forbidden",
          loc,
          msg: "Extra inputs are not permitted",
          input: sent,
        });
      default:
        return validationItem({
          type: "value_error",
          loc,
          msg: `Value error, ${issue.message}`,
          input: sent,
          ctx: { error: issue.message },
        });
    }
  });
}
