import type { CategoryView } from "@/lib/routing/types";
import { CategoryIcon } from "./category-icon";
import { StatusBadge } from "./status-badge";

/** A category's page title: its mark, name, status and what it does. */
export function CategoryHeader({ category }: { category: CategoryView }) {
  return (
    <header
      data-testid="category-header"
      className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-5"
    >
      <CategoryIcon
        slug={category.slug}
        availability={category.availability}
        size="size-14 rounded-xl"
      />
      <div className="min-w-0 max-w-3xl">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-balance font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
            {category.name}
          </h1>
          <StatusBadge availability={category.availability} label={category.statusLabel} />
        </div>
        <p className="mt-2 text-pretty text-base text-slate-600 leading-relaxed">
          {category.description}
        </p>
      </div>
    </header>
  );
}
