// Results as Markdown, made in the browser from what was read: text as
// headings and paragraphs from the layout's blocks, tables as GFM tables. The
// text comes from a document, not from the person: every character Markdown
// or HTML would act on is escaped, so the file shows the words, never markup.
import type { OcrBlock, OcrData, OcrPage, OcrSpan, Table, TableData } from "@/lib/kernel/contract";

/** A block this many times the page's usual line height or more, short and alone, is a heading. */
const HEADING = 1.3;
/** …and this many times, a top-level one. */
const TITLE = 1.8;
const HEADING_MAX_CHARS = 90;

/** Characters Markdown or HTML would act on anywhere in a line. */
const INLINE = /[\\`*_[\]<>|~]/g;

export function escapeMarkdown(text: string): string {
  return (
    text
      .replace(INLINE, (c) => `\\${c}`)
      // What starts a heading, a quote, a list or a rule at the start of a line.
      .replace(/^(\s*)(#{1,6}(?=\s|$)|[-+](?=\s|$)|>|[-=][-=\s]*$)/, "$1\\$2")
      .replace(/^(\s*\d{1,9})([.)])(?=\s|$)/, "$1\\$2")
  );
}

/** The whole text, page by page, rules between pages. */
export function ocrMarkdown(data: OcrData): string {
  if (data.pages.length === 0) return `${paragraph(data.text.split("\n"))}\n`;
  const pages = data.pages.map(pageMarkdown).filter((page) => page !== "");
  return `${pages.join("\n\n---\n\n")}\n`;
}

function pageMarkdown(page: OcrPage): string {
  const blocks = page.blocks?.length ? page.blocks : fallbackBlocks(page);
  const usual = median(blocks.flatMap((block) => block.lines.map(lineHeight)));
  return blocks
    .map((block) => {
      const lines = block.lines.length ? block.lines.map((line) => line.text) : [block.text];
      const level = headingLevel(block, usual);
      return level
        ? `${"#".repeat(level)} ${escapeMarkdown(lines.join(" ").trim())}`
        : paragraph(lines);
    })
    .filter((text) => text.replace(/[#\s]/g, "") !== "")
    .join("\n\n");
}

/** A service that gives no blocks: its lines, a paragraph wherever the text has an empty line. */
function fallbackBlocks(page: OcrPage): OcrBlock[] {
  const box = { x0: 0, y0: 0, x1: 0, y1: 0 };
  return page.text.split(/\n\s*\n/).map((text) => ({
    text,
    bbox: box,
    lines: text.split("\n").map((line) => ({ text: line, confidence: 1, bbox: box })),
  }));
}

function headingLevel(block: OcrBlock, usual: number): 0 | 1 | 2 {
  if (!(usual > 0) || block.lines.length === 0 || block.lines.length > 2) return 0;
  const text = block.lines
    .map((line) => line.text)
    .join(" ")
    .trim();
  if (text.length === 0 || text.length > HEADING_MAX_CHARS || /[.,;:]$/.test(text)) return 0;
  const height = Math.min(...block.lines.map(lineHeight));
  if (height >= TITLE * usual) return 1;
  return height >= HEADING * usual ? 2 : 0;
}

/** Lines of one block as one paragraph: a word broken over a line end ("exam-" "ple") joined. */
function paragraph(lines: readonly string[]): string {
  let text = "";
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!text) text = line;
    else if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(line)) text = `${text.slice(0, -1)}${line}`;
    else text = `${text} ${line}`;
  }
  return escapeMarkdown(text);
}

function lineHeight(line: OcrSpan): number {
  return Math.max(0, line.bbox.y1 - line.bbox.y0);
}

function median(values: number[]): number {
  const sorted = values.filter((v) => v > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Every table as a GFM table under its own heading, header row first. */
export function tablesMarkdown(data: TableData): string {
  if (data.tables.length === 0) return "No tables were found in this document.\n";
  return `${data.tables
    .map((table, i) => `## Table ${i + 1} (page ${table.page})\n\n${tableMarkdown(table)}`)
    .join("\n\n")}\n`;
}

export function tableMarkdown(table: Table): string {
  const width = Math.max(1, ...table.rows.map((row) => row.length));
  const row = (cells: readonly string[]) =>
    `| ${Array.from({ length: width }, (_, i) => cell(cells[i] ?? "")).join(" | ")} |`;
  const [head = [], ...body] = table.rows;
  return [row(head), `|${" --- |".repeat(width)}`, ...body.map(row)].join("\n");
}

/** A cell on one line: a line break inside it becomes a space. */
function cell(text: string): string {
  return escapeMarkdown(text.replace(/\s*\n\s*/g, " ").trim());
}
