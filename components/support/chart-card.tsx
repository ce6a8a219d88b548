import type { ReactNode } from "react";

export function ChartCard({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: ReactNode;
}) {
  return (
    <figure className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption>
        <h3 className="font-semibold text-slate-900 text-sm">{title}</h3>
        <p className="mt-0.5 text-slate-500 text-xs">{summary}</p>
      </figcaption>
      <div className="mt-3 flex-1">{children}</div>
    </figure>
  );
}
