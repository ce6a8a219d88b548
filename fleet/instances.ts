// The fleet's programs as real processes: the Routing Service (as
// `npm run service` runs it) and the app's production build (as `npm start` serves it), each on
// a port of its own, with the environment an operator would give it.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { listeningUrl } from "../service/test/listen-log";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface Instance {
  name: string;
  /** Where it listens; a service started on port 0 throws until its log has said where. */
  readonly url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
  /** Whether the process is still there (not exited, not killed). */
  alive(): boolean;
  /** SIGKILL: the process is gone at once, mid-request, as when a machine dies. */
  kill(): Promise<void>;
  /** SIGTERM, then waits. */
  stop(): Promise<void>;
}

function launch(
  name: string,
  [command, ...args]: [string, ...string[]],
  env: Record<string, string>,
  /** Where it listens, or undefined: where its log says (listen-log.ts). */
  fixedUrl: string | undefined,
): Instance {
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    // Only what the test gives: nothing of the developer's environment leaks in.
    env: {
      NODE_ENV: "production",
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  let url = fixedUrl;
  return {
    name,
    get url() {
      url ??= listeningUrl(output);
      if (!url) throw new Error(`${name} has not said where it listens yet`);
      return url;
    },
    output: () => output,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: () => end("SIGKILL"),
    stop: () => end("SIGTERM"),
  };
}

/** Waits until `url` answers 200, or fails with the instance's output if it exits first. */
export async function waitReady(instance: Instance, healthPath: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let exit: number | string | undefined;
  void instance.exited.then((code) => {
    exit = code;
  });
  while (Date.now() < deadline) {
    if (exit !== undefined) {
      throw new Error(
        `${instance.name} exited (${exit}) before it was ready:\n${instance.output()}`,
      );
    }
    try {
      const res = await fetch(`${instance.url}${healthPath}`);
      if (res.ok) return;
    } catch {
      // Not listening yet, or not yet said where.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${instance.name} was not ready in ${timeoutMs} ms:\n${instance.output()}`);
}

/**
 * A Routing Service process, as `npm run service` runs it (scripts/service.sh), on a port
 * the system gives it (SERVICE_PORT=0): no other process can take it first. It logs at
 * `info`, the level of Fastify's "Server listening at", the line that says which port.
 */
export function launchService(name: string, env: Record<string, string>): Instance {
  return launch(
    name,
    ["sh", "scripts/service.sh"],
    { ...env, LOG_LEVEL: "info", SERVICE_HOST: "127.0.0.1", SERVICE_PORT: "0" },
    undefined,
  );
}

/** An app process: the production build, served as `npm start` serves it (scripts/app-server.ts). */
export function launchApp(name: string, port: number, env: Record<string, string>): Instance {
  return launch(
    name,
    [process.execPath, "--import", "tsx", "scripts/app-server.ts"],
    { NEXT_TELEMETRY_DISABLED: "1", ...env, PORT: String(port) },
    `http://127.0.0.1:${port}`,
  );
}
