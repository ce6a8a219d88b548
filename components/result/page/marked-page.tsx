"use client";
// The "Document" box beside a structured result (invoice fields, tables): the page
// with a faint box around everything that was found, and a strong one around
// the thing under the pointer or the keyboard focus.
import { type ReactNode, useState } from "react";
import { card } from "@/components/result/data-view";
import type { ResultPage } from "@/lib/kernel/contract";
import { PageNav } from "./page-nav";
import { PageNote } from "./page-note";
import { BoxRect, type DrawnText, PageSheet } from "./page-sheet";
import type { DocumentFile } from "./use-document-file";
import { type Highlight, shownPageIndex } from "./use-highlight";
import { usePagePictures } from "./use-page-image";

export function MarkedPage({
  pages,
  marks,
  drawn,
  active,
  original,
  markName,
}: {
  pages: readonly ResultPage[];
  /** Everything that has a box, on every page. */
  marks: readonly Highlight[];
  /** Text to write on a drawn page (no image), on every page. */
  drawn: readonly (DrawnText & { page: number })[];
  active: Highlight | null;
  /** The document itself, when the tab has it or can fetch it. */
  original: DocumentFile;
  /** What a faint box stands for, in the legend: "Field or line item". */
  markName: string;
}) {
  const [chosen, setChosen] = useState(0);
  const pictures = usePagePictures(original);
  const index = shownPageIndex(pages, chosen, active);
  const page = pages[index];
  if (!page) {
    return (
      <DocumentSection>
        <p className="mt-3 rounded-lg border border-slate-200 border-dashed p-6 text-center text-slate-500 text-sm">
          The service sent no page to show.
        </p>
      </DocumentSection>
    );
  }
  // An image file is the picture of page 1; a PDF's or TIFF's pages are drawn from the file.
  const pageImage = index === 0 && pictures.imageUrl ? pictures.imageUrl : null;
  const onPage = marks.filter((mark) => mark.page === page.number);
  const shown = active && active.page === page.number ? active : null;
  const label = `Page ${page.number}: ${onPage.length} marked${shown ? `; ${shown.label} highlighted` : ""}.`;
  return (
    <DocumentSection>
      <PageNav
        numbers={pages.map((p) => p.number)}
        index={index}
        onChange={(next) => setChosen(next)}
      />
      <div className="mt-3">
        <PageSheet
          width={page.width}
          height={page.height}
          label={label}
          imageUrl={pageImage}
          onImageError={pictures.onImageError}
          page={pictures.sheetPage(page.number)}
          drawn={drawn.filter((item) => item.page === page.number)}
        >
          <g data-testid="marks">
            {onPage.map((mark) => (
              <BoxRect
                key={mark.id}
                bbox={mark.bbox}
                className="fill-indigo-500/5 stroke-indigo-500/50"
              />
            ))}
          </g>
          {shown ? (
            <BoxRect
              bbox={shown.bbox}
              data-testid="highlight-box"
              data-highlight={shown.id}
              className="fill-amber-300/30 stroke-amber-600"
              strokeWidth={3}
            />
          ) : null}
        </PageSheet>
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-slate-600 text-xs">
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3 rounded-sm border border-indigo-500/60 bg-indigo-500/5"
          />
          {markName}
        </li>
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3 rounded-sm border-2 border-amber-600 bg-amber-300/30"
          />
          The one under the pointer, tapped, or with the keyboard focus
        </li>
        <PageNote note={pageImage ? null : pictures.note} original={original} />
      </ul>
    </DocumentSection>
  );
}

function DocumentSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="document-heading" className={`${card} lg:sticky lg:top-4`}>
      <h2 id="document-heading" className="font-semibold text-base text-slate-900">
        Document
      </h2>
      {children}
    </section>
  );
}
