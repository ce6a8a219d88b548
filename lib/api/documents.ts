// POST /api/categories/:id/uploads and POST /api/categories/:id/process: the
// browser's two calls on its way to a result, in the app's words. The route
// handlers validate with these; the browser calls with them (lib/upload/api.ts).
// lib/routing translates them to and from the service's shapes, once.
//
// The process answer is the contract's `{data, meta}` unchanged: it is the
// document's result, the same object the run ledger keeps and every result
// view draws (a category's data schema is in lib/kernel/contract/data/).
import * as z from "zod/mini";
import { processResultSchema } from "@/lib/kernel/contract/documents";

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** The picked file's name and size go along for the run history (the service never sees them). */
export const uploadBodySchema = z.object({
  contentType: text(255),
  fileName: z.optional(text(255)),
  size: z.optional(z.int().check(z.gte(0), z.lte(Number.MAX_SAFE_INTEGER))),
});
export type UploadBody = z.infer<typeof uploadBodySchema>;

/** A grant to PUT one document straight to storage. */
export const grantSchema = z.object({
  objectKey: z.string(),
  /** Where the process call finds the document. */
  s3Uri: z.string(),
  uploadUrl: z.string(),
  /** Seconds the upload URL lasts. */
  expiresIn: z.number(),
});
export type Grant = z.infer<typeof grantSchema>;

/** Idempotency-Key per INTERFACE.md: 1–255 printable characters, one per file. */
export const processHeadersSchema = z.object({
  "Idempotency-Key": z.optional(
    z.string().check(z.regex(/^[\x20-\x7e]{1,255}$/, "must be 1–255 printable characters")),
  ),
});

export const processBodySchema = z.object({
  /** The grant's s3Uri. */
  document: z.string().check(z.startsWith("s3://"), z.maxLength(2048)),
  mimeType: text(255),
  languageHints: z.optional(z.array(text(35)).check(z.maxLength(10))),
  /** The grant's objectKey. */
  objectKey: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
});
export type ProcessBody = z.infer<typeof processBodySchema>;

export const processAnswerSchema = processResultSchema;
