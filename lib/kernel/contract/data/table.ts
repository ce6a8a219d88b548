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

/**
 * The answer's own checks (null: not checked). An answer whose checks fail is
 * unsure, and the next provider is tried (INTERFACE.md, "Quality failover").
 */
export const tableChecksSchema = z.looseObject({
  /** At least one table was found. */
  table_found: z.boolean(),
  /** Every row of every table has its cells in the table's columns (no ragged row). */
  rows_agree: z.nullable(z.boolean()),
  /** A ruled table's words lie inside its ruled cells (null: no ruled table). */
  words_within_rules: z.nullable(z.boolean()),
});
export type TableChecks = z.infer<typeof tableChecksSchema>;

export const tableDataSchema = z.looseObject({
  tables: z.array(tableSchema),
  text: z.string(),
  pages: z.array(resultPageSchema),
  /** Optional: another service may not check its answer. */
  checks: z.optional(tableChecksSchema),
});
export type TableData = z.infer<typeof tableDataSchema>;
