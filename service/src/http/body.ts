// JSON bodies for /v1, parsed so that every malformed body becomes a Pydantic-shaped 422
// (json_invalid, missing, dict_type) instead of Fastify's 400/415. Auth runs in
// onRequest, before any of this.
import type { FastifyInstance } from "fastify";
import { jsonInvalid } from "./errors";

/** An empty body is "no body" (validation: missing); broken JSON is a 422 json_invalid. */
function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
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
