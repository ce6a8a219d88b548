// npm test: every check, in the order a failure is cheapest to find.
// Lint and format, types, unit and integration (Vitest, with PostgreSQL),
// the production build, then end-to-end in a real Chromium (Playwright).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

import {
  ensureChromium,
  ensureCommand,
  ensureJemalloc,
  ensurePostgres,
  ensureRedis,
  ensureTesseractLanguages,
} from "./system-deps.mjs";

const env = process.env;
env.NEXT_TELEMETRY_DISABLED = "1";
const results = join(root, ".data", "test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

ensureCommand("tesseract", "tesseract-ocr");
ensureTesseractLanguages();
ensureCommand("pdftoppm", "poppler-utils");
ensureJemalloc();
ensureChromium();
ensurePostgres();
ensureRedis();

const steps = [];
function step(name, command, args) {
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, env, stdio: "inherit" });
  steps.push({ name, ok: status === 0, seconds: Math.round((Date.now() - started) / 1000) });
  return status === 0;
}

step("self-contained", "node", ["scripts/check-self-contained.mjs"]);
step("lint and format", "npx", ["biome", "ci", "."]);
step("import circles and layers", "npm", ["run", "-s", "lint:layers"]);
step("types", "npx", ["tsc", "--noEmit"]);
step("unit and integration", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${join(results, "vitest.json")}`,
]);
if (step("production build", "npx", ["next", "build"])) {
  // Two services and two apps as real processes on PostgreSQL, Redis and a bucket.
  step("fleet", "npx", [
    "vitest",
    "run",
    "--config",
    "vitest.fleet.config.ts",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${join(results, "fleet.json")}`,
  ]);
  env.PLAYWRIGHT_JSON_OUTPUT_NAME = join(results, "playwright.json");
  step("end-to-end", "npx", ["playwright", "test"]);
}

/** Counts passed and failed tests from a runner's JSON report. */
function count(file, read) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  return read(JSON.parse(readFileSync(file, "utf8")));
}
const vitestCounts = (r) => ({ passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0 });
const unit = count(join(results, "vitest.json"), vitestCounts);
const fleet = count(join(results, "fleet.json"), vitestCounts);
const vitest = { passed: unit.passed + fleet.passed, failed: unit.failed + fleet.failed };
const e2e = count(join(results, "playwright.json"), (r) => ({
  passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
  failed: r.stats?.unexpected ?? 0,
}));

console.log("\nSummary");
for (const s of steps) console.log(`  ${s.ok ? "✓" : "✗"} ${s.name} (${s.seconds}s)`);
const failedSteps = steps.filter((s) => !s.ok).length;
console.log(
  `\n${vitest.passed + e2e.passed} passed, ${vitest.failed + e2e.failed + failedSteps} failed`,
);
process.exit(failedSteps === 0 ? 0 : 1);
