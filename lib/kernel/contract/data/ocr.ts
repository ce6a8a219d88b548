// Text recognition data (INTERFACE.md, "Text recognition data" and "layout").
import * as z from "zod/mini";
import { bboxSchema, unitInterval } from "./common";

export const ocrSpanSchema = z.looseObject({
  text: z.string(),
  confidence: unitInterval(),
  bbox: bboxSchema,
});
export type OcrSpan = z.infer<typeof ocrSpanSchema>;

/** A block of lines in reading order (INTERFACE.md, "Text recognition layout"). */
export const ocrBlockSchema = z.looseObject({
  text: z.string(),
  bbox: bboxSchema,
  lines: z.array(ocrSpanSchema),
});
export type OcrBlock = z.infer<typeof ocrBlockSchema>;

export const ocrPageSchema = z.looseObject({
  number: z.int(),
  width: z.number(),
  height: z.number(),
  dpi: z.optional(z.number()),
  text: z.string(),
  confidence: unitInterval(),
  lines: z.array(ocrSpanSchema),
  words: z.array(ocrSpanSchema),
  /** Optional: another service may not lay pages out. */
  blocks: z.optional(z.array(ocrBlockSchema)),
  /**
   * Our extension: degrees clockwise the page image was turned to be read
   * (scanned sideways or upside down); the boxes are on the image as sent.
   * Another service's value of another kind reads as absent (z.catch).
   */
  rotation: z.catch(z.optional(z.literal([90, 180, 270])), undefined),
});
export type OcrPage = z.infer<typeof ocrPageSchema>;

export const ocrDataSchema = z.looseObject({
  text: z.string(),
  language: z.string(),
  pages: z.array(ocrPageSchema),
});
export type OcrData = z.infer<typeof ocrDataSchema>;
