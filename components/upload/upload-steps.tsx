import type { StepState } from "./stage-text";

const STEP_NAMES = ["Upload", "Process", "Result"] as const;
const STEP_LOOK: Record<StepState, string> = {
  pending: "text-slate-500",
  current: "font-medium text-indigo-700",
  complete: "text-emerald-700",
  failed: "font-medium text-red-700",
};
const STEP_MARK: Record<StepState, string> = {
  pending: "○",
  current: "●",
  complete: "✓",
  failed: "✕",
};

/** Upload → Process → Result, each marked done, under way, pending or stopped. */
export function UploadSteps({ states }: { states: StepState[] }) {
  return (
    <ol className="mt-1.5 flex items-center gap-1.5 text-xs" aria-label="Steps">
      {STEP_NAMES.map((name, i) => {
        const state = states[i] ?? "pending";
        return (
          <li key={name} className={`flex items-center gap-1 ${STEP_LOOK[state]}`}>
            {i > 0 ? (
              <span aria-hidden="true" className="mr-0.5 text-slate-300">
                —
              </span>
            ) : null}
            <span aria-hidden="true">{STEP_MARK[state]}</span>
            <span>
              {name}
              <span className="sr-only">
                {state === "complete"
                  ? " (finished)"
                  : state === "current"
                    ? " (in progress)"
                    : state === "failed"
                      ? " (stopped)"
                      : ""}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
