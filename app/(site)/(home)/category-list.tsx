import Link from "next/link";
import { secondaryButton } from "@/components/button-styles";
import { CategoryCard } from "@/components/category-card";
import { Pagination } from "@/components/pagination";
import { StatePanel } from "@/components/state-panel";
import type { CategoriesParams } from "@/lib/api/categories";
import type { CategoryList as List } from "@/lib/routing/types";
import { homeHref } from "./home-href";

/** One page of the category list, or why there is nothing on it. */
export function CategoryList({ list, params }: { list: List; params: CategoriesParams }) {
  if (list.total === 0) {
    return (
      <StatePanel title="No categories yet" testId="empty-state" role="status">
        <p>
          The document service doesn&apos;t offer any categories at the moment. New ones appear here
          as soon as they are added.
        </p>
      </StatePanel>
    );
  }

  if (list.items.length === 0) {
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
          The list has {list.total} {list.total === 1 ? "category" : "categories"} on {list.pages}{" "}
          {list.pages === 1 ? "page" : "pages"}.
        </p>
      </StatePanel>
    );
  }

  const first = (list.page - 1) * list.size + 1;
  const last = first + list.items.length - 1;
  const activeCount = list.items.filter((c) => c.availability === "active").length;
  return (
    <>
      <p className="mb-5 text-slate-600 text-sm" data-testid="list-summary">
        {list.pages > 1
          ? `Showing ${first}–${last} of ${list.total} categories`
          : `${list.total} ${list.total === 1 ? "category" : "categories"}`}
        {activeCount > 0
          ? ` · ${activeCount} ready to use${list.pages > 1 ? " on this page" : ""}`
          : ""}
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {list.items.map((category) => (
          <li key={category.id}>
            <CategoryCard category={category} />
          </li>
        ))}
      </ul>
      <Pagination
        page={list.page}
        pages={list.pages}
        hrefFor={(page) => homeHref(page, params.size)}
      />
    </>
  );
}
