// Outside programs run through the launcher (engines/launcher.mjs): the bytes
// in and out unchanged, a failure told apart from a missing program, a program
// stopped when its request is aborted, output bounded, and a launcher that has
// died replaced at the next run.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { CommandError, commandExists, launcherPid, runCommand } from "../src/engines/command";

const run = (command: string, args: string[], input = Buffer.alloc(0), extra = {}) =>
  runCommand(command, args, { input, signal: AbortSignal.timeout(20_000), ...extra });

describe("runCommand", () => {
  it("passes the input to the program and its answer back, byte for byte", async () => {
    const input = randomBytes(3 * 1024 * 1024);
    const output = await run("cat", [], input);
    expect(output.equals(input)).toBe(true);
  });

  it("tells a program's failure (exit code, the start of stderr) from a missing program", async () => {
    const failed = await run("sh", ["-c", "echo broken >&2; exit 3"]).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(CommandError);
    expect(failed).toMatchObject({ exitCode: 3, stderr: "broken\n" });
    const missing = await run("/nonexistent/program", []).catch((e: unknown) => e);
    expect(missing).not.toBeInstanceOf(CommandError);
    expect(missing).toMatchObject({ code: "ENOENT" });
    expect(await commandExists("/nonexistent/program")).toBe(false);
    expect(await commandExists("pdftotext")).toBe(true);
  });

  it("stops the program when the request is aborted", async () => {
    const controller = new AbortController();
    const started = performance.now();
    // A duration no other process here sleeps, to find this one by.
    const running = runCommand("sleep", ["31.4159"], {
      input: Buffer.alloc(0),
      signal: controller.signal,
    });
    const sleeping = () =>
      readdirSync("/proc")
        .filter((entry) => /^\d+$/.test(entry))
        .some((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, "utf8") === "sleep\0" + "31.4159\0";
          } catch {
            return false; // ended meanwhile
          }
        });
    await expect.poll(sleeping, { timeout: 5_000 }).toBe(true);
    controller.abort(new Error("stop"));
    await expect(running).rejects.toThrow("stop");
    expect(performance.now() - started).toBeLessThan(6_000);
    await expect.poll(sleeping, { timeout: 5_000 }).toBe(false);
    // The launcher goes on serving.
    expect((await run("echo", ["still here"])).toString()).toBe("still here\n");
  });

  it("refuses an answer larger than the limit", async () => {
    const error = await run("head", ["-c", "100000", "/dev/zero"], Buffer.alloc(0), {
      maxOutputBytes: 10_000,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommandError);
    expect((error as Error).message).toMatch(/too much output/);
  });

  it("lets a script that ran a program end by itself (the idle launcher holds nothing open)", async () => {
    const command = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      "../src/engines/command.ts",
    );
    const script = `import { runCommand } from ${JSON.stringify(command)};
      const out = await runCommand("echo", ["ran"], { input: Buffer.alloc(0), signal: AbortSignal.timeout(10_000) });
      console.log(out.toString().trim());`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      { timeout: 20_000 },
    );
    expect(stdout.trim()).toBe("ran");
  });

  it("starts a new launcher when the one before has died", async () => {
    await run("true", []);
    const pid = launcherPid();
    expect(pid).toBeGreaterThan(0);
    process.kill(pid ?? 0, "SIGKILL");
    await expect.poll(() => launcherPid(), { timeout: 5_000 }).not.toBe(pid);
    expect((await run("echo", ["again"])).toString()).toBe("again\n");
    expect(launcherPid()).not.toBe(pid);
  });
});
