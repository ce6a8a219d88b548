// JavaScript the browser downloads for the home page and a category page,
// compressed as served (what Chromium actually receives: the encoded body size
// of every script response), against a blank Next.js page built the same way
// (same next/react, `next build` + `next start`). Goal: the category page
// within 60 kB of blank. The HTML document's compressed size is shown beside
// it, not judged: with the stylesheet inlined it is most of what comes first.
//
//   npx next build && npx tsx bench/bundle.ts
//   npx tsx bench/bundle.ts --write    # also into docs/performance-web.md
import { type Browser, chromium } from "@playwright/test";
import {
  benchArgs,
  chromiumArgs,
  chromiumPath,
  docFigures,
  exitWith,
  hasBuild,
  machineLoad,
  markdownTable,
  OCR_CATEGORY,
  startAppAndBlank,
  type Table,
  textTable,
  writeDocSection,
} from "./harness";

const SERVICE_PORT = 8951;
const APP_PORT = 3951;
const BLANK_PORT = 3952;
const KEY = "bench-bundle-key-0123456789";
const OCR = OCR_CATEGORY;
const GOAL_KB = 60;

/** A cold load: its scripts (count, encoded as sent and decoded) and its HTML document (encoded). */
interface PageBytes {
  count: number;
  encoded: number;
  decoded: number;
  document: number;
}

/** Every script the page downloads until the network is idle, and the document. */
async function measure(browser: Browser, url: string): Promise<PageBytes> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<{ encoded: number; decoded: number }>[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    pending.push(
      Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => ({
        encoded: sizes.responseBodySize,
        decoded: (await response?.body())?.length ?? 0,
      })),
    );
  });
  const response = await page.goto(url, { waitUntil: "networkidle" });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
  const sizes = await Promise.all(pending);
  const document = (await response.request().sizes()).responseBodySize;
  await context.close();
  return {
    document,
    count: sizes.length,
    encoded: sizes.reduce((sum, s) => sum + s.encoded, 0),
    decoded: sizes.reduce((sum, s) => sum + s.decoded, 0),
  };
}

async function main(): Promise<boolean> {
  const { write } = benchArgs({});
  if (!hasBuild()) return false;
  const pages = await startAppAndBlank({
    name: "bundle",
    ports: { service: SERVICE_PORT, app: APP_PORT, blank: BLANK_PORT },
    key: KEY,
  });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: chromiumArgs,
    });
    const blankJs = await measure(browser, `${pages.blankUrl}/`);
    const rows: [string, PageBytes][] = [
      ["home /", await measure(browser, `${pages.appUrl}/`)],
      [
        `category /categories/${OCR.slice(0, 8)}…`,
        await measure(browser, `${pages.appUrl}/categories/${OCR}`),
      ],
      ["blank Next.js page", blankJs],
    ];
    const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
    const intro = `Script responses Chromium downloads on a cold load, until the network is idle (${machineLoad()})`;
    const goal = `Goal: the category page within ${GOAL_KB} kB (compressed) of the blank page`;
    const table: Table = {
      columns: ["page", "document", "scripts", "compressed", "uncompressed", "over blank", "ratio"],
      rows: rows.map(([name, s]) => [
        name,
        kB(s.document),
        String(s.count),
        kB(s.encoded),
        kB(s.decoded),
        kB(s.encoded - blankJs.encoded),
        `${(s.encoded / blankJs.encoded).toFixed(2)}×`,
      ]),
    };
    const category = rows[1]?.[1];
    const over = (category?.encoded ?? Number.POSITIVE_INFINITY) - blankJs.encoded;
    const ok = over <= GOAL_KB * 1000;
    const verdict = `category page − blank: ${kB(over)} compressed  ${ok ? "✓" : "✗ over goal"}`;
    const legend =
      "document, compressed = encoded body bytes as sent by `next start` (gzip); kB = 1000 bytes.";
    console.log(`${intro}\n${goal}\n`);
    console.log(textTable(table));
    console.log(`\n${verdict}\n${legend}`);
    if (write) {
      writeDocSection(
        "performance-web",
        "bundle",
        docFigures("bundle", `${intro}. ${goal}.`, markdownTable(table), verdict, legend),
      );
    }
    return ok;
  } finally {
    await browser?.close();
    await pages.stop();
  }
}

exitWith(main);
