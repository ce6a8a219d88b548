// Processes the fault specs start, kill and start again on their own: a
// Routing Service (`sh scripts/service.sh`, as `npm run service`) and the production build of the
// app (`next start`), each on its own port with its own data under
// `.data/e2e/faults-…`, plus a TCP proxy that can cut a connection.
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
/** Ports of the fault specs, moved by E2E_PORT_OFFSET like PORTS in playwright.config.ts. */
export const FAULT_PORTS = {
  cutService: 8030 + offset,
  cutProxy: 8031 + offset,
  cutApp: 3030 + offset,
  restartService: 8032 + offset,
  restartApp: 3032 + offset,
  lateService: 8033 + offset,
  lateApp: 3033 + offset,
} as const;

const root = process.cwd();
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

/** A process of ours, killed with its whole process group. */
export class Managed {
  private exited: Promise<void>;
  private output = "";

  constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    this.exited = new Promise((resolve) => child.once("exit", () => resolve()));
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
  }

  /** The last lines it printed, for a failure message. */
  get log(): string {
    return this.output;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * SIGKILL to it and every process under it: no shutdown hook runs, as when a
   * machine or container dies. (`next start` runs its server in a child of
   * its own process group, which would otherwise finish its requests.)
   */
  async kill(): Promise<void> {
    const pid = this.child.pid;
    if (!this.running || pid === undefined) return;
    for (const each of [...descendants(pid), pid]) {
      try {
        process.kill(each, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    await this.exited;
  }
}

/** Every process below `pid`, from /proc (Linux). */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …"; comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parentOf.set(Number(entry), ppid);
    } catch {
      // Gone while we looked.
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

function start(name: string, command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Managed(name, child);
}

/** Fails when something already listens on `port`: it would answer for the process we start. */
async function assertPortFree(port: number): Promise<void> {
  const listening = await new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
  if (listening) throw new Error(`Port ${port} is already in use`);
}

/** Resolves once `url` answers 200; fails with the process's last output otherwise. */
export async function waitUntilUp(url: string, proc: Managed, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!proc.running) throw new Error(`${proc.name} exited:\n${proc.log}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${proc.name} did not answer ${url} within ${timeoutMs} ms:\n${proc.log}`);
}

export interface ServiceOptions {
  port: number;
  apiKey: string;
  /** Under .data/e2e/. */
  dataDir: string;
  /** Origins of the apps that PUT to it. */
  appPorts: number[];
  /** The base address browsers upload to (a proxy, say). */
  publicUrl?: string;
  providerFaults?: string;
}

export function serviceDataDir(name: string): string {
  return path.join(root, ".data", "e2e", name);
}

export async function startService(options: ServiceOptions): Promise<Managed> {
  await assertPortFree(options.port);
  const url = `http://127.0.0.1:${options.port}`;
  const proc = start(`service :${options.port}`, "sh", ["scripts/service.sh"], {
    SERVICE_PORT: String(options.port),
    SERVICE_API_KEYS: options.apiKey,
    SERVICE_DATA_DIR: options.dataDir,
    SERVICE_PUBLIC_URL: options.publicUrl ?? url,
    SERVICE_CORS_ORIGINS: options.appPorts
      .flatMap((p) => [`http://127.0.0.1:${p}`, `http://localhost:${p}`])
      .join(","),
    LOG_LEVEL: "warn",
    ...(options.providerFaults ? { PROVIDER_FAULTS: options.providerFaults } : {}),
  });
  await waitUntilUp(`${url}/healthz`, proc);
  return proc;
}

export interface AppOptions {
  port: number;
  servicePort: number;
  apiKey: string;
  sessionSecret: string;
  /** Under .data/e2e/. */
  ledgerPath: string;
  /** Origins the CSP lets the browser PUT to, when not the service's. */
  uploadOrigins?: string;
  /** SUPPORT_ACCOUNTS (`name:<scrypt hash>`). */
  supportAccounts?: string;
}

export async function startApp(options: AppOptions): Promise<Managed> {
  await assertPortFree(options.port);
  const proc = start(`app :${options.port}`, bin("next"), ["start", "-p", String(options.port)], {
    ROUTING_API_URL: `http://127.0.0.1:${options.servicePort}`,
    ROUTING_API_KEY: options.apiKey,
    SESSION_SECRET: options.sessionSecret,
    LEDGER_SQLITE_PATH: options.ledgerPath,
    NEXT_TELEMETRY_DISABLED: "1",
    ...(options.uploadOrigins ? { UPLOAD_ORIGINS: options.uploadOrigins } : {}),
    ...(options.supportAccounts ? { SUPPORT_ACCOUNTS: options.supportAccounts } : {}),
  });
  await waitUntilUp(`http://127.0.0.1:${options.port}/api/health`, proc);
  return proc;
}

/** Removes a fault spec's data directory (only ever one under .data/e2e/). */
export function freshDataDir(name: string): string {
  const dir = serviceDataDir(name);
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

/**
 * A TCP proxy in front of `targetPort`. The first `cutCount` connections
 * that send `PUT <pathPrefix>` are reset (TCP RST to the browser, and closed
 * towards the target) once `cutAfterBytes` of the request have gone through.
 *
 * Chromium itself resends a request once, unseen by the page, when a reused
 * keep-alive connection is reset before any answer; cutting two connections
 * makes sure the page's own code sees the failure.
 */
export async function startCuttingProxy(options: {
  port: number;
  targetPort: number;
  pathPrefix: string;
  cutAfterBytes: number;
  cutCount: number;
}): Promise<{ cuts: () => number; close: () => Promise<void> }> {
  let cuts = 0;
  let armed = 0;
  const sockets = new Set<net.Socket>();
  const marker = Buffer.from(`PUT ${options.pathPrefix}`);
  const server = net.createServer((client) => {
    const upstream = net.connect(options.targetPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    client.on("close", () => sockets.delete(client));
    upstream.on("close", () => sockets.delete(upstream));
    // Bytes received on this connection, and where it is cut (an offset in them).
    let received = 0;
    let limit = Number.POSITIVE_INFINITY;
    let window = Buffer.alloc(0);
    client.on("data", (chunk: Buffer) => {
      if (limit === Number.POSITIVE_INFINITY && armed < options.cutCount) {
        const base = received - window.length;
        window = Buffer.concat([window, chunk]);
        const at = window.indexOf(marker);
        if (at >= 0) {
          armed += 1;
          limit = base + at + options.cutAfterBytes;
        } else {
          window = window.subarray(Math.max(0, window.length - marker.length + 1));
        }
      }
      const from = received;
      received += chunk.length;
      if (received <= limit) {
        upstream.write(chunk);
        return;
      }
      upstream.write(chunk.subarray(0, Math.max(0, limit - from)));
      cut();
    });
    const cut = () => {
      cuts += 1;
      client.resetAndDestroy();
      upstream.destroy();
    };
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    client.on("end", () => upstream.end());
    upstream.on("end", () => client.end());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  return {
    cuts: () => cuts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
