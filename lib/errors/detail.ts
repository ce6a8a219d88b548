// The one reader of an upstream `detail`: a FastAPI/Pydantic list of
// {type, loc, msg, ctx} items, a plain string, or something else entirely.
// It turns each item into a sentence a person understands, field by field.
export interface FieldProblem {
  /** A human label for the field ("Page size"), not the raw location. */
  field: string;
  message: string;
}

export interface ParsedDetail {
  /** One sentence for the whole error. */
  summary: string;
  fields: FieldProblem[];
}

const LOCATION_ROOTS = new Set(["query", "path", "header", "body", "cookie"]);

const FIELD_LABELS: Record<string, string> = {
  category_id: "Category",
  content_type: "File type",
  mime_type: "File type",
  document: "Document",
  input: "Input",
  input_ref: "Document reference",
  language_hints: "Languages",
  page: "Page",
  size: "Page size",
  "idempotency-key": "Idempotency key",
  "x-api-key": "API key",
};

const FALLBACK_SUMMARY = "The request was not accepted.";
const MAX_TEXT = 300;

export function parseDetail(detail: unknown): ParsedDetail {
  if (typeof detail === "string") {
    const text = clip(detail.trim());
    return { summary: text ? ensureStop(text) : FALLBACK_SUMMARY, fields: [] };
  }
  if (Array.isArray(detail)) {
    const fields = detail.map(describeItem).filter((f): f is FieldProblem => f !== undefined);
    return { summary: summarize(fields), fields };
  }
  return { summary: FALLBACK_SUMMARY, fields: [] };
}

function summarize(fields: FieldProblem[]): string {
  const [first] = fields;
  if (!first) return FALLBACK_SUMMARY;
  if (fields.length === 1) return first.message;
  return `${fields.length} details were not accepted.`;
}

function describeItem(item: unknown): FieldProblem | undefined {
  if (typeof item === "string") return { field: "Request", message: ensureStop(clip(item)) };
  if (!isRecord(item)) return undefined;
  const field = labelFor(item.loc);
  const type = typeof item.type === "string" ? item.type : "";
  const msg = typeof item.msg === "string" ? clip(item.msg.trim()) : "";
  const ctx = isRecord(item.ctx) ? item.ctx : {};
  return { field, message: sentenceFor(field, type, msg, ctx) };
}

function sentenceFor(
  field: string,
  type: string,
  msg: string,
  ctx: Record<string, unknown>,
): string {
  switch (type) {
    case "missing":
      return `${field} is required.`;
    case "uuid_parsing":
    case "uuid_type":
      return `${field} is not a valid id.`;
    case "int_parsing":
    case "int_type":
    case "int_from_float":
      return `${field} must be a whole number.`;
    case "greater_than_equal":
      if (ctx.ge !== undefined) return `${field} must be at least ${text(ctx.ge)}.`;
      break;
    case "greater_than":
      if (ctx.gt !== undefined) return `${field} must be more than ${text(ctx.gt)}.`;
      break;
    case "less_than_equal":
      if (ctx.le !== undefined) return `${field} must be at most ${text(ctx.le)}.`;
      break;
    case "less_than":
      if (ctx.lt !== undefined) return `${field} must be less than ${text(ctx.lt)}.`;
      break;
    case "literal_error":
    case "enum":
      if (ctx.expected !== undefined) return `${field} must be one of: ${expected(ctx.expected)}.`;
      break;
    case "string_type":
      return `${field} must be text.`;
    case "json_invalid":
      return "The request was not valid JSON.";
    case "value_error":
      // Pydantic prefixes custom messages; the rest is written for people.
      if (msg) return `${field}: ${ensureStop(msg.replace(/^Value error,\s*/i, ""))}`;
      break;
  }
  return msg ? `${field}: ${ensureStop(msg)}` : `${field} is not valid.`;
}

function labelFor(loc: unknown): string {
  const parts = Array.isArray(loc) ? loc : [];
  const rest = parts.length > 1 && LOCATION_ROOTS.has(String(parts[0])) ? parts.slice(1) : parts;
  const names = rest.filter((p): p is string => typeof p === "string" && p.length > 0);
  const last = names.at(-1);
  if (last === undefined) return "Request";
  const index = rest.at(-1);
  const label = FIELD_LABELS[last.toLowerCase()] ?? humanize(last);
  return typeof index === "number" ? `${label} (item ${index + 1})` : label;
}

function humanize(name: string): string {
  const words = name
    .replace(/[_-]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .trim();
  return words ? words[0]?.toUpperCase() + words.slice(1).toLowerCase() : "Request";
}

function expected(value: unknown): string {
  if (Array.isArray(value)) return value.map(text).join(", ");
  // Pydantic writes "'image/png' or 'image/jpeg'"; keep the values, drop the quoting.
  return text(value)
    .replace(/'/g, "")
    .replace(/,?\s+or\s+/g, ", ");
}

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value) ?? "";
}

function ensureStop(s: string): string {
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

function clip(s: string): string {
  return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
