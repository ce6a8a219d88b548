"use client";

import { useEffect } from "react";
import { primaryButton } from "@/components/button-styles";
import { ErrorState } from "@/components/error-state";
import { ERROR_TEXT } from "@/lib/errors/messages";

// Expected failures are drawn by the pages themselves; this is for surprises.
// Server errors arrive here with their message hidden, so show our own words.
// The words come from ERROR_TEXT rather than an AppError: every page loads this
// boundary, and AppError brings zod/mini with it.
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <ErrorState
        headingLevel={1}
        error={{ code: "internal", ...ERROR_TEXT.internal, traceId: undefined }}
        actions={
          <button type="button" onClick={() => retry()} className={primaryButton}>
            Try again
          </button>
        }
      />
    </div>
  );
}
