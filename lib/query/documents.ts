// The bodies the browser sends to the app's upload and process route
// handlers, checked there with these schemas. The answers are the contract's
// own shapes: the upload grant, and `{data, meta}`.
import { z } from "zod";

export const uploadBodySchema = z.object({
  contentType: z.string().trim().min(1).max(255),
  /**
   * The picked file's name and size, for the run history. The size also goes to the
   * service, which refuses an oversize file at once and signs the size into S3 URLs.
   */
  fileName: z.string().trim().min(1).max(255).optional(),
  size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type UploadBody = z.infer<typeof uploadBodySchema>;

export const processBodySchema = z.object({
  /** The grant's s3_uri. */
  document: z.string().startsWith("s3://").max(2048),
  mimeType: z.string().trim().min(1).max(255),
  languageHints: z.array(z.string().trim().min(1).max(35)).max(10).optional(),
  /** The grant's object_key. */
  objectKey: z.string().min(1).max(1024).optional(),
});
export type ProcessBody = z.infer<typeof processBodySchema>;

/** The process call's headers. Idempotency-Key per INTERFACE.md: 1–255 printable characters. */
export const processHeadersSchema = z.object({
  "Idempotency-Key": z
    .string()
    .regex(/^[\x20-\x7e]{1,255}$/, "must be 1–255 printable characters")
    .optional(),
});

/** A category id as the path carries it: UUID-shaped, any version. */
export const categoryIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
