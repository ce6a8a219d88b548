// The browser's fetcher for the app's own route handlers. An error answer
// comes back as the same AppError the server sent; a dropped connection is
// `network_error`; a body that breaks the schema is `bad_response`. Each call
// sends a new `traceparent`: the route's span and the service's are its children.
//
// Schemas are zod/mini ones (lib/api/, lib/kernel/contract/): this runs in the browser,
// where classic zod would add its whole object to the bundle (docs/performance-web.md,
// "JavaScript shipped"). Any zod 4 schema still works.
import { safeParse } from "zod/mini";
import type * as core from "zod/v4/core";
import { AppError } from "@/lib/errors";

export interface FetchApiInit {
  method?: "GET" | "POST" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function fetchApi<S extends core.$ZodType>(
  url: string,
  schema: S,
  init: FetchApiInit = {},
): Promise<core.output<S>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? "GET",
      headers: {
        Accept: "application/json",
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
        // Each call starts a trace the app and the Routing Service continue.
        traceparent: newTraceparent(),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (cause) {
    // A cancelled query is not a failure to show.
    if (init.signal?.aborted) throw cause;
    throw new AppError("network_error", { cause });
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw AppError.fromResponse(response.status, json);
  const parsed = safeParse(schema, json);
  if (!parsed.success) throw new AppError("bad_response", { cause: parsed.error });
  return parsed.data;
}

/** A W3C `traceparent` naming a new trace and this call as its first span. */
export function newTraceparent(): string {
  const hex = (bytes: number) =>
    Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
      byte.toString(16).padStart(2, "0"),
    ).join("");
  return `00-${hex(16)}-${hex(8)}-01`;
}
