"use client";

import { DocumentUploader } from "@/components/upload/document-uploader";
import type { CategoryView } from "@/lib/routing/types";
import { useRecordRuns } from "@/lib/runs/use-record-runs";

/** The upload flow of an active category, with every finished run kept for /runs/<trace_id>. */
export function UploadArea({ category, unitLabel }: { category: CategoryView; unitLabel: string }) {
  useRecordRuns(category.id, category.name);
  return (
    <DocumentUploader
      categoryId={category.id}
      categoryName={category.name}
      unitLabel={unitLabel}
      {...(category.accepts ? { accepted: category.accepts } : {})}
      {...(category.maxBytes ? { maxBytes: category.maxBytes } : {})}
    />
  );
}
