// Starting an outside program (tesseract, pdftoppm, pdftotext) from a small
// service and from one whose engines hold a gigabyte: Node's own spawn (fork +
// exec from the service's process) against runCommand, which asks the launcher
// (service/src/engines/launcher.mjs), a small process of its own, to start it.
// Rounds alternate; printed per size: median milliseconds until `true` has run
// and ended, and how long the call held the event loop (its synchronous part:
// Node's spawn forks before it returns).
//
//   npx tsx bench/spawn.ts
//   npx tsx bench/spawn.ts --write   # also into docs/performance-reading.md
import { spawn } from "node:child_process";
import { runCommand } from "../service/src/engines/command";
import {
  benchArgs,
  docFigures,
  machineLoad,
  markdownTable,
  median,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const ROUNDS = 15;
const SIZES_MIB = [0, 1024];
const { write } = benchArgs({});

const direct = () =>
  new Promise<void>((resolve, reject) => {
    const child = spawn("true", [], { stdio: "ignore" });
    child.on("error", reject);
    child.on("close", () => resolve());
  });
const launched = () =>
  runCommand("true", [], { input: Buffer.alloc(0), signal: AbortSignal.timeout(10_000) });

async function timed(start: () => Promise<unknown>): Promise<{ ms: number; stallMs: number }> {
  const begin = performance.now();
  const started = start();
  const stallMs = performance.now() - begin;
  await started;
  return { ms: performance.now() - begin, stallMs };
}

const ballast: Buffer[] = [];
const rows: string[][] = [];
await launched(); // the launcher starts while the process is small, as the service's start does
for (const mib of SIZES_MIB) {
  // Memory the process has written to, as engines' models and pages are.
  while (ballast.length < mib / 64) ballast.push(Buffer.allocUnsafe(64 * 1024 * 1024).fill(1));
  const runs = { direct: [] as number[], launched: [] as number[] };
  const stalls = { direct: [] as number[], launched: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order =
      round % 2 === 0 ? (["direct", "launched"] as const) : (["launched", "direct"] as const);
    for (const kind of order) {
      const { ms, stallMs } = await timed(kind === "direct" ? direct : launched);
      runs[kind].push(ms);
      stalls[kind].push(stallMs);
    }
  }
  const rss = Math.round(process.memoryUsage().rss / 1024 / 1024);
  rows.push([
    `${rss} MiB`,
    median(runs.direct).toFixed(1),
    median(runs.launched).toFixed(1),
    `${(median(runs.direct) / median(runs.launched)).toFixed(1)}×`,
    median(stalls.direct).toFixed(1),
    median(stalls.launched).toFixed(1),
  ]);
}
const table: Table = {
  columns: [
    "service's memory (RSS)",
    "spawn ms",
    "launcher ms",
    "spawn / launcher",
    "loop stall: spawn",
    "launcher",
  ],
  rows,
};
const intro = `\`true\` started and ended, median of ${ROUNDS} rounds taken by turns`;
console.log(`${intro} (${machineLoad()}):\n`);
console.log(textTable(table));
if (write) {
  writeDocSection(
    "performance-reading",
    "spawn",
    docFigures("spawn", `${intro} (${machineLoad()}):`, markdownTable(table)),
  );
}
process.exit(0);
