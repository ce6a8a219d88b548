import type { ReactNode } from "react";

/** The top of a page: a small overline, the one h1, and a sentence under it. */
export function PageIntro({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="max-w-3xl">
      {eyebrow ? (
        <p className="font-semibold text-indigo-700 text-sm tracking-wide">{eyebrow}</p>
      ) : null}
      <h1 className="mt-2 text-balance font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
        {title}
      </h1>
      {children ? (
        <div className="mt-3 text-pretty text-base text-slate-600 leading-relaxed sm:text-lg">
          {children}
        </div>
      ) : null}
    </div>
  );
}
