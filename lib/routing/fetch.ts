// The one door to the Routing Service. It owns the address, the key, the
// timeouts and the parsing: every answer is checked with the contract's zod
// schemas, and every failure leaves as an AppError. Callers never see the key.
import "server-only";
import type { z } from "zod";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { errorFromUpstream, type Operation } from "./upstream-error";

export interface RoutingRequest<S extends z.ZodType> {
  operation: Operation;
  /** Path under the base address, starting with /v1. */
  path: string;
  schema: S;
  method?: "GET" | "POST";
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller's signal (a browser that went away); the timeout is added here. */
  signal?: AbortSignal;
}

export interface RoutingResponse<T> {
  data: T;
  headers: Headers;
}

export async function routingFetch<S extends z.ZodType>(
  request: RoutingRequest<S>,
): Promise<RoutingResponse<z.infer<S>>> {
  const { operation, schema, method = "GET" } = request;
  const key = env.ROUTING_API_KEY;
  if (!key) {
    log(operation, "ROUTING_API_KEY is not set");
    throw new AppError("misconfigured");
  }
  const timeoutMs =
    operation === "process" ? env.ROUTING_PROCESS_TIMEOUT_MS : env.ROUTING_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;

  let response: Response;
  let text: string;
  try {
    response = await fetch(buildUrl(request.path, request.query), {
      method,
      headers: {
        Accept: "application/json",
        ...(request.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...request.headers,
        "X-API-Key": key,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
      cache: "no-store",
    });
    text = await response.text();
  } catch (error) {
    if (timeout.aborted) {
      log(operation, `no answer within ${timeoutMs} ms`);
      throw new AppError("timeout", { cause: error });
    }
    // The caller gave up (the browser went away): nothing to tell anyone.
    if (request.signal?.aborted) throw error;
    log(operation, `unreachable: ${describeCause(error)}`);
    throw new AppError("service_unreachable", { cause: error });
  }

  const body = parseJson(text);
  if (!response.ok) {
    // Carries the service's status and body as its cause, for the run ledger;
    // toBody() never sends a cause to a browser.
    const error = errorFromUpstream(response.status, response.headers, body, operation);
    log(operation, `answered ${response.status} → ${error.code}`, error.traceId);
    throw error;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, 3).map((i) => i.path.join(".") || "(body)");
    log(operation, `answer ${response.status} did not match the contract at ${where.join(", ")}`);
    throw new AppError("bad_response", {
      traceId: response.headers.get("x-request-id") ?? undefined,
    });
  }
  return { data: parsed.data, headers: response.headers };
}

function buildUrl(path: string, query: RoutingRequest<z.ZodType>["query"]): string {
  const url = new URL(env.ROUTING_API_URL.replace(/\/+$/, "") + path);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describeCause(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : cause instanceof Error ? cause.message : "unknown";
}

// One line per failure, for operators: never the key, never a body.
function log(operation: Operation, what: string, traceId?: string) {
  console.warn(`[routing] ${operation}: ${what}${traceId ? ` (trace ${traceId})` : ""}`);
}
