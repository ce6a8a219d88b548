// Slows guessing: after 5 failed sign-ins for one name within 15 minutes,
// that name is refused until the window passes. In memory, per process.
const WINDOW_MS = 15 * 60_000;
const MAX_FAILURES = 5;

const failures = new Map<string, number[]>();

function recent(name: string, now: number): number[] {
  const kept = (failures.get(name) ?? []).filter((t) => now - t < WINDOW_MS);
  if (kept.length) failures.set(name, kept);
  else failures.delete(name);
  return kept;
}

/** Seconds until this name may try again, or 0. */
export function signInBlockedFor(name: string, now = Date.now()): number {
  const list = recent(name.toLowerCase(), now);
  if (list.length < MAX_FAILURES) return 0;
  return Math.ceil(((list[0] ?? now) + WINDOW_MS - now) / 1000);
}

export function noteSignInFailure(name: string, now = Date.now()): void {
  const key = name.toLowerCase();
  failures.set(key, [...recent(key, now), now]);
}

export function clearSignInFailures(name: string): void {
  failures.delete(name.toLowerCase());
}
