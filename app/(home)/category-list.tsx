"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { secondaryButton } from "@/components/button-styles";
import { CategoryCard } from "@/components/category-card";
import { CategoryGridSkeleton } from "@/components/category-grid-skeleton";
import { ErrorState } from "@/components/error-state";
import { Pagination } from "@/components/pagination";
import { StatePanel } from "@/components/state-panel";
import { type CategoriesParams, categoriesQuery } from "@/lib/query/category-list";
import { homeHref } from "./home-href";

export function CategoryList({ params }: { params: CategoriesParams }) {
  // Prefetched on the server under the same key; this keeps it fresh in the browser.
  const { data, error } = useQuery(categoriesQuery(params));

  if (!data) {
    return error ? <ErrorState error={error} /> : <CategoryGridSkeleton />;
  }

  if (data.total === 0) {
    return (
      <StatePanel title="No categories yet" testId="empty-state" role="status">
        <p>
          The document service doesn&apos;t offer any categories at the moment. New ones appear here
          as soon as they are added.
        </p>
      </StatePanel>
    );
  }

  if (data.items.length === 0) {
    return (
      <StatePanel
        title={`There is no page ${params.page}`}
        testId="empty-state"
        actions={
          <Link href={homeHref(1, params.size)} className={secondaryButton}>
            Go to the first page
          </Link>
        }
      >
        <p>
          The list has {data.total} {data.total === 1 ? "category" : "categories"} on {data.pages}{" "}
          {data.pages === 1 ? "page" : "pages"}.
        </p>
      </StatePanel>
    );
  }

  const first = (data.page - 1) * data.size + 1;
  const last = first + data.items.length - 1;
  const activeCount = data.items.filter((c) => c.availability === "active").length;
  return (
    <>
      <p className="mb-5 text-slate-600 text-sm" data-testid="list-summary">
        {data.pages > 1
          ? `Showing ${first}–${last} of ${data.total} categories`
          : `${data.total} ${data.total === 1 ? "category" : "categories"}`}
        {activeCount > 0
          ? ` · ${activeCount} ready to use${data.pages > 1 ? " on this page" : ""}`
          : ""}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.items.map((category) => (
          <li key={category.id}>
            <CategoryCard category={category} />
          </li>
        ))}
      </ul>
      <Pagination
        page={data.page}
        pages={data.pages}
        hrefFor={(page) => homeHref(page, params.size)}
      />
    </>
  );
}
