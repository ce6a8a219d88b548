import { DocumentUploader } from "@/components/upload/document-uploader";
import { languageOptions } from "@/components/upload/languages";
import type { CategoryView } from "@/lib/routing/types";

/** The upload flow of an active category; every finished run is kept for /runs/<trace_id>. */
export function UploadArea({
  category,
  unitLabel,
  msPerPage,
}: {
  category: CategoryView;
  unitLabel: string;
  msPerPage?: number;
}) {
  return (
    <DocumentUploader
      categoryId={category.id}
      categoryName={category.name}
      unitLabel={unitLabel}
      msPerPage={msPerPage}
      {...(category.accepts ? { accepted: category.accepts } : {})}
      {...(category.maxBytes ? { maxBytes: category.maxBytes } : {})}
      languages={languageOptions(category.languages ?? [])}
    />
  );
}
