import type { ReactNode } from "react";
import { PageIntro } from "@/components/page-intro";

/** What the home page shows around its list, whatever state the list is in (see layout.tsx). */
export function HomeShell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <PageIntro eyebrow="Document processing" title="What should we do with your documents?">
        <p>
          Pick a category, drop in your files, and DocRoute sends each one to the best available
          provider — switching to a backup by itself if one fails. Every result shows what it cost
          and how long it took.
        </p>
      </PageIntro>
      <section aria-labelledby="categories-heading" className="mt-10 sm:mt-12">
        <h2 id="categories-heading" className="sr-only">
          Categories
        </h2>
        {children}
      </section>
    </div>
  );
}
