// Where the benchmarks run: the repository root, the build check, a fresh data
// folder per benchmark, how Chromium is launched, and the ids and keys several
// benchmarks use alike.
import { existsSync, readdirSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { ProviderInput } from "../../service/src/providers/interface/types";

export const root = path.resolve(import.meta.dirname, "../..");

/** The text-recognition category (service/src/catalog.ts): the one most benchmarks call. */
export const OCR_CATEGORY = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";

/** The API key of the service a benchmark starts for itself (overhead, app, storage). */
export const BENCH_KEY = "bench-key-0123456789abcdef";

/** Whether the app's production build exists; says what to run when it does not. */
export function hasBuild(): boolean {
  if (existsSync(path.join(root, ".next/BUILD_ID"))) return true;
  console.log("No production build (.next/BUILD_ID): run `npx next build` first.");
  return false;
}

/** `.data/bench/<name>`, emptied. */
export async function freshDataDir(name: string): Promise<string> {
  const dir = path.join(root, ".data/bench", name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Debian's Chromium unless CHROMIUM_PATH says otherwise. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** No sandbox as root; without the rest, Chromium keeps dialing Google's hosts on a closed network. */
export const chromiumArgs = [
  ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

/**
 * The PDFs of the three sources each PDF bench reads, a column each:
 * calibration (the canvas generator), rendered (HTML drawn by Chromium), real
 * (public documents; fetched, not committed: `npx tsx scripts/real/fetch.ts`).
 */
export const PDF_SOURCES = {
  calibration: ["calibration/invoices", "calibration/tables"],
  rendered: ["rendered/invoices", "rendered/tables"],
  real: ["real/invoices", "real/tables", "real/einvoices"],
} as const;

/** The PDFs in fixtures/`dir`, none when it is missing (real documents not fetched). */
export function pdfsIn(dir: string): string[] {
  const full = path.join(root, "fixtures", dir);
  return existsSync(full)
    ? readdirSync(full)
        .filter((f) => f.endsWith(".pdf"))
        .map((f) => path.join(full, f))
    : [];
}

/**
 * A provider's input for one run of a benchmark, on a copy of `bytes` of its
 * own: a word source keeps a document's reading for the same bytes, as for
 * one request's attempts (service/src/providers/text/pdf-text.ts), so runs meant to be
 * apart must not share them.
 */
export function benchInput(
  bytes: Buffer,
  mimeType = "application/pdf",
  signal: AbortSignal = new AbortController().signal,
): ProviderInput {
  return {
    bytes: Buffer.from(bytes),
    mimeType,
    languageHints: [],
    passthrough: {},
    signal,
    traceId: "bench",
  };
}
