// The browser's fetcher for the app's own route handlers. An error answer
// comes back as the same AppError the server sent; a dropped connection is
// `network_error`; a body that breaks the schema is `bad_response`.
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
