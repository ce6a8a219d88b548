import { secondaryButton } from "@/components/button-styles";
import { ErrorState } from "@/components/error-state";
import { readCategoriesParams } from "@/lib/api/categories";
import { toAppError } from "@/lib/errors";
import { type CategoryList as List, listCategories } from "@/lib/routing";
import { CategoryList } from "./category-list";
import { homeHref } from "./home-href";
import { RefreshOnReturn } from "./refresh-on-return";

export default async function HomePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = readCategoriesParams(await searchParams);
  let list: List;
  try {
    list = await listCategories(params);
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
  // Server components only: the cards need no script. The intro around the
  // list is the layout's (layout.tsx), so it paints before the list arrives.
  return (
    <>
      <CategoryList list={list} params={params} />
      <RefreshOnReturn />
    </>
  );
}
