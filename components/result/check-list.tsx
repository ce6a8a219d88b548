// The service's own checks of an answer, in plain words: which held, which failed
// (and so made the service try another way), which could not be checked.
import type { CheckItem, CheckState } from "@/lib/result/checks";

const LOOK: Record<CheckState, { mark: string; className: string; sr: string }> = {
  ok: { mark: "✓", className: "bg-emerald-50 text-emerald-900 ring-emerald-600/20", sr: "Passed" },
  wrong: { mark: "✗", className: "bg-red-50 text-red-900 ring-red-600/20", sr: "Failed" },
  unknown: {
    mark: "?",
    className: "bg-slate-50 text-slate-700 ring-slate-400/30",
    sr: "Not checked",
  },
};

/** A failed check that only asks for a second look, not a wrong figure. */
const SOFT_WRONG = "bg-amber-50 text-amber-900 ring-amber-600/20";

export function CheckList({
  lines,
  testId,
  advice,
  grid = false,
  softWrong = false,
}: {
  lines: readonly CheckItem[];
  testId: string;
  /** Said under the list unless every check held. */
  advice: string;
  /** Two columns from small screens up, instead of chips that wrap. */
  grid?: boolean;
  softWrong?: boolean;
}) {
  if (lines.length === 0) return null;
  const headingId = `${testId}-heading`;
  const allOk = lines.every((line) => line.state === "ok");
  return (
    <section aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className="sr-only">
        Checks
      </h2>
      <ul className={grid ? "grid gap-2 sm:grid-cols-2" : "flex flex-wrap gap-2"}>
        {lines.map((line) => {
          const look = LOOK[line.state];
          const tone = line.state === "wrong" && softWrong ? SOFT_WRONG : look.className;
          return (
            <li
              key={line.id}
              data-check={line.id}
              data-state={line.state}
              className={`flex items-start gap-2 rounded-lg px-3 py-2.5 text-sm ring-1 ring-inset ${tone}`}
            >
              <span aria-hidden="true" className="font-bold">
                {look.mark}
              </span>
              <span>
                <span className="sr-only">{look.sr}: </span>
                {line.text}
              </span>
            </li>
          );
        })}
      </ul>
      {allOk ? null : <p className="mt-2 text-slate-600 text-xs">{advice}</p>}
    </section>
  );
}
