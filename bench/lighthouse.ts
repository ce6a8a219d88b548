// Lighthouse (performance category, default mobile emulation) of the home page
// and a category page of the production build against the real service:
// score, LCP and TBT, median of three runs each. Goal: score 95+, LCP under
// 1.5 s on this machine. Chromium is /usr/bin/chromium (CHROMIUM_PATH), headless.
// The blank Next.js page of bench/bundle.ts (bench/harness/blank-app.ts) is measured the
// same way, as the floor this machine and Next itself allow; it is shown, not
// judged.
//
// Each page is measured twice, with the same mobile settings (150 ms, 1.6
// Mbit/s, 4× CPU): with Lighthouse's default simulated throttling, which
// loads the page at full speed and predicts the slow load from that trace,
// and with applied throttling, which slows the real load down. On loopback
// the simulation depends on whether Chrome painted before Next's scripts ran
// (see docs/performance-web.md, Lighthouse), so both are shown and both are judged.
//
//   npx next build && npx tsx bench/lighthouse.ts
//   npx tsx bench/lighthouse.ts --write    # also into docs/performance-web.md
//
// LIGHTHOUSE_REPORT_DIR=<dir> also writes every run's full report (JSON) there,
// to read what Lighthouse blames: the LCP element, render-blocking resources,
// main-thread work, unused JavaScript.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import {
  benchArgs,
  chromiumArgs,
  chromiumPath,
  docFigures,
  exitWith,
  hasBuild,
  machineLoad,
  markdownTable,
  median,
  OCR_CATEGORY,
  startAppAndBlank,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const SERVICE_PORT = 8954;
const APP_PORT = 3954;
const CHROME_PORT = 3955;
const BLANK_PORT = 3956;
const KEY = "bench-lighthouse-key-0123456789";
const OCR = OCR_CATEGORY;
const RUNS = 3;
const GOAL_SCORE = 95;
const GOAL_LCP_MS = 1500;
const METHODS = [
  ["simulate", "simulated throttling"],
  ["devtools", "applied throttling"],
] as const;

async function main(): Promise<boolean> {
  const { write } = benchArgs({});
  if (!hasBuild()) return false;
  const servers = await startAppAndBlank({
    name: "lighthouse",
    ports: { service: SERVICE_PORT, app: APP_PORT, blank: BLANK_PORT },
    key: KEY,
  });
  const chromeDir = path.join(servers.dataDir, "chrome");
  await mkdir(chromeDir, { recursive: true });
  const chrome = await launch({
    chromePath: chromiumPath,
    port: CHROME_PORT,
    userDataDir: chromeDir,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  }).catch(async (error: unknown) => {
    await servers.stop();
    throw error;
  });
  try {
    const pages = [
      ["home /", `${servers.appUrl}/`, true],
      ["category /categories/5b0c7a8e…", `${servers.appUrl}/categories/${OCR}`, true],
      ["blank Next.js page (reference)", `${servers.blankUrl}/`, false],
    ] as const;
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir) await mkdir(reportDir, { recursive: true });
    let ok = true;
    const rows: string[][] = [];
    const runLines: string[] = [];
    for (const [name, url, judged] of pages) {
      await fetch(url); // compile/warm the route once
      const cells: string[] = [];
      const runs: string[] = [];
      for (const [method, label] of METHODS) {
        const scores: number[] = [];
        const lcps: number[] = [];
        const tbts: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await lighthouse(url, {
            port: chrome.port,
            onlyCategories: ["performance"],
            output: "json",
            logLevel: "error",
            throttlingMethod: method,
          });
          const lhr = result?.lhr;
          if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
          if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
          if (reportDir) {
            const file = `${name.split(" ")[0]}-${method}-${i + 1}.json`;
            await writeFile(path.join(reportDir, file), JSON.stringify(lhr));
          }
          scores.push((lhr.categories.performance?.score ?? Number.NaN) * 100);
          lcps.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN);
          tbts.push(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN);
        }
        const score = median(scores);
        const lcp = median(lcps);
        const pass = score >= GOAL_SCORE && lcp < GOAL_LCP_MS;
        if (judged) ok &&= pass;
        cells.push(
          score.toFixed(0),
          `${lcp.toFixed(0)} ms`,
          `${median(tbts).toFixed(0)} ms`,
          judged ? (pass ? "✓" : "✗") : "",
        );
        runs.push(
          `${label}: scores ${scores.map((v) => v.toFixed(0)).join(", ")}, LCP ${lcps.map((v) => v.toFixed(0)).join(", ")} ms`,
        );
      }
      rows.push([name, ...cells]);
      runLines.push(`${name}: ${runs.join("; ")}`);
    }
    const intro = `Lighthouse performance, mobile defaults, median of ${RUNS} runs per page and throttling method (${machineLoad()})`;
    const goal = `Goal: score ${GOAL_SCORE}+, LCP under ${GOAL_LCP_MS} ms`;
    const table: Table = {
      columns: [
        "page",
        ...METHODS.flatMap(([method]) => {
          const short = method === "simulate" ? "simulated" : "applied";
          return [`${short}: score`, "LCP", "TBT", ""];
        }),
      ],
      left: METHODS.map((_, i) => 4 * (i + 1)),
      rows,
    };
    const legend =
      "simulated: Lighthouse's default, predicted from an unthrottled load; applied: the load itself slowed down.";
    console.log(`${intro}\n${goal}\n`);
    console.log(textTable(table));
    console.log(`\nRuns:\n${runLines.map((line) => `  ${line}`).join("\n")}`);
    console.log(`\n${legend}`);
    if (write) {
      writeDocSection(
        "performance-web",
        "lighthouse",
        docFigures(
          "lighthouse",
          `${intro}. ${goal}.`,
          markdownTable(table),
          runLines.map((line) => `- ${line}`).join("\n"),
          legend,
        ),
      );
    }
    return ok;
  } finally {
    chrome.kill();
    await servers.stop();
  }
}

exitWith(main);
