// A failed call in the ledger's words: the app's error code and plain message,
// and the service's status and body when the client kept them on the error.
import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { FailureInput } from "./types";

/** The service's own answer, when the client kept it on the error (`cause`). */
const upstreamSchema = z.object({ status: z.number().int(), body: z.unknown() });

export function describeFailure(error: unknown): FailureInput {
  if (error instanceof AppError) {
    const upstream = upstreamSchema.safeParse(error.cause);
    return {
      code: error.code,
      message: error.message,
      traceId: error.traceId,
      ...(upstream.success ? { httpStatus: upstream.data.status, body: upstream.data.body } : {}),
    };
  }
  const aborted = error instanceof Error && error.name === "AbortError";
  return aborted
    ? { code: "cancelled", message: "The browser went away before the service answered." }
    : { code: "internal", message: "Something went wrong in the app." };
}
