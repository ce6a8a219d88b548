// The one door to the Routing Service. It owns the address, the key, the
// timeouts and the parsing: every answer is checked with the contract's zod
// schemas, and every failure leaves as an AppError. Callers never see the key.
//
// It speaks HTTP with undici's `request` on a dedicated pool of kept-alive
// connections, not with fetch: in a route handler, fetch is Next's patched
// fetch on WHATWG objects (the Request cloned and its body teed, web streams,
// tracing), which cost about 1.3 ms more CPU per call on the 2-core benchmark
// machine. Nothing here used what fetch adds: every call is `no-store` and the
// body is read whole. undici's `request` is its own fast path, and Next does
// not patch it.
import "server-only";
import { Pool } from "undici";
import { safeParse } from "zod/mini";
import type * as core from "zod/v4/core";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { currentTraceId, traceServiceCall } from "@/lib/http/tracing";
import { errorFromUpstream, type Operation } from "./upstream-error";

export interface RoutingRequest<S extends core.$ZodType> {
  operation: Operation;
  /** Path under the base address, starting with /v1. */
  path: string;
  schema: S;
  method?: "GET" | "POST" | "DELETE";
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller's signal (a browser that went away); the timeout is added here. */
  signal?: AbortSignal;
}

export interface RoutingResponse<T> {
  data: T;
  headers: Headers;
  /** A 2xx: 200 for an answer, 202 for a job the service made instead (INTERFACE.md, "Jobs"). */
  status: number;
}

export async function routingFetch<S extends core.$ZodType>(
  request: RoutingRequest<S>,
): Promise<RoutingResponse<core.output<S>>> {
  const { operation, schema, method = "GET" } = request;
  const key = env.ROUTING_API_KEY;
  if (!key) {
    log(operation, "ROUTING_API_KEY is not set");
    throw new AppError("misconfigured");
  }
  const timeoutMs =
    operation === "process" ? env.ROUTING_PROCESS_TIMEOUT_MS : env.ROUTING_TIMEOUT_MS;
  const deadline = abortOnTimeoutOr(timeoutMs, request.signal);

  let status: number;
  let headers: Headers;
  let text: string;
  try {
    const path = buildPath(request.path, request.query);
    const origin = new URL(env.ROUTING_API_URL);
    const response = await traceServiceCall(method, origin, path, async (traceparent) => {
      const answer = await pool().request({
        method,
        path,
        headers: {
          Accept: "application/json",
          // Answers are asked for unencoded. The service sits on the same network
          // and sends small JSON uncompressed; compressing it would only cost CPU
          // on both sides. undici 7's `decompress` interceptor is still marked
          // experimental, so nothing here decodes: an answer encoded anyway fails
          // the contract check below (bad_response, its encoding logged).
          "Accept-Encoding": "identity",
          ...(request.body === undefined ? {} : { "Content-Type": "application/json" }),
          ...request.headers,
          // The service continues this call's trace: `meta.trace_id` is its id.
          ...traceparent,
          "X-API-Key": key,
        },
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        // The one deadline: it also covers reading the body.
        signal: deadline.signal,
      });
      return {
        statusCode: answer.statusCode,
        headers: answer.headers,
        text: await answer.body.text(),
      };
    });
    status = response.statusCode;
    headers = toHeaders(response.headers);
    text = response.text;
  } catch (error) {
    if (deadline.timedOut()) {
      log(operation, `no answer within ${timeoutMs} ms`);
      throw new AppError("timeout", { cause: error });
    }
    // The caller gave up (the browser went away): nothing to tell anyone.
    if (request.signal?.aborted) throw error;
    log(operation, `unreachable: ${describeCause(error)}`);
    throw new AppError("service_unreachable", { cause: error });
  } finally {
    deadline.clear();
  }

  const body = parseJson(text);
  if (status < 200 || status > 299) {
    // Carries the service's status and body as its cause, for the run ledger;
    // toBody() never sends a cause to a browser.
    const error = errorFromUpstream(status, headers, body, operation);
    log(operation, `answered ${status} → ${error.code}`, error.traceId);
    throw error;
  }
  const parsed = safeParse(schema, body);
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, 3).map((i) => i.path.join(".") || "(body)");
    const encoding = headers.get("content-encoding");
    log(
      operation,
      `answer ${status} did not match the contract at ${where.join(", ")}` +
        (encoding ? ` (Content-Encoding: ${encoding}, not asked for)` : ""),
    );
    throw new AppError("bad_response", { traceId: headers.get("x-request-id") ?? undefined });
  }
  return { data: parsed.data, headers, status };
}

// Kept-alive connections to the service's origin, as many as calls run at
// once. Idle ones close after 4 s, or sooner when the service's Keep-Alive
// header announces a shorter timeout, so no call goes out on a connection the
// service is closing. undici's own headers and body timeouts (300 s each) are
// off: the deadline above is the only one, and a process call may wait up to
// ROUTING_PROCESS_TIMEOUT_MS (up to 30 minutes). Connecting still gives up
// after undici's 10 s, which counts as unreachable.
const IDLE_SOCKET_MS = 4_000;
let connections: Pool | undefined;

function pool(): Pool {
  connections ??= new Pool(new URL(env.ROUTING_API_URL).origin, {
    keepAliveTimeout: IDLE_SOCKET_MS,
    keepAliveMaxTimeout: IDLE_SOCKET_MS,
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  return connections;
}

/**
 * One signal that aborts after `ms` or when the caller's does. One controller,
 * a timer and a listener, where AbortSignal.timeout() with AbortSignal.any()
 * made two signals per call (each costly to create in Node 20: they are
 * transferable) and left the timer running after the answer came.
 */
function abortOnTimeoutOr(ms: number, caller: AbortSignal | undefined) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
  }, ms);
  const onCallerAbort = () => controller.abort(caller?.reason);
  if (caller?.aborted) onCallerAbort();
  else caller?.addEventListener("abort", onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear() {
      clearTimeout(timer);
      caller?.removeEventListener("abort", onCallerAbort);
    },
  };
}

/** The path and query on the pool's origin, keeping any path of the base address. */
function buildPath(path: string, query: RoutingRequest<core.$ZodType>["query"]): string {
  const url = new URL(env.ROUTING_API_URL.replace(/\/+$/, "") + path);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.pathname + url.search;
}

/** undici's lower-cased header record as WHATWG Headers, what callers read. */
function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
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

// One line per failure, for operators: never the key, never a body. The trace is the
// service's answer's, or else the call's own (the one it sent the service).
function log(operation: Operation, what: string, traceId = currentTraceId()) {
  console.warn(`[routing] ${operation}: ${what}${traceId ? ` (trace ${traceId})` : ""}`);
}
