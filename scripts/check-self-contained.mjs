// The repository stands on its own: no tracked code, test, bench or script may
// name a path outside it (the reference folder beside the checkout,
// say). The project keeps its own copies under fixtures/ and docs/. Prose
// (Markdown) may mention where material came from.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const OUTSIDE = /\.\.\/shared\b|["'`]shared["'`]\s*,\s*["'`]fixtures|\/work\/shared/;
const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((f) => f && !f.endsWith(".md") && !f.endsWith("package-lock.json"));

const found = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(join(root, file), "utf8");
  } catch {
    continue; // deleted in the working tree
  }
  text.split("\n").forEach((line, i) => {
    if (OUTSIDE.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
}
if (found.length > 0) {
  console.error("✗ These lines reach outside the repository (use fixtures/ or docs/):");
  for (const f of found) console.error(`  ${f}`);
  process.exit(1);
}
console.log(`✓ ${files.length} tracked files name no path outside the repository`);
