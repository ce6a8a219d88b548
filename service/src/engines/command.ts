// Runs an outside program (tesseract, pdftoppm, pdftotext) with the document on
// stdin and its answer on stdout: no temporary files, no shell, killed on abort.
// Programs are started by the launcher (launcher.mjs), a small process of its
// own: a start from the service copies its page tables, which blocks its event
// loop for long once the OCR engines are loaded (docs/performance-reading.md,
// "Starting programs").
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { z } from "zod";

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

/** What the launcher (launcher.mjs) answers about one program. */
const answerSchema = z.union([
  z.object({
    id: z.number(),
    code: z.number().nullable(),
    stdout: z.instanceof(Uint8Array),
    stderr: z.string(),
    tooLarge: z.boolean(),
  }),
  z.object({
    id: z.number(),
    error: z.object({ code: z.string().optional(), message: z.string() }),
  }),
]);
type Answer = z.infer<typeof answerSchema>;

const LAUNCHER = fileURLToPath(new URL("./launcher.mjs", import.meta.url));

let launcher: ChildProcess | undefined;
const waiting = new Map<number, (answer: Answer | Error) => void>();
let lastId = 0;

/**
 * The launcher, started at the first program run (the service's start asks
 * which programs it has, while it is still small) and again if it has stopped.
 * Its channel holds the service open only while a program runs.
 */
function theLauncher(): ChildProcess {
  if (launcher?.connected) return launcher;
  const child = fork(LAUNCHER, [], {
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    // Whatever loader or flags the service runs with, the launcher needs none.
    execArgv: [],
  });
  child.on("message", (message) => {
    const answer = answerSchema.safeParse(message);
    if (!answer.success) return;
    const settle = waiting.get(answer.data.id);
    waiting.delete(answer.data.id);
    settle?.(answer.data);
    if (waiting.size === 0) child.channel?.unref();
  });
  child.on("exit", () => {
    if (launcher === child) launcher = undefined;
    const stopped = new Error("The process launcher stopped");
    for (const settle of waiting.values()) settle(stopped);
    waiting.clear();
  });
  // Neither the launcher nor its channel keeps the service running when idle.
  child.unref();
  child.channel?.unref();
  launcher = child;
  return child;
}

/** The launcher's process id, once it runs: the programs it starts are its children (bench CPU time). */
export function launcherPid(): number | undefined {
  return launcher?.pid;
}

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
    const child = theLauncher();
    const id = ++lastId;
    const onAbort = () => {
      waiting.delete(id);
      if (waiting.size === 0) child.channel?.unref();
      child.send({ type: "kill", id }, () => {});
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    waiting.set(id, (answer) => {
      signal.removeEventListener("abort", onAbort);
      if (answer instanceof Error) reject(answer);
      else if ("error" in answer)
        reject(Object.assign(new Error(answer.error.message), answer.error));
      else if (answer.tooLarge)
        reject(new CommandError(`${command} produced too much output`, answer.code, answer.stderr));
      else if (answer.code !== 0)
        reject(
          new CommandError(
            `${command} exited with code ${answer.code}`,
            answer.code,
            answer.stderr,
          ),
        );
      else
        resolve(
          Buffer.from(answer.stdout.buffer, answer.stdout.byteOffset, answer.stdout.byteLength),
        );
    });
    child.channel?.ref();
    const run = { type: "run", id, command, args, env: env ?? process.env, input, maxOutputBytes };
    child.send(run, (error) => {
      if (!error || !waiting.has(id)) return;
      waiting.delete(id);
      signal.removeEventListener("abort", onAbort);
      reject(error);
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
