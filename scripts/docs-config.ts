// Writes the Routing Service's table of docs/configuration.md from the schema every
// variable is declared in (service/src/config/schema.ts): its name, default and meaning.
//
//   npm run docs:config          # rewrites the table between its markers
//   service/test/config.test.ts checks the page matches the schema.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { DEFAULT_TEXT, SECTIONS } from "../service/src/config/schema";

export const CONFIGURATION_PAGE = path.join(import.meta.dirname, "../docs/configuration.md");
const OPEN = "<!-- config:service -->";
const CLOSE = "<!-- /config:service -->";

/** What is set when the variable is not: the schema's default, or "unset". */
function defaultOf(name: string, schema: z.ZodType): string {
  const known = DEFAULT_TEXT[name];
  if (known) return known;
  const def = schema.def as { type: string; defaultValue?: unknown };
  if (def.type !== "default") return "unset";
  const value = def.defaultValue;
  const text = Array.isArray(value)
    ? value.join(",")
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);
  return text === "" || text === "{}" ? "unset" : `\`${text}\``;
}

/** The tables, one per section, as markdown. */
export function serviceConfigTables(): string {
  const parts: string[] = [];
  for (const [title, section] of Object.entries(SECTIONS)) {
    parts.push(`#### ${title}`, "", "| Variable | Default | Meaning |", "| --- | --- | --- |");
    for (const [name, schema] of Object.entries(section.shape as Record<string, z.ZodType>)) {
      const meaning = (schema.description ?? "").replaceAll("|", "\\|");
      parts.push(`| \`${name}\` | ${defaultOf(name, schema)} | ${meaning} |`);
    }
    parts.push("");
  }
  return parts.join("\n").trimEnd();
}

/** The page with its table replaced by the schema's. */
export function configurationPage(page: string): string {
  const start = page.indexOf(OPEN);
  const end = page.indexOf(CLOSE);
  if (start < 0 || end < start) throw new Error(`${CONFIGURATION_PAGE} has no ${OPEN} … ${CLOSE}`);
  return `${page.slice(0, start + OPEN.length)}\n${serviceConfigTables()}\n${page.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const page = readFileSync(CONFIGURATION_PAGE, "utf8");
  writeFileSync(CONFIGURATION_PAGE, configurationPage(page));
  console.log(`wrote ${path.relative(process.cwd(), CONFIGURATION_PAGE)}`);
}
