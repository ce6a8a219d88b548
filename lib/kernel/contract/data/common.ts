// What several categories' data share: boxes on a page, confidences, page sizes.
import * as z from "zod/mini";

export const unitInterval = () => z.number().check(z.gte(0), z.lte(1));

export const bboxSchema = z.object({
  x0: z.number(),
  y0: z.number(),
  x1: z.number(),
  y1: z.number(),
});
export type BBox = z.infer<typeof bboxSchema>;

/** The page a structured result stands on: its size, for drawing boxes (extra fields allowed). */
export const resultPageSchema = z.looseObject({
  number: z.int(),
  width: z.number(),
  height: z.number(),
  dpi: z.optional(z.number()),
});
export type ResultPage = z.infer<typeof resultPageSchema>;
