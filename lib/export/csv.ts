// Tables as CSV (RFC 4180, by Papa Parse) that a spreadsheet opens safely.
import Papa from "papaparse";

/**
 * A cell starting with = + - @ (or a tab or CR) is a formula to a spreadsheet,
 * and a document's text is not to be trusted: such cells get a leading `'`.
 * A plain signed number ("-12.50", "+3") is left as it is.
 */
const FORMULA_START = /^[=+\-@\t\r](?![\d.,\s]*$)/;

export type CsvValue = string | number | boolean | null;

export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return `${Papa.unparse(rows as CsvValue[][], { escapeFormulae: FORMULA_START, newline: "\r\n" })}\r\n`;
}
