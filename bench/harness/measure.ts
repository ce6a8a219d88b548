// What the benchmarks read their figures with: percentiles, the time and CPU a
// piece of work took, and the machine's load printed beside every figure.
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { launcherPid } from "../../service/src/engines/command";

// The layout layer's median (the middle value, or the mean of the two middle
// ones) is the one statistic the service and the benchmarks share: one copy.
export { median } from "../../service/src/layout/geometry";

/** The p-th percentile by nearest rank: p99 of 300 values is the 297th smallest. NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

/** The result of `work` and the milliseconds it took. */
export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

/**
 * The result of `work`, the milliseconds it took, and the longest the event
 * loop stood still meanwhile (sampled every `resolutionMs`).
 */
export async function timedWithStall<T>(
  work: () => Promise<T>,
  resolutionMs: number,
): Promise<{ result: T; ms: number; stallMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: resolutionMs });
  loop.enable();
  const start = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - start, stallMs: loop.max / 1e6 };
  } finally {
    loop.disable();
  }
}

/**
 * CPU milliseconds a process has used so far (user + system, every thread,
 * ended ones included), from Linux's /proc; NaN where there is none.
 */
export function cpuMs(pid: number | undefined): number {
  const times = pid === undefined ? undefined : cpuTimes(pid);
  return times ? times[0] + times[1] : Number.NaN;
}

/** utime, stime, cutime and cstime of a process, in milliseconds, from Linux's /proc; undefined when it is gone. */
function cpuTimes(pid: number | "self"): [number, number, number, number] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // In clock ticks, 100 a second on Linux.
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map((f) => Number(f) * 10);
    return [utime ?? 0, stime ?? 0, cutime ?? 0, cstime ?? 0];
  } catch {
    return undefined;
  }
}

/**
 * CPU milliseconds this process has used so far, with those of the programs
 * it has run (pdftotext, tesseract): the launcher that starts them
 * (service/src/engines/launcher.mjs) and its children that have ended, and any
 * child this process waited for itself. Work a provider hands to a program is
 * counted as its own.
 */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  const [, , cutime = 0, cstime = 0] = cpuTimes("self") ?? [];
  const launcher = launcherPid();
  const launched = (launcher === undefined ? undefined : cpuTimes(launcher)) ?? [];
  const launchedMs = launched.reduce((a, b) => a + b, 0);
  return (user + system) / 1000 + cutime + cstime + launchedMs;
}

/** "load average 0.52 0.61 0.70, 2 cores": what else the machine was doing meanwhile. */
export function machineLoad(): string {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  return `load average ${load}, ${cpus().length} cores`;
}
