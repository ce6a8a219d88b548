"use client";

import { useEffect } from "react";
import { primaryButton } from "@/components/button-styles";
import { ErrorState } from "@/components/error-state";
import { AppError } from "@/lib/errors";

// Expected failures are drawn by the pages themselves; this is for surprises.
// Server errors arrive here with their message hidden, so show our own words.
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <ErrorState
        headingLevel={1}
        error={new AppError("internal")}
        actions={
          <button type="button" onClick={() => retry()} className={primaryButton}>
            Try again
          </button>
        }
      />
    </div>
  );
}
