import Link from "next/link";
import { secondaryButton } from "@/components/button-styles";
import { StatePanel } from "@/components/state-panel";
import type { CategoryView } from "@/lib/routing/types";

/** Why a category that is not active takes no documents, and where to go instead. */
export function UnavailablePanel({
  category,
  alternatives,
}: {
  category: CategoryView;
  alternatives: CategoryView[];
}) {
  const soon = category.availability === "coming_soon";
  return (
    <StatePanel
      tone={soon ? "pending" : "warning"}
      title={soon ? "Not taking documents yet" : "Not available right now"}
      testId="category-unavailable"
      actions={
        <Link href="/" className={secondaryButton}>
          See all categories
        </Link>
      }
    >
      <p>
        {soon
          ? `${category.name} isn't taking documents yet. Once it opens, you'll be able to drop your files right here.`
          : `${category.name} is marked “${category.statusLabel}”, so it can't take documents at the moment. Please try again later.`}
      </p>
      {alternatives.length > 0 ? (
        <div className="pt-3">
          <p className="font-medium text-slate-700">Available now</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {alternatives.map((c) => (
              <li key={c.id}>
                <Link
                  href={`/categories/${encodeURIComponent(c.id)}`}
                  className="inline-flex items-center rounded-full bg-indigo-50 px-3 py-1.5 font-medium text-indigo-700 text-sm ring-1 ring-indigo-600/15 ring-inset hover:bg-indigo-100"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </StatePanel>
  );
}
