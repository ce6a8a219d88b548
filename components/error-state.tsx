import type { ReactNode } from "react";
import type { AppError } from "@/lib/errors";
import { StatePanel } from "./state-panel";
import { TraceId } from "./trace-id";

/**
 * A failure as a person should meet it: what happened, what to do, and the
 * trace id when there is one. Takes the AppError's own title and message
 * (never a raw error), so it reads the same on every screen.
 */
export function ErrorState({
  error,
  actions,
  headingLevel,
}: {
  error: Pick<AppError, "code" | "title" | "message" | "traceId">;
  actions?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const tone = error.code === "misconfigured" ? "warning" : "danger";
  return (
    <StatePanel
      tone={tone}
      title={error.title}
      headingLevel={headingLevel}
      actions={actions}
      testId="error-state"
      role="alert"
    >
      <p>{error.message}</p>
      {error.traceId ? <TraceId traceId={error.traceId} /> : null}
    </StatePanel>
  );
}
