import Link from "next/link";

export type PageSlot = number | "gap";

/** The page numbers to show: all of them when few, else the ends and the neighbours of `current`. */
export function pageWindow(current: number, total: number): PageSlot[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(current - 1, total - 4));
  const to = Math.min(total - 1, Math.max(current + 1, 5));
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return [
    1,
    ...(from > 2 ? ["gap" as const] : []),
    ...middle,
    ...(to < total - 1 ? ["gap" as const] : []),
    total,
  ];
}

const BASE =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 font-medium text-sm";
const IDLE = `${BASE} border border-slate-200 bg-white text-slate-700 hover:border-slate-300 hover:bg-slate-50`;
const CURRENT = `${BASE} bg-indigo-600 text-white`;
const DISABLED = `${BASE} border border-slate-200 bg-slate-50 text-slate-400`;

/** Links to the other pages of a list: plain links, so they work without script and by keyboard. */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  if (pages <= 1) return null;
  const previous = page > 1 ? Math.min(page - 1, pages) : undefined;
  const next = page < pages ? page + 1 : undefined;
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {previous ? (
        <Link href={hrefFor(previous)} className={IDLE} rel="prev">
          <span aria-hidden="true">←</span>
          <span className="ml-1.5">Previous</span>
        </Link>
      ) : (
        <span className={DISABLED} aria-disabled="true">
          <span aria-hidden="true">←</span>
          <span className="ml-1.5">Previous</span>
        </span>
      )}
      <ol className="flex items-center gap-1.5">
        {pageWindow(page, pages).map((slot, index) =>
          slot === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={slot}>
              {slot === page ? (
                <span aria-current="page" className={CURRENT}>
                  <span className="sr-only">Page </span>
                  {slot}
                </span>
              ) : (
                <Link href={hrefFor(slot)} className={IDLE}>
                  <span className="sr-only">Page </span>
                  {slot}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {next ? (
        <Link href={hrefFor(next)} className={IDLE} rel="next">
          <span className="mr-1.5">Next</span>
          <span aria-hidden="true">→</span>
        </Link>
      ) : (
        <span className={DISABLED} aria-disabled="true">
          <span className="mr-1.5">Next</span>
          <span aria-hidden="true">→</span>
        </span>
      )}
    </nav>
  );
}
