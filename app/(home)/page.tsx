import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { secondaryButton } from "@/components/button-styles";
import { ErrorState } from "@/components/error-state";
import { toAppError } from "@/lib/errors";
import { categoriesQuery, readCategoriesParams } from "@/lib/query/categories";
import { makeQueryClient } from "@/lib/query/query-client";
import { listCategories } from "@/lib/routing";
import { CategoryList } from "./category-list";
import { homeHref } from "./home-href";

export default async function HomePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = readCategoriesParams(await searchParams);
  const queryClient = makeQueryClient();
  try {
    // The browser's key, filled from the server-only client rather than the route handler.
    await queryClient.fetchQuery({
      ...categoriesQuery(params),
      queryFn: ({ signal }) => listCategories(params, signal),
      // A failure is shown at once, with "Try again"; the browser's retries are for refreshes.
      retry: false,
    });
  } catch (error) {
    const appError = toAppError(error);
    return (
      <ErrorState
        error={appError}
        actions={
          appError.code === "misconfigured" ? null : (
            <a href={homeHref(params.page, params.size)} className={secondaryButton}>
              Try again
            </a>
          )
        }
      />
    );
  }
  // The intro around the list is the layout's (layout.tsx), so it paints before the list arrives.
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <CategoryList params={params} />
    </HydrationBoundary>
  );
}
