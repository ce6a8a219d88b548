// The run history's routes: POST /api/runs/:id/uploaded (the browser says a
// file's bytes reached storage) and support's GET /api/support/runs[/:id].
import * as z from "zod/mini";

/** Run ids, trace ids, Idempotency-Keys and object keys are never longer. */
export const MAX_RUN_ID_LENGTH = 1024;

/**
 * The body says only "done", and may be left out: the file's name and size
 * came with its grant (uploadBodySchema, lib/api/documents.ts).
 */
export const uploadedBodySchema = z._default(z.object({}), {});

export const uploadedAnswerSchema = z.object({ recorded: z.literal(true) });
export type UploadedAnswer = z.infer<typeof uploadedAnswerSchema>;

// GET /api/support/runs and GET /api/support/runs/:id (signed-in staff): the
// query is the console's own URL, read by parseRunQuery (lib/ledger/filters.ts),
// whose problems come back as `fields` of a bad_request; the answers are runs
// without the buyer's session id (toPublicRun, lib/ledger/public.ts).
export type { PublicRun } from "@/lib/ledger/public";

// POST /api/runs/:id/original (the run's buyer) and POST /api/support/runs/:id/original
// (signed-in staff; each one recorded in the run's timeline): a short-lived link to
// the document itself. No body. Refused with plain words when the service no longer
// has it (retention) or gives no documents back.
export const originalLinkSchema = z.object({
  /** GET it for the bytes (the service's storage: CORS allows the app's origin). */
  url: z.string(),
  /** When the link stops working, epoch milliseconds. */
  expiresAt: z.number(),
  mediaType: z.string(),
});
export type OriginalLink = z.infer<typeof originalLinkSchema>;
