// Saving a result as a file, made in the browser from what is on screen.

/** "letter.scan.jpg" → "letter.scan"; a name to hang ".txt" and ".json" on. */
export function baseName(fileName: string | undefined, fallback = "result"): string {
  const name = (fileName ?? "").split(/[\\/]/).at(-1) ?? "";
  const dot = name.lastIndexOf(".");
  const stem = (dot > 0 ? name.slice(0, dot) : name).trim();
  // Keep it a plain file name on every system.
  const safe = stem.replace(/[^\p{L}\p{N}._ -]+/gu, "_").slice(0, 100);
  return safe || fallback;
}

export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** The whole answer, as the service sent it, pretty-printed. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function downloadJson(stem: string, value: unknown): void {
  downloadText(`${stem}.json`, jsonText(value), "application/json");
}

export function downloadCsv(fileName: string, csv: string): void {
  downloadText(fileName, csv, "text/csv;charset=utf-8");
}
