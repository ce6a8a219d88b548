// The run history's routes: POST /api/runs/:id/uploaded (the browser says a
// file's bytes reached storage) and support's GET /api/support/runs[/:id].
import * as z from "zod/mini";

/** Run ids, trace ids, Idempotency-Keys and object keys are never longer. */
export const MAX_RUN_ID_LENGTH = 1024;

/** The body is optional: an empty one says only "done". */
export const uploadedBodySchema = z._default(
  z.object({
    fileName: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(255))),
    size: z.optional(z.int().check(z.gte(0), z.lte(10 * 1024 ** 3))),
  }),
  {},
);
export type UploadedBody = z.infer<typeof uploadedBodySchema>;

export const uploadedAnswerSchema = z.object({ recorded: z.literal(true) });
export type UploadedAnswer = z.infer<typeof uploadedAnswerSchema>;

// GET /api/support/runs and GET /api/support/runs/:id (signed-in staff): the
// query is the console's own URL, read by parseRunQuery (lib/ledger/filters.ts),
// whose problems come back as `fields` of a bad_request; the answers are runs
// without the buyer's session id (toPublicRun, lib/ledger/public.ts).
export type { PublicRun } from "@/lib/ledger/public";
