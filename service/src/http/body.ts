// JSON bodies for /v1, parsed so that every malformed body becomes a Pydantic-shaped 422
// (json_invalid, missing, dict_type) instead of Fastify's 400/415. Auth runs in
// onRequest, before any of this.
import type { FastifyInstance } from "fastify";
import { jsonInvalid } from "./errors";

/** Deeper than any request of this API; deeper still overflows the stack while answering. */
const MAX_JSON_DEPTH = 64;

/** The position where nesting passes `max` levels, or -1 (strings are skipped). */
export function tooDeepAt(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* backslash */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return i;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return -1;
}

/** An empty body is "no body" (validation: missing); broken JSON is a 422 json_invalid. */
function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  const deep = tooDeepAt(text);
  if (deep >= 0) {
    throw jsonInvalid(
      new Error(`Nesting deeper than ${MAX_JSON_DEPTH} levels at position ${deep}`),
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw jsonInvalid(error);
  }
}

export function useJsonBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json/i,
    { parseAs: "string" },
    (_req, body, done) => {
      try {
        done(null, parseJson(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  // Another content type: the raw text, which is not an object, so validation answers dict_type.
  scope.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => {
    const text = String(body);
    done(null, text === "" ? undefined : text);
  });
}
