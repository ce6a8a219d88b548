// What the browser and app benchmarks share: the repository root, the build
// check, a fresh data folder per benchmark, and how Chromium is launched.
import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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
