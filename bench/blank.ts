// The baseline of bench/bundle.ts and bench/lighthouse.ts: a blank Next.js app
// built the same way as the app (same next and react from the repo's
// node_modules, `next build` + `next start`), with one layout and one page
// returning a heading.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { startApp, startRealService } from "./app";
import { freshDataDir, root } from "./setup";

const blankDir = path.join(root, ".data/bench/blank-app");
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");

/** A minimal Next app: one layout, one page returning a heading; the repo's node_modules. */
export async function buildBlank(): Promise<void> {
  if (existsSync(path.join(blankDir, ".next/BUILD_ID"))) return;
  await rm(blankDir, { recursive: true, force: true });
  await mkdir(path.join(blankDir, "app"), { recursive: true });
  await symlink(path.join(root, "node_modules"), path.join(blankDir, "node_modules"), "dir");
  await writeFile(
    path.join(blankDir, "package.json"),
    '{ "name": "blank-app", "private": true }\n',
  );
  await writeFile(
    path.join(blankDir, "next.config.mjs"),
    `export default { reactStrictMode: true, poweredByHeader: false, turbopack: { root: ${JSON.stringify(root)} } };\n`,
  );
  await writeFile(
    path.join(blankDir, "app/layout.tsx"),
    'export default function RootLayout({ children }: { children: React.ReactNode }) {\n  return (\n    <html lang="en">\n      <body>{children}</body>\n    </html>\n  );\n}\n',
  );
  await writeFile(
    path.join(blankDir, "app/page.tsx"),
    "export default function Page() {\n  return <h1>Blank</h1>;\n}\n",
  );
  console.log("Building the blank Next.js app (once, in .data/bench/blank-app)…");
  const { status } = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: blankDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (status !== 0) throw new Error("next build of the blank app failed");
}

export async function startBlank(port: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(port)], {
    cwd: blankDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error("next start (blank) exited");
    try {
      if ((await fetch(url)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error("next start (blank) did not answer in 30 s");
}

/**
 * For the page benchmarks (bundle, Lighthouse): the real service, the app's production
 * build and the blank app, each on its port, with the data in `.data/bench/<name>`.
 */
export async function startAppAndBlank(options: {
  name: string;
  ports: { service: number; app: number; blank: number };
  key: string;
}): Promise<{ appUrl: string; blankUrl: string; dataDir: string; stop: () => Promise<void> }> {
  await buildBlank();
  const dataDir = await freshDataDir(options.name);
  const service = await startRealService({
    port: options.ports.service,
    dataDir: path.join(dataDir, "service"),
    key: options.key,
    corsOrigin: `http://127.0.0.1:${options.ports.app}`,
  });
  const children: ChildProcess[] = [service.child];
  const stop = async () => {
    for (const child of children) child.kill();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const app = await startApp(service.url, dataDir, { port: options.ports.app, key: options.key });
    children.push(app.child);
    const blank = await startBlank(options.ports.blank);
    children.push(blank.child);
    return { appUrl: app.url, blankUrl: blank.url, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
