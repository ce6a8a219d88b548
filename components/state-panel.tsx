import type { ReactNode } from "react";

type Tone = "neutral" | "pending" | "warning" | "danger";

const ICON_TONE: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-500",
  pending: "bg-amber-50 text-amber-700",
  warning: "bg-amber-100 text-amber-700",
  danger: "bg-red-100 text-red-700",
};

const ICONS: Record<Tone, string[]> = {
  neutral: ["M4 7h16v12H4z", "M4 7l2-3h12l2 3", "M9 12h6"],
  pending: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z", "M12 7v5l3 2"],
  warning: ["M12 4 3 20h18L12 4Z", "M12 10v4.5", "M12 17.5v.01"],
  danger: ["M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z", "M12 7.5v5.5", "M12 16.5v.01"],
};

/**
 * The frame of every empty, error and "not here" screen: an icon, a heading,
 * a sentence, and what to do next. Presentational, so server and client
 * components both use it.
 */
export function StatePanel({
  tone = "neutral",
  title,
  headingLevel = 2,
  children,
  actions,
  testId,
  role,
}: {
  tone?: Tone;
  title: string;
  headingLevel?: 1 | 2;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  role?: "alert" | "status";
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section
      data-testid={testId}
      role={role}
      className="mx-auto flex max-w-xl flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm sm:px-10"
    >
      <span
        aria-hidden="true"
        className={`inline-flex size-12 items-center justify-center rounded-full ${ICON_TONE[tone]}`}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          focusable="false"
          aria-hidden="true"
        >
          {ICONS[tone].map((d) => (
            <path key={d} d={d} />
          ))}
        </svg>
      </span>
      <Heading className="mt-4 font-semibold text-lg text-slate-900">{title}</Heading>
      <div className="mt-2 space-y-2 text-pretty text-slate-600 text-sm leading-relaxed">
        {children}
      </div>
      {actions ? (
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{actions}</div>
      ) : null}
    </section>
  );
}
