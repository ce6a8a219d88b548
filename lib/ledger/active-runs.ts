// Runs whose process call is under way in this app process: a resume
// (upkeep.ts) leaves them to the request that is working on them.
const holder = globalThis as typeof globalThis & { __docrouteActiveRuns?: Map<string, number> };
holder.__docrouteActiveRuns ??= new Map();
const active: Map<string, number> = holder.__docrouteActiveRuns;

/** Marks a run as being worked on; call the result when the work ends. */
export function markActive(localId: string): () => void {
  active.set(localId, (active.get(localId) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (active.get(localId) ?? 1) - 1;
    if (left > 0) active.set(localId, left);
    else active.delete(localId);
  };
}

export function isActive(localId: string): boolean {
  return active.has(localId);
}
