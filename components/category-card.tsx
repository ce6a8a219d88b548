import Link from "next/link";
import type { CategoryView } from "@/lib/routing/types";
import { CategoryIcon } from "./category-icon";
import { StatusBadge } from "./status-badge";

/** One category on the home page; the whole card is the link to its page. */
export function CategoryCard({ category }: { category: CategoryView }) {
  const active = category.availability === "active";
  return (
    <article
      data-testid="category-card"
      className="group relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-slate-300 hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-indigo-600 has-[a:focus-visible]:outline-offset-2"
    >
      <div className="flex items-start justify-between gap-3">
        <CategoryIcon slug={category.slug} availability={category.availability} />
        <StatusBadge availability={category.availability} label={category.statusLabel} />
      </div>
      <h3 className="mt-4 font-semibold text-base text-slate-900 leading-snug">
        <Link
          href={`/categories/${encodeURIComponent(category.id)}`}
          className="outline-none after:absolute after:inset-0 after:rounded-xl"
        >
          {category.name}
        </Link>
      </h3>
      <p className="mt-1.5 line-clamp-3 text-slate-600 text-sm leading-relaxed">
        {category.description}
      </p>
      <p
        aria-hidden="true"
        className={`mt-auto pt-4 font-medium text-sm ${active ? "text-indigo-700 group-hover:text-indigo-900" : "text-slate-500"}`}
      >
        {active ? "Upload documents →" : "See details →"}
      </p>
    </article>
  );
}
