// Any error body a service may send (INTERFACE.md): a client must accept
// `detail` as a list of validation items (./validation-error.ts) or as a plain
// string.
import * as z from "zod/mini";
import { attemptSchema } from "./documents";
import { validationErrorItemSchema } from "./validation-error";

/** Any error body a service may send: `detail` as list or string, plus extras. */
export const errorBodySchema = z.looseObject({
  detail: z.union([z.string(), z.array(validationErrorItemSchema)]),
  trace_id: z.optional(z.string()),
  failover_depth: z.optional(z.int()),
  attempts: z.optional(z.array(attemptSchema)),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
