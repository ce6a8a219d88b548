import { primaryButton } from "@/components/button-styles";

/** Find one run by an exact id: a plain GET form, so the lookup is a shareable URL. */
export function LookupForm({ value }: { value?: string | undefined }) {
  return (
    <search>
      <form action="/support" method="get" className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="lookup" className="sr-only">
          Trace id, Idempotency-Key or object key
        </label>
        <input
          id="lookup"
          name="q"
          defaultValue={value}
          placeholder="Trace id, Idempotency-Key or object key"
          autoComplete="off"
          spellCheck={false}
          className="h-11 w-full min-w-0 rounded-lg sm:flex-1 border border-slate-300 bg-white px-3 font-mono text-slate-900 text-sm shadow-sm placeholder:font-sans placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30"
        />
        <button type="submit" className={`${primaryButton} h-11`}>
          Find run
        </button>
      </form>
    </search>
  );
}
