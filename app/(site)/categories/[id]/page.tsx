import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { secondaryButton } from "@/components/button-styles";
import { CategoryHeader } from "@/components/category-header";
import { ErrorState } from "@/components/error-state";
import { env } from "@/lib/env";
import { AppError, toAppError } from "@/lib/errors";
import { getLedger } from "@/lib/ledger";
import { getCategory, listAllCategories } from "@/lib/routing";
import type { CategoryView } from "@/lib/routing/types";
import { UnavailablePanel } from "./unavailable-panel";
import { UploadArea } from "./upload-area";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const category = await getCategory(id).catch(() => undefined);
  return { title: category?.name ?? "Category" };
}

export default async function CategoryPage({ params }: Props) {
  const { id } = await params;
  const pace = categoryPace(id);
  let category: CategoryView;
  try {
    category = await getCategory(id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    return (
      <PageFrame current="Category">
        <ErrorState
          headingLevel={1}
          error={toAppError(error)}
          actions={
            <a href={`/categories/${encodeURIComponent(id)}`} className={secondaryButton}>
              Try again
            </a>
          }
        />
      </PageFrame>
    );
  }

  return (
    <PageFrame current={category.name}>
      <CategoryHeader category={category} />
      <div className="mt-8 sm:mt-10">
        {category.availability === "active" ? (
          // Nothing here suspends on the server, so the uploader is in the HTML as before; the
          // boundary lets the browser hydrate it in its own task, after the page around it.
          <Suspense>
            <UploadArea
              category={category}
              unitLabel={env.COST_UNIT_LABEL}
              msPerPage={await pace}
            />
          </Suspense>
        ) : (
          <UnavailablePanel category={category} alternatives={await activeAlternatives(category)} />
        )}
      </div>
    </PageFrame>
  );
}

function PageFrame({ current, children }: { current: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Breadcrumbs trail={[{ href: "/", label: "Categories" }]} current={current} />
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** The category's time per page from the ledger, for long documents' estimates; none if unknown. */
async function categoryPace(categoryId: string): Promise<number | undefined> {
  try {
    return (await (await getLedger()).msPerPage(categoryId)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** A few active categories to offer instead; none when the list cannot be read. */
async function activeAlternatives(category: CategoryView): Promise<CategoryView[]> {
  const all = await listAllCategories().catch(() => []);
  return all.filter((c) => c.availability === "active" && c.id !== category.id).slice(0, 3);
}
