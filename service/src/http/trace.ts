// Trace ids: W3C trace-ids (32 lowercase hex). An incoming `traceparent` is continued.
import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

// version-traceid-parentid-flags; version ff is invalid, all-zero ids are invalid.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

export function traceIdFromTraceparent(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? TRACEPARENT.exec(value.trim().toLowerCase()) : null;
  if (!match) return undefined;
  const [, version, traceId, parentId] = match;
  if (version === "ff" || !traceId || /^0+$/.test(traceId) || !parentId || /^0+$/.test(parentId))
    return undefined;
  // Version 00 has exactly four fields.
  if (version === "00" && match[5] !== undefined) return undefined;
  return traceId;
}

export function newTraceId(): string {
  return randomBytes(16).toString("hex");
}

/** Fastify's genReqId: the request id IS the trace id. */
export function genTraceId(request: IncomingMessage): string {
  return traceIdFromTraceparent(request.headers.traceparent) ?? newTraceId();
}
