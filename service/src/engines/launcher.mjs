// @ts-check
// The process launcher (command.ts): a small Node process, started by the
// service while it is still small, that starts every outside program for it.
// Linux's fork copies the page tables of the process that forks, so a spawn
// from the service itself, once its OCR engines hold a gigabyte, takes many
// times longer and stops its event loop meanwhile; from here it costs what a
// small process pays (bench/spawn.ts).
//
// Messages (Node's IPC, "advanced" serialization, so bytes stay bytes):
//   in:  { type: "run", id, command, args, env, input, maxOutputBytes }
//        { type: "kill", id }
//   out: { id, code, stdout, stderr, tooLarge } once the program has ended, or
//        { id, error: { code, message } } when it could not be started.
// Plain JavaScript, so it starts without a TypeScript loader.
import { spawn } from "node:child_process";

/** @type {Map<number, import("node:child_process").ChildProcess>} */
const running = new Map();

/** @param {Record<string, unknown>} message */
const reply = (message) => {
  if (process.connected) process.send?.(message);
};

process.on("message", (/** @type {any} */ message) => {
  if (message.type === "kill") {
    running.get(message.id)?.kill("SIGKILL");
    return;
  }
  const { id, command, args, env, input, maxOutputBytes } = message;
  /** @type {import("node:child_process").ChildProcess} */
  let child;
  try {
    child = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"] });
  } catch (error) {
    const { code, message: text } = /** @type {NodeJS.ErrnoException} */ (error);
    reply({ id, error: { code, message: text } });
    return;
  }
  running.set(id, child);
  /** @type {Buffer[]} */
  const out = [];
  let outBytes = 0;
  let stderr = "";
  let tooLarge = false;
  let ended = false;
  child.stdout?.on("data", (/** @type {Buffer} */ chunk) => {
    outBytes += chunk.length;
    if (outBytes > maxOutputBytes) {
      tooLarge = true;
      child.kill("SIGKILL");
      return;
    }
    out.push(chunk);
  });
  child.stderr?.on("data", (/** @type {Buffer} */ chunk) => {
    // Only the start is kept: enough to diagnose, never unbounded.
    if (stderr.length < 4096) stderr += chunk.toString("utf8");
  });
  // The program may exit before reading all of its input: not an error here.
  child.stdin?.on("error", () => {});
  child.stdin?.end(input);
  child.on("error", (/** @type {NodeJS.ErrnoException} */ error) => {
    if (ended) return;
    ended = true;
    running.delete(id);
    reply({ id, error: { code: error.code, message: error.message } });
  });
  child.on("close", (code) => {
    if (ended) return;
    ended = true;
    running.delete(id);
    reply({ id, code, stdout: Buffer.concat(out), stderr, tooLarge });
  });
});

// The service has gone: so do the programs it started, and this process.
process.on("disconnect", () => {
  for (const child of running.values()) child.kill("SIGKILL");
  process.exit(0);
});
