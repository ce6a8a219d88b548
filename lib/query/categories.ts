// The category list's query parameters, checked the same way by the route
// handler and by the home page on the server.
import { z } from "zod";

/** Cards on one page of the home screen unless `?size=` says otherwise. */
export const HOME_PAGE_SIZE = 12;

export interface CategoriesParams {
  page: number;
  size: number;
}

export const categoriesParamsSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(HOME_PAGE_SIZE),
}) satisfies z.ZodType<CategoriesParams, unknown>;

/** For a page's URL: a bad `?page=` or `?size=` falls back on its default, not an error. */
export function readCategoriesParams(search: Record<string, string | string[] | undefined>) {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const page = categoriesParamsSchema.shape.page.safeParse(first(search.page));
  const size = categoriesParamsSchema.shape.size.safeParse(first(search.size));
  return {
    page: page.success ? page.data : 1,
    size: size.success ? size.data : HOME_PAGE_SIZE,
  } satisfies CategoriesParams;
}
