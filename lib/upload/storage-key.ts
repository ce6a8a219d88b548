// Where a category's upload queue is kept for a refresh (see session-store.ts).
// Apart from the store itself, so the page can tell whether a queue is waiting
// to be brought back without loading the upload engine.

export function storageKey(categoryId: string): string {
  return `docroute:uploads:${categoryId}`;
}

/** Whether this tab kept rows for the category (a refresh with files in the queue). */
export function hasStoredQueue(categoryId: string): boolean {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(storageKey(categoryId)) ?? "");
    const entries = (stored as { entries?: unknown })?.entries;
    return Array.isArray(entries) && entries.length > 0;
  } catch {
    // Nothing stored, unreadable, or storage disabled: nothing to bring back.
    return false;
  }
}
