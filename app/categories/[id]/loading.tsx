export default function Loading() {
  return (
    <div
      className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10"
      role="status"
      aria-live="polite"
      data-testid="category-loading"
    >
      <span className="sr-only">Loading the category…</span>
      <div aria-hidden="true">
        <div className="h-4 w-44 animate-pulse rounded bg-slate-200/80" />
        <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:gap-5">
          <div className="size-14 animate-pulse rounded-xl bg-slate-200/80" />
          <div className="flex-1 space-y-3">
            <div className="h-8 w-72 max-w-full animate-pulse rounded bg-slate-200/80" />
            <div className="h-4 w-full max-w-2xl animate-pulse rounded bg-slate-100" />
            <div className="h-4 w-2/3 max-w-xl animate-pulse rounded bg-slate-100" />
          </div>
        </div>
        <div className="mt-10 h-56 animate-pulse rounded-2xl border-2 border-slate-200 border-dashed bg-white" />
      </div>
    </div>
  );
}
