// Error bodies (seed part 7; INTERFACE.md). A client must accept `detail` as a
// list of items or as a plain string, with ctx/input possibly missing.
import * as z from "zod/mini";
import { attemptSchema } from "./documents";

export const validationErrorItemSchema = z.looseObject({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  input: z.optional(z.unknown()),
  ctx: z.optional(z.record(z.string(), z.unknown())),
});
export type ValidationErrorItem = z.infer<typeof validationErrorItemSchema>;

export const validationErrorSchema = z.looseObject({
  detail: z.array(validationErrorItemSchema),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** Any error body a service may send: `detail` as list or string, plus extras. */
export const errorBodySchema = z.looseObject({
  detail: z.union([z.string(), z.array(validationErrorItemSchema)]),
  trace_id: z.optional(z.string()),
  failover_depth: z.optional(z.int()),
  attempts: z.optional(z.array(attemptSchema)),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
