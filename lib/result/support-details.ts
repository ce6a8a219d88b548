// What support needs to find a run, as one block of text to paste.

export interface SupportContext {
  traceId?: string | undefined;
  idempotencyKey?: string | undefined;
  objectKey?: string | undefined;
  /** When the run finished or failed. */
  time?: Date | number | undefined;
  categoryName?: string | undefined;
  categoryId?: string | undefined;
  errorCode?: string | undefined;
  fileName?: string | undefined;
}

export function supportDetailsText(context: SupportContext): string {
  const time = context.time === undefined ? undefined : new Date(context.time);
  const category = [context.categoryName, context.categoryId && `(${context.categoryId})`]
    .filter(Boolean)
    .join(" ");
  const lines: [string, string | undefined][] = [
    ["Trace id", context.traceId],
    ["Idempotency key", context.idempotencyKey],
    ["Object key", context.objectKey],
    ["Time", time && !Number.isNaN(time.getTime()) ? time.toISOString() : undefined],
    ["Category", category || undefined],
    ["File", context.fileName],
    ["Error code", context.errorCode],
  ];
  return lines
    .filter((line): line is [string, string] => Boolean(line[1]))
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
}
