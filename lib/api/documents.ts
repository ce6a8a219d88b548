// POST /api/categories/:id/uploads and POST /api/categories/:id/process: the
// browser's two calls on its way to a result, in the app's words. The route
// handlers validate with these; the browser calls with them (lib/upload/api.ts).
// lib/routing translates them to and from the service's shapes, once.
//
// The process answer is the contract's `{data, meta}` unchanged, plus the
// kind of result it is: the document's result, the same data the run ledger
// keeps and every result view draws (a category's data schema is in
// lib/kernel/contract/data/).
import * as z from "zod/mini";
import { processResultSchema } from "@/lib/kernel/contract/documents";
import { idempotencyKeySchema, languageHintsSchema } from "@/lib/kernel/contract/requests";

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/**
 * The picked file's name and size go along, once, for the run history (so even a
 * run whose upload never finishes shows its file's name); the size also goes to
 * the service as content_length.
 */
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

/** One Idempotency-Key per file, by the contract's rule (the app sends it on, made private). */
export const processHeadersSchema = z.object({
  "Idempotency-Key": z.optional(idempotencyKeySchema),
});

export const processBodySchema = z.object({
  /**
   * The grant's s3Uri: the one name of the document the browser sends. The
   * server finds the grant's object key in the run ledger (lib/ledger/access.ts).
   */
  document: z.string().check(z.startsWith("s3://"), z.maxLength(2048)),
  mimeType: text(255),
  /** By the contract's rule, so the app refuses what the service would. */
  languageHints: z.optional(languageHintsSchema),
  /**
   * Pages the browser counted (lib/upload/count-pages.ts), when it could: a long
   * document is sent as a job (lib/routing/documents.ts, isLongDocument). Not sent on.
   */
  pages: z.optional(z.int().check(z.gte(1), z.lte(100_000))),
});
export type ProcessBody = z.infer<typeof processBodySchema>;

/**
 * What a result holds, decided once where it enters the app from the service
 * or from the run ledger (lib/routing/result-kind.ts); the result view is
 * chosen by it. "other": a shape this app does not draw, shown as JSON.
 */
export const RESULT_KINDS = ["invoice", "table", "ocr", "other"] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

/** The process answer: the service's `{data, meta}` and its kind. */
export const processAnswerSchema = z.extend(processResultSchema, { kind: z.enum(RESULT_KINDS) });
export type ProcessAnswer = z.infer<typeof processAnswerSchema>;
