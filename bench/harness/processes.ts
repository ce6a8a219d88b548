// The programs under measurement, each started as its own process the way it
// runs in production: the real Routing Service (`service/src/main.ts`) and the
// app's production build (`next start`, or scripts/app-server.ts as `npm start`
// serves it). Benchmarks reach them over HTTP only.
import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { freePort } from "../../service/test/free-port";
import { BENCH_KEY, OCR_CATEGORY, root } from "./setup";

export { freePort };

/** Resolves once a GET of `url` answers 2xx; fails when `child` exits first or after 30 s. */
export async function waitUntilAnswers(url: string, child: ChildProcess, what: string) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`${what} did not answer in 30 s`);
}

/**
 * How the service runs: as `npm run service` runs it (scripts/service.sh: its build,
 * on jemalloc when installed), or with BENCH_SERVICE=tsx its source through tsx, as
 * it ran before (docs/memory.md compares them; SERVICE_ALLOCATOR=system, glibc's).
 */
function serviceCommand(): [string, ...string[]] {
  if (process.env.BENCH_SERVICE === "tsx")
    return [process.execPath, "--import", "tsx", path.join(root, "service/src/main.ts")];
  return ["sh", path.join(root, "scripts/service.sh")];
}

/**
 * The real Routing Service (embedded storage, real providers) as its own process,
 * on a fixed port, allowing browser uploads from corsOrigin.
 */
export async function startRealService(options: {
  port: number;
  dataDir: string;
  key: string;
  corsOrigin: string;
  env?: Record<string, string>;
}): Promise<{ url: string; child: ChildProcess }> {
  const url = `http://127.0.0.1:${options.port}`;
  const [command, ...args] = serviceCommand();
  const child = spawn(command, args, {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      SERVICE_PORT: String(options.port),
      SERVICE_API_KEYS: options.key,
      SERVICE_DATA_DIR: options.dataDir,
      SERVICE_CORS_ORIGINS: options.corsOrigin,
      SERVICE_PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      ...options.env,
    },
  });
  await waitUntilAnswers(`${url}/healthz`, child, "the service");
  return { url, child };
}

/** `next start` of the production build against the service at serviceUrl. */
export async function startApp(
  serviceUrl: string,
  dataDir: string,
  options: {
    port?: number;
    key?: string;
    env?: Record<string, string>;
    /** Serve through scripts/app-server.ts, as `npm start` does, instead of `next start`. */
    peerServer?: boolean;
  } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = options.port ?? (await freePort());
  const args = options.peerServer
    ? ["--import", "tsx", path.join(root, "scripts/app-server.ts")]
    : [createRequire(import.meta.url).resolve("next/dist/bin/next"), "start", "-p", String(port)];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      ROUTING_API_URL: serviceUrl,
      ROUTING_API_KEY: options.key ?? BENCH_KEY,
      APP_RATE_LIMIT_PER_MINUTE: "0",
      BUYER_SERVICE_CALLS_PER_MINUTE: "0",
      LEDGER_SQLITE_PATH: path.join(dataDir, "ledger.sqlite"),
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      ...options.env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswers(`${url}/api/health`, child, "next start");
  return { url, child };
}

/** The service's answer to an upload grant (INTERFACE.md). */
export interface ServiceGrant {
  upload_url: string;
  s3_uri: string;
  object_key: string;
}

/**
 * An upload grant of the service at serviceUrl, its upload URL pointed there:
 * the grant names the configured public address, which a service a benchmark
 * started on a port of its own may not listen on.
 */
export async function grantUpload(
  serviceUrl: string,
  key: string,
  contentType = "image/png",
  category = OCR_CATEGORY,
): Promise<ServiceGrant> {
  const response = await fetch(`${serviceUrl}/v1/categories/${category}/uploads`, {
    method: "POST",
    headers: { "X-API-Key": key, "Content-Type": "application/json" },
    body: JSON.stringify({ content_type: contentType }),
  });
  if (!response.ok) throw new Error(`grant answered ${response.status}`);
  const grant = (await response.json()) as ServiceGrant;
  const upload = new URL(grant.upload_url);
  return { ...grant, upload_url: `${serviceUrl}${upload.pathname}${upload.search}` };
}

/** PUTs `bytes` to a granted upload URL; fails unless storage answers 200. */
export async function putUpload(url: string, bytes: Uint8Array, contentType = "image/png") {
  const put = await fetch(url, {
    method: "PUT",
    headers: { "Content-Type": contentType },
    body: new Uint8Array(bytes),
  });
  if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
}
