// X-API-Key on every /v1 route, checked in onRequest: before the body is read or validated.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors";

export const INVALID_KEY = "Invalid or missing API key";

declare module "fastify" {
  interface FastifyRequest {
    /** sha256 of the caller's API key (hex): a stable id for rate limits and idempotency scopes. */
    apiKeyId?: string;
  }
}

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Compares against every configured key in constant time: keys are hashed to equal
 * length first, and the loop never stops early, so timing says nothing about which
 * key or how much of it matched.
 */
export function createKeyMatcher(
  keys: readonly string[],
): (candidate: string) => string | undefined {
  const digests = keys.map(digest);
  return (candidate) => {
    const given = digest(candidate);
    let match: Buffer | undefined;
    for (const known of digests) {
      if (timingSafeEqual(known, given)) match = known;
    }
    return match?.toString("hex");
  };
}

export function createAuthHook(keys: readonly string[]) {
  const match = createKeyMatcher(keys);
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers["x-api-key"];
    const id = typeof header === "string" && header !== "" ? match(header) : undefined;
    if (!id) throw new HttpError(401, INVALID_KEY);
    request.apiKeyId = id;
  };
}
