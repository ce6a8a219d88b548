/** A trace id set apart so a person can select it and read it to support. */
export function TraceId({ traceId }: { traceId: string }) {
  return (
    <p className="text-slate-500 text-xs">
      Reference for support:{" "}
      <code
        data-testid="trace-id"
        className="select-all break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700"
      >
        {traceId}
      </code>
    </p>
  );
}
