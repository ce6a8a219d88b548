// The category list as the browser asks for it: the query parameters (checked
// the same way by the route handler), the answer's schema, and the option
// factory whose key the server prefetches under.
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import type { CategoryList } from "@/lib/routing/types";
import { fetchApi } from "./fetch-api";

/** Cards on one page of the home screen unless `?size=` says otherwise. */
export const HOME_PAGE_SIZE = 12;

export const categoriesParamsSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(HOME_PAGE_SIZE),
});
export type CategoriesParams = z.infer<typeof categoriesParamsSchema>;

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

export const categoryListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      description: z.string(),
      status: z.string(),
      availability: z.enum(["active", "coming_soon", "unavailable"]),
      statusLabel: z.string(),
      accepts: z.array(z.string()).optional(),
      maxBytes: z.number().optional(),
    }),
  ),
  page: z.number(),
  pages: z.number(),
  size: z.number(),
  total: z.number(),
}) satisfies z.ZodType<CategoryList>;

export function categoriesQuery(params: CategoriesParams) {
  return queryOptions({
    queryKey: ["categories", params.page, params.size],
    queryFn: ({ signal }) =>
      fetchApi(`/api/categories?page=${params.page}&size=${params.size}`, categoryListSchema, {
        signal,
      }),
  });
}
