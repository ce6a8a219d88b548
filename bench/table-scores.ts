// How a table bench scores a table against its truth. Two measures:
//   - cells right: the truth's cells found at the same row and column, text
//     equal once runs of white space are one space (what the calibration bench
//     has always counted);
//   - cell adjacency, the measure of the ICDAR 2013 table competition: every
//     non-empty cell paired with its nearest non-empty neighbour to the right
//     and below, each pair compared as text with all white space removed (so a
//     line break inside a cell, or a word split by it, does not count), as
//     multisets: precision = pairs found that the truth holds / pairs found,
//     recall = pairs of the truth found / pairs of the truth. A table split,
//     merged, shifted by a column or a title row taken in loses only the pairs
//     across the fault, not every cell after it.

export type Rows = readonly (readonly string[])[];

/** One table of the truth or of an answer, on its page. */
export interface PageTable {
  page: number;
  rows: Rows;
}

/** A document's truth: its tables on the pages it covers (a page listed without a table has none). */
export interface TableTruth {
  pages: readonly number[];
  tables: readonly PageTable[];
}

/** The truth file's two shapes: `{rows}` (one table on page 1, none if empty) or `{tables, pages?}`. */
export function readTruth(json: unknown): TableTruth {
  const value = json as { rows?: Rows; tables?: PageTable[]; pages?: number[] };
  if (value.rows) {
    return { pages: [1], tables: value.rows.length > 0 ? [{ page: 1, rows: value.rows }] : [] };
  }
  const tables = value.tables ?? [];
  const pages = value.pages ?? [...new Set(tables.map((t) => t.page))];
  return { pages, tables };
}

/** Cell text as the cell measure compares it: runs of white space as one space, trimmed. */
export const cellText = (text: string) => text.replace(/\s+/g, " ").trim();
/** Cell text as the adjacency measure compares it: no white space at all. */
export const pairText = (text: string) => text.replace(/\s+/g, "");

/** Cells of `truth` that `found` holds at the same position. */
export function cellsRight(found: Rows, truth: Rows): number {
  return truth.reduce(
    (sum, row, r) =>
      sum + row.filter((text, c) => cellText(found[r]?.[c] ?? "") === cellText(text)).length,
    0,
  );
}

/**
 * The adjacency pairs of one table, each as one string ("→a|b" to the right,
 * "↓a|b" below), with repeats: a cell's nearest non-empty neighbour along its
 * row and along its column.
 */
export function adjacencyPairs(rows: Rows): string[] {
  const text = rows.map((row) => row.map(pairText));
  const pairs: string[] = [];
  text.forEach((row, r) => {
    row.forEach((cell, c) => {
      if (cell === "") return;
      const right = row.slice(c + 1).find((t) => t !== "");
      if (right !== undefined) pairs.push(`→${cell}|${right}`);
      for (let below = r + 1; below < text.length; below++) {
        const under = text[below]?.[c] ?? "";
        if (under === "") continue;
        pairs.push(`↓${cell}|${under}`);
        break;
      }
    });
  });
  return pairs;
}

/** Pairs of the truth, pairs found, and pairs found that the truth holds (as multisets). */
export interface AdjacencyCount {
  truth: number;
  found: number;
  right: number;
}

export const NO_PAIRS: AdjacencyCount = { truth: 0, found: 0, right: 0 };

export function addCounts(a: AdjacencyCount, b: AdjacencyCount): AdjacencyCount {
  return { truth: a.truth + b.truth, found: a.found + b.found, right: a.right + b.right };
}

/** The adjacency pairs of some tables (a page's) against those of the truth's tables. */
export function countPairs(found: readonly Rows[], truth: readonly Rows[]): AdjacencyCount {
  const expected = new Map<string, number>();
  const truthPairs = truth.flatMap(adjacencyPairs);
  for (const pair of truthPairs) expected.set(pair, (expected.get(pair) ?? 0) + 1);
  const foundPairs = found.flatMap(adjacencyPairs);
  let right = 0;
  for (const pair of foundPairs) {
    const left = expected.get(pair) ?? 0;
    if (left > 0) {
      right++;
      expected.set(pair, left - 1);
    }
  }
  return { truth: truthPairs.length, found: foundPairs.length, right };
}

export interface AdjacencyScore {
  precision: number;
  recall: number;
  f1: number;
}

/**
 * Precision, recall and F1 of a count. Nothing found scores precision 1 (no
 * wrong pair was claimed); a truth without pairs scores recall 1.
 */
export function adjacencyScore({ truth, found, right }: AdjacencyCount): AdjacencyScore {
  const precision = found === 0 ? 1 : right / found;
  const recall = truth === 0 ? 1 : right / truth;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** What one answer scored against its document's truth. */
export interface DocumentScore {
  /** Cells of the truth's tables right (each against the answer's best table on its page), of all. */
  cellsRight: number;
  cells: number;
  /** Adjacency pairs over the pages that have tables. */
  pairs: AdjacencyCount;
  /** Pages of the truth without a table, and the tables the answer reported on them. */
  emptyPages: number;
  falseTables: number;
}

/** An answer's tables (any pages) scored against the truth, over the pages the truth covers. */
export function scoreDocument(found: readonly PageTable[], truth: TableTruth): DocumentScore {
  let right = 0;
  let cells = 0;
  let pairs = NO_PAIRS;
  let emptyPages = 0;
  let falseTables = 0;
  for (const page of truth.pages) {
    const expected = truth.tables.filter((t) => t.page === page).map((t) => t.rows);
    const answered = found.filter((t) => t.page === page).map((t) => t.rows);
    if (expected.length === 0) {
      emptyPages++;
      falseTables += answered.length;
      continue;
    }
    for (const rows of expected) {
      cells += rows.flat().length;
      right += Math.max(0, ...answered.map((a) => cellsRight(a, rows)));
    }
    pairs = addCounts(pairs, countPairs(answered, expected));
  }
  return { cellsRight: right, cells, pairs, emptyPages, falseTables };
}
