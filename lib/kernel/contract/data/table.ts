// Table data (INTERFACE.md, "Table data").
import * as z from "zod/mini";
import { bboxSchema, resultPageSchema } from "./common";

export const tableCellSchema = z.looseObject({
  row: z.int(),
  col: z.int(),
  row_span: z.int().check(z.gte(1)),
  col_span: z.int().check(z.gte(1)),
  text: z.string(),
  bbox: bboxSchema,
});
export type TableCell = z.infer<typeof tableCellSchema>;

export const tableSchema = z.looseObject({
  page: z.int(),
  bbox: bboxSchema,
  /** Rectangular: every row has as many cells; header row first; "" for empty cells. */
  rows: z.array(z.array(z.string())),
  cells: z.array(tableCellSchema),
});
export type Table = z.infer<typeof tableSchema>;

export const tableDataSchema = z.looseObject({
  tables: z.array(tableSchema),
  text: z.string(),
  pages: z.array(resultPageSchema),
});
export type TableData = z.infer<typeof tableDataSchema>;
