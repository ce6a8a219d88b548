// The baseline of bench/bundle.ts, bench/lighthouse.ts and bench/app.ts: a
// blank Next.js app built the same way as the app (same next and react from
// the repo's node_modules, `next build` + `next start`), with one layout, one
// page returning a heading, one route handler returning a small JSON (the stock
// no-op of bench/app.ts) and one that forwards a GET to the Routing Service and
// returns its answer (the stock forward: the floor of a handler that calls the
// service).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { startApp, startRealService, waitUntilAnswers } from "./processes";
import { freshDataDir, root } from "./setup";

const blankDir = path.join(root, ".data/bench/blank-app");
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");

const healthRoute = path.join(blankDir, "app/api/health/route.ts");
const forwardRoute = path.join(blankDir, "app/api/forward/route.ts");

/** A minimal Next app: one layout, one page, one route handler; the repo's node_modules. */
export async function buildBlank(): Promise<void> {
  // A build from before the route handlers were added is built again.
  if (existsSync(path.join(blankDir, ".next/BUILD_ID")) && existsSync(forwardRoute)) return;
  await rm(blankDir, { recursive: true, force: true });
  await mkdir(path.dirname(healthRoute), { recursive: true });
  await mkdir(path.dirname(forwardRoute), { recursive: true });
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
  await writeFile(
    healthRoute,
    'export function GET() {\n  return Response.json({ status: "ok" });\n}\n',
  );
  // The same request the app's list makes, as a stock handler would: fetch, return the body.
  await writeFile(
    forwardRoute,
    'export async function GET() {\n  const response = await fetch(process.env.FORWARD_URL + "/v1/categories", {\n    headers: { "X-API-Key": process.env.FORWARD_KEY ?? "" },\n    cache: "no-store",\n  });\n  return Response.json(await response.json(), { status: response.status });\n}\n',
  );
  console.log("Building the blank Next.js app (once, in .data/bench/blank-app)…");
  const { status } = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: blankDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (status !== 0) throw new Error("next build of the blank app failed");
}

/** `next start` of the blank app; its forward route calls `forward` (a service URL and key). */
export async function startBlank(
  port: number,
  forward?: { url: string; key: string },
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [nextBin, "start", "-p", String(port)], {
    cwd: blankDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      ...(forward ? { FORWARD_URL: forward.url, FORWARD_KEY: forward.key } : {}),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswers(url, child, "next start (blank)");
  return { url, child };
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
