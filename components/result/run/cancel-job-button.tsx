"use client";
// Cancel for a document being read as a job, behind one plain question: the
// pages not read yet are never read, and the run ends as "Cancelled".
import { useState } from "react";

const small =
  "inline-flex h-8 items-center justify-center rounded-md px-3 font-medium text-xs shadow-sm disabled:cursor-not-allowed disabled:opacity-60";

export function CancelJobButton({
  name,
  onConfirm,
  busy = false,
}: {
  /** The document's name, for the question and the buttons' labels. */
  name: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking && !busy) {
    return (
      <button
        type="button"
        className={`${small} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        onClick={() => setAsking(true)}
        aria-label={`Cancel ${name}`}
      >
        Cancel
      </button>
    );
  }
  return (
    <fieldset
      className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950 text-sm ring-1 ring-amber-600/25 ring-inset"
      data-testid="cancel-job-confirm"
    >
      <legend className="sr-only">Cancel {name}?</legend>
      <div className="flex flex-wrap items-center gap-2">
        <p className="basis-full sm:basis-auto">
          Stop processing? Pages not read yet won't be read.
        </p>
        <button
          type="button"
          className={`${small} bg-red-600 text-white hover:bg-red-700`}
          onClick={onConfirm}
          disabled={busy}
        >
          {busy ? "Cancelling…" : "Yes, cancel"}
        </button>
        <button
          type="button"
          className={`${small} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
          onClick={() => setAsking(false)}
          disabled={busy}
        >
          Keep going
        </button>
      </div>
    </fieldset>
  );
}
