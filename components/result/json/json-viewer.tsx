"use client";
// Any JSON as a tree a person can open, close and search. Every value is
// rendered as React text, never as HTML: the data comes from outside.
import { useId, useMemo, useState } from "react";
import {
  childPath,
  entriesOf,
  isContainer,
  type JsonPath,
  type JsonSearch,
  MAX_MATCHES,
  ROOT_PATH,
  searchJson,
} from "@/lib/result/json-search";

/** Children drawn at first under an open array or object; more on request. */
const PAGE = 100;

interface NodeContext {
  expanded: Set<JsonPath>;
  toggle: (path: JsonPath) => void;
  search: JsonSearch | null;
}

export function JsonViewer({ value, label = "Raw data" }: { value: unknown; label?: string }) {
  const inputId = useId();
  const [query, setQuery] = useState("");
  const [expanded, setExpanded] = useState<Set<JsonPath>>(() => new Set([ROOT_PATH]));
  const search = useMemo(() => (query.trim() ? searchJson(value, query) : null), [value, query]);

  const onSearch = (next: string) => {
    setQuery(next);
    // Open the way to every match; what the person opened before stays open.
    if (next.trim()) setExpanded((old) => new Set([...old, ...searchJson(value, next).open]));
  };
  const toggle = (path: JsonPath) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (!next.delete(path)) next.add(path);
      return next;
    });

  const count = search?.matches.size ?? 0;
  return (
    <div className="space-y-3" data-testid="json-viewer">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <label htmlFor={inputId} className="sr-only">
          Search the {label.toLowerCase()}
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Search keys and values"
          className="h-9 w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm placeholder:text-slate-400"
        />
        <p className="text-slate-500 text-xs" aria-live="polite">
          {search
            ? count === 0
              ? "No matches"
              : `${search.truncated ? `First ${MAX_MATCHES}` : count} match${count === 1 ? "" : "es"}`
            : ""}
        </p>
      </div>
      <div className="max-h-[32rem] overflow-auto rounded-lg border border-slate-200 bg-slate-950 p-3 font-mono text-[13px] text-slate-100 leading-6">
        <ul aria-label={label}>
          <JsonNode
            name={null}
            value={value}
            path={ROOT_PATH}
            context={{ expanded, toggle, search }}
            underMatch={false}
          />
        </ul>
      </div>
    </div>
  );
}

function JsonNode({
  name,
  value,
  path,
  context,
  underMatch,
}: {
  name: string | number | null;
  value: unknown;
  path: JsonPath;
  context: NodeContext;
  underMatch: boolean;
}) {
  const { search } = context;
  const isMatch = search?.matches.has(path) ?? false;
  const visible = !search || underMatch || isMatch || search.open.has(path);
  const [shown, setShown] = useState(PAGE);
  if (!visible) return null;

  const key =
    name === null ? null : (
      <span className={typeof name === "number" ? "text-slate-500" : "text-sky-300"}>
        {typeof name === "number" ? name : JSON.stringify(name)}
        <span className="text-slate-500">: </span>
      </span>
    );
  const mark = isMatch ? "rounded bg-amber-300/30 ring-1 ring-amber-300/60" : "";

  if (!isContainer(value)) {
    return (
      <li className="pl-5">
        <span className={mark}>
          {key}
          <Primitive value={value} />
        </span>
      </li>
    );
  }

  const entries = entriesOf(value);
  const open = context.expanded.has(path);
  const [start, end] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  const summary = `${entries.length} ${Array.isArray(value) ? "item" : "key"}${entries.length === 1 ? "" : "s"}`;
  return (
    <li>
      <button
        type="button"
        onClick={() => context.toggle(path)}
        aria-expanded={open}
        className={`flex max-w-full items-center gap-1 rounded text-left hover:bg-white/10 ${mark}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className={`size-4 shrink-0 text-slate-400 transition-transform ${open ? "rotate-90" : ""}`}
        >
          <path d="m6 4 4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        <span className="truncate">
          {key}
          <span className="text-slate-400">
            {start}
            {open ? "" : ` ${summary} ${end}`}
          </span>
        </span>
      </button>
      {open ? (
        <>
          <ul className="ml-2 border-slate-700 border-l pl-2">
            {entries.slice(0, search ? undefined : shown).map(([k, v]) => (
              <JsonNode
                key={k}
                name={k}
                value={v}
                path={childPath(path, k)}
                context={context}
                underMatch={underMatch || isMatch}
              />
            ))}
            {!search && entries.length > shown ? (
              <li className="pl-5">
                <button
                  type="button"
                  onClick={() => setShown((n) => n + PAGE)}
                  className="rounded text-sky-300 underline underline-offset-2 hover:text-sky-200"
                >
                  Show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown}
                </button>
              </li>
            ) : null}
          </ul>
          <span className="pl-5 text-slate-400">{end}</span>
        </>
      ) : null}
    </li>
  );
}

function Primitive({ value }: { value: unknown }) {
  if (typeof value === "string") {
    return <span className="break-all text-emerald-300">{JSON.stringify(value)}</span>;
  }
  if (typeof value === "number") return <span className="text-amber-200">{String(value)}</span>;
  if (typeof value === "boolean") return <span className="text-violet-300">{String(value)}</span>;
  return <span className="text-slate-400">null</span>;
}
