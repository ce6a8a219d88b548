import Link from "next/link";

/** Where this page sits: links up to the home page, then the current page's name. */
export function Breadcrumbs({
  trail,
  current,
}: {
  trail: { href: string; label: string }[];
  current: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1.5 text-slate-500">
        {trail.map((step) => (
          <li key={step.href} className="flex items-center gap-1.5">
            <Link href={step.href} className="rounded hover:text-slate-900 hover:underline">
              {step.label}
            </Link>
            <span aria-hidden="true" className="text-slate-400">
              /
            </span>
          </li>
        ))}
        <li aria-current="page" className="truncate font-medium text-slate-700">
          {current}
        </li>
      </ol>
    </nav>
  );
}
