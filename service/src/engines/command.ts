// Runs an outside program (tesseract, pdftoppm) with the document on stdin and
// its answer on stdout: no temporary files, no shell, killed on abort.
import { spawn } from "node:child_process";

export interface CommandOptions {
  input: Buffer;
  signal: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** Refuse answers larger than this (bytes), so a runaway child cannot fill memory. */
  maxOutputBytes?: number;
}

/** Non-zero exit of a program. `message` is safe to show; stderr is kept apart. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = "CommandError";
  }
}

const DEFAULT_MAX_OUTPUT = 256 * 1024 * 1024;

export function runCommand(
  command: string,
  args: string[],
  options: CommandOptions,
): Promise<Buffer> {
  const { input, signal, env, maxOutputBytes = DEFAULT_MAX_OUTPUT } = options;
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(command, args, {
      env: env ?? process.env,
      stdio: ["pipe", "pipe", "pipe"],
      signal,
      killSignal: "SIGKILL",
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let stderr = "";
    let tooLarge = false;
    child.stdout.on("data", (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > maxOutputBytes) {
        tooLarge = true;
        child.kill("SIGKILL");
        return;
      }
      out.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      // Only the start is kept: enough to diagnose, never unbounded.
      if (stderr.length < 4096) stderr += chunk.toString("utf8");
    });
    // The child may exit before reading all of stdin (e.g. unreadable input): not our error.
    child.stdin.on("error", () => {});
    child.stdin.end(input);
    child.on("error", (error) => {
      reject(signal.aborted ? signal.reason : error);
    });
    child.on("close", (code) => {
      if (signal.aborted) reject(signal.reason);
      else if (tooLarge)
        reject(new CommandError(`${command} produced too much output`, code, stderr));
      else if (code !== 0)
        reject(new CommandError(`${command} exited with code ${code}`, code, stderr));
      else resolve(Buffer.concat(out));
    });
  });
}

/** Whether a program can be started here (its `-v` exits 0). */
export async function commandExists(command: string): Promise<boolean> {
  try {
    await runCommand(command, ["-v"], {
      input: Buffer.alloc(0),
      signal: AbortSignal.timeout(10_000),
    });
    return true;
  } catch {
    return false;
  }
}
