// How a benchmark reports: its options (every benchmark takes --write), its
// figure table printed for the terminal and, with --write, written as Markdown
// into its section of a docs/ page, and its exit code.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { root } from "./setup";

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * The command line's options, `--write` among them (write the figures into
 * docs/): strict, so a misspelt option fails instead of being ignored.
 */
export function benchArgs<const T extends Options>(options: T) {
  return parseArgs({
    args: process.argv.slice(2),
    options: { ...options, write: { type: "boolean", default: false } },
  }).values;
}

/** A figure table: the first column (and those in `left`) aligned left, the rest right. */
export interface Table {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  /** Columns aligned left besides the first, by index. */
  left?: readonly number[];
}

/** A table of one row per label, one column per source, `columns[source][i]` in row i ("–" where missing). */
export function sourcesTable(labels: readonly string[], columns: Record<string, string[]>): Table {
  const sources = Object.keys(columns);
  return {
    columns: ["", ...sources],
    rows: labels.map((label, i) => [label, ...sources.map((s) => columns[s]?.[i] ?? "–")]),
  };
}

const alignedLeft = (table: Table, column: number) =>
  column === 0 || (table.left?.includes(column) ?? false);

function widths(table: Table, cells: (row: readonly string[]) => readonly string[]): number[] {
  return table.columns.map((_, i) =>
    Math.max(...[table.columns, ...table.rows].map((row) => cells(row)[i]?.length ?? 0)),
  );
}

/** The table for the terminal: columns padded, two spaces apart. */
export function textTable(table: Table, indent = ""): string {
  const width = widths(table, (row) => row);
  const line = (row: readonly string[]) =>
    indent +
    table.columns
      .map((_, i) => {
        const cell = row[i] ?? "";
        const w = width[i] ?? 0;
        return alignedLeft(table, i) ? cell.padEnd(w) : cell.padStart(w);
      })
      .join("  ")
      .trimEnd();
  return [table.columns, ...table.rows].map(line).join("\n");
}

/** The table as Markdown, padded so it reads as well in the source as rendered. */
export function markdownTable(table: Table): string {
  const escaped = (row: readonly string[]) => row.map((cell) => cell.replaceAll("|", "\\|"));
  const width = widths(table, escaped).map((w) => Math.max(w, 3));
  const line = (row: readonly string[]) =>
    `| ${table.columns
      .map((_, i) => {
        const cell = escaped(row)[i] ?? "";
        const w = width[i] ?? 3;
        return alignedLeft(table, i) ? cell.padEnd(w) : cell.padStart(w);
      })
      .join(" | ")} |`;
  const rule = `| ${width
    .map((w, i) => (alignedLeft(table, i) ? "-".repeat(w) : `${"-".repeat(w - 1)}:`))
    .join(" | ")} |`;
  return [line(table.columns), rule, ...table.rows.map(line)].join("\n");
}

/**
 * The Markdown a benchmark writes into its docs section: its blocks (what was
 * measured and on what load, the table, the verdict), then when and by what.
 */
export function docFigures(bench: string, ...blocks: string[]): string {
  const day = new Date().toISOString().slice(0, 10);
  return [
    ...blocks.map((block) => block.trim()).filter((block) => block.length > 0),
    `_Written by \`npx tsx bench/${bench}.ts --write\` on ${day}._`,
  ].join("\n\n");
}

/**
 * Replaces what stands between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`
 * in docs/<page>.md with `markdown`, the markers kept. Fails, writing nothing,
 * unless the page holds each marker once and in that order.
 */
export function writeDocSection(
  page: string,
  name: string,
  markdown: string,
  docsDir = path.join(root, "docs"),
): string {
  const file = path.join(docsDir, page.endsWith(".md") ? page : `${page}.md`);
  const shown = path.relative(root, file);
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const where = `add the lines ${open} and ${close} where bench/${name}.ts should write its figures`;
  if (!existsSync(file)) throw new Error(`${shown} does not exist: create it and ${where}`);
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < 0) {
    const missing = [start < 0 ? open : "", end < 0 ? close : ""].filter(Boolean).join(" and ");
    throw new Error(`${shown} has no ${missing}: ${where}`);
  }
  if (text.indexOf(open, start + 1) >= 0 || text.indexOf(close, end + 1) >= 0) {
    throw new Error(`${shown} holds ${open} or ${close} more than once`);
  }
  if (end < start) throw new Error(`${shown} has ${close} before ${open}`);
  const written = `${text.slice(0, start + open.length)}\n${markdown.trim()}\n${text.slice(end)}`;
  writeFileSync(file, written);
  console.log(`\nFigures written to ${shown} (bench:${name}).`);
  return file;
}

/** Runs a benchmark's main; the exit code says whether every goal was met. */
export function exitWith(main: () => Promise<boolean>): void {
  main()
    .then((ok) => {
      if (!ok) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
