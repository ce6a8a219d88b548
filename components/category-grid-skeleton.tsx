/** The shape of the category grid while it loads. */
export function CategoryGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite" data-testid="categories-loading">
      <span className="sr-only">Loading categories…</span>
      <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex items-start justify-between">
              <div className="size-11 animate-pulse rounded-lg bg-slate-200/80" />
              <div className="h-6 w-20 animate-pulse rounded-full bg-slate-200/80" />
            </div>
            <div className="mt-4 h-5 w-2/3 animate-pulse rounded bg-slate-200/80" />
            <div className="mt-3 space-y-2">
              <div className="h-3.5 w-full animate-pulse rounded bg-slate-100" />
              <div className="h-3.5 w-11/12 animate-pulse rounded bg-slate-100" />
              <div className="h-3.5 w-3/5 animate-pulse rounded bg-slate-100" />
            </div>
            <div className="mt-6 h-4 w-32 animate-pulse rounded bg-slate-100" />
          </li>
        ))}
      </ul>
    </div>
  );
}
