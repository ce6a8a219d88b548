import type { ReactNode } from "react";
import { secondaryButton } from "@/components/button-styles";
import { ErrorState } from "@/components/error-state";
import { CopyButton } from "@/components/result/copy-button";
import { type SupportContext, supportDetailsText } from "@/lib/result/support-details";
import type { Failure } from "@/lib/upload/failure";

/** A run that failed: what happened and what to do, the trace id, and the details for support. */
export function FailedRun({
  failure,
  support,
  actions,
  headingLevel,
}: {
  failure: Failure;
  support: SupportContext;
  /** Retry and the like, placed before "Copy support details". */
  actions?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const details = supportDetailsText({
    ...support,
    traceId: failure.traceId ?? support.traceId,
    errorCode: failure.code,
  });
  return (
    <ErrorState
      error={{ ...failure, traceId: failure.traceId }}
      headingLevel={headingLevel}
      actions={
        <>
          {actions}
          <CopyButton
            text={details}
            label="Copy support details"
            className={secondaryButton}
            testId="copy-support-details"
          />
        </>
      }
    />
  );
}
