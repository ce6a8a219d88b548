// What the benchmarks read their figures with: percentiles, the time and CPU a
// piece of work took, and the machine's load printed beside every figure.
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";

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
 * CPU milliseconds a process has used so far (user + system, every thread,
 * ended ones included), from Linux's /proc; NaN where there is none.
 */
export function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU milliseconds this process has used so far, with those of the child
 * processes it has waited for (pdftotext, tesseract): work a provider hands
 * to a program is counted as its own.
 */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // cutime and cstime, in clock ticks (100 a second on Linux).
  const children = (Number(fields[13]) + Number(fields[14])) * 10;
  return (user + system) / 1000 + children;
}

/** "load average 0.52 0.61 0.70, 2 cores": what else the machine was doing meanwhile. */
export function machineLoad(): string {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
  return `load average ${load}, ${cpus().length} cores`;
}
