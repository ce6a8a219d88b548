import Link from "next/link";
import { secondaryButton } from "@/components/button-styles";
import type { RunFilters } from "@/lib/ledger/filters";

const input =
  "mt-1 block h-10 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-slate-900 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30";
const label = "font-medium text-slate-700 text-xs";

const day = (ms: number | undefined, end = false) =>
  ms === undefined ? undefined : new Date(end ? ms - 1 : ms).toISOString().slice(0, 10);

/** The list's filters as a GET form: every view is a URL to share. */
export function FiltersForm({
  filters,
  categories,
}: {
  filters: RunFilters;
  categories: { id: string; name: string }[];
}) {
  return (
    <form
      action="/support"
      method="get"
      aria-label="Filter runs"
      className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8 lg:items-end"
    >
      <div className="col-span-1 lg:col-span-1">
        <label htmlFor="f-outcome" className={label}>
          Outcome
        </label>
        <select
          id="f-outcome"
          name="outcome"
          defaultValue={filters.outcome ?? ""}
          className={input}
        >
          <option value="">Any</option>
          <option value="succeeded">Done</option>
          <option value="failed">Failed</option>
          <option value="in_progress">In progress</option>
          <option value="not_processed">Not processed</option>
          <option value="cancelled">Cancelled</option>
        </select>
      </div>
      <div className="col-span-1 lg:col-span-2">
        <label htmlFor="f-category" className={label}>
          Category
        </label>
        <select
          id="f-category"
          name="category"
          defaultValue={filters.categoryId ?? ""}
          className={input}
        >
          <option value="">Any</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="f-from" className={label}>
          From (UTC)
        </label>
        <input
          id="f-from"
          name="from"
          type="date"
          defaultValue={day(filters.from)}
          className={input}
        />
      </div>
      <div>
        <label htmlFor="f-to" className={label}>
          To (UTC)
        </label>
        <input
          id="f-to"
          name="to"
          type="date"
          defaultValue={day(filters.to, true)}
          className={input}
        />
      </div>
      <div>
        <label htmlFor="f-min" className={label}>
          Min cost
        </label>
        <input
          id="f-min"
          name="min_cost"
          type="number"
          min="0"
          step="any"
          inputMode="decimal"
          defaultValue={filters.minCost}
          className={input}
        />
      </div>
      <div>
        <label htmlFor="f-max" className={label}>
          Max cost
        </label>
        <input
          id="f-max"
          name="max_cost"
          type="number"
          min="0"
          step="any"
          inputMode="decimal"
          defaultValue={filters.maxCost}
          className={input}
        />
      </div>
      <div className="flex h-10 items-center gap-2 self-end">
        <input
          id="f-failover"
          name="failover"
          type="checkbox"
          value="1"
          defaultChecked={filters.failedOver}
          className="size-4 rounded border-slate-300 accent-indigo-600"
        />
        <label htmlFor="f-failover" className="text-slate-700 text-sm">
          Failed over
        </label>
      </div>
      <div className="col-span-2 flex gap-2 sm:col-span-4 lg:col-span-8 lg:justify-end">
        <button type="submit" className={secondaryButton}>
          Apply filters
        </button>
        <Link
          href="/support"
          className="inline-flex h-10 items-center px-2 font-medium text-slate-600 text-sm hover:text-slate-900 hover:underline"
        >
          Clear
        </Link>
      </div>
    </form>
  );
}
