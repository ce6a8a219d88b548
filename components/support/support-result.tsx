"use client";
// "What the buyer sees" in the support console: the buyer's result view, with
// the original document behind a button (each view is recorded in the run's
// timeline, which is read again once the original is open).
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";
import { ResultView } from "@/components/result/result-view";

export function SupportResult({
  runId,
  hasDocument,
  ...view
}: Omit<ComponentProps<typeof ResultView>, "original" | "onOriginalOpened" | "file"> & {
  runId: string;
  /** The run has an upload to read back. */
  hasDocument: boolean;
}) {
  const router = useRouter();
  return (
    <ResultView
      {...view}
      original={
        hasDocument
          ? { endpoint: `/api/support/runs/${encodeURIComponent(runId)}/original`, auto: false }
          : undefined
      }
      onOriginalOpened={() => router.refresh()}
    />
  );
}
