// The category list as the browser reads it from the app's route handler: the
// answer's schema (zod/mini, which is what runs in the browser) and the option
// factory whose key the server prefetches under. The query parameters' schema
// stays on the server, in ./categories.ts.
import { queryOptions } from "@tanstack/react-query";
import * as z from "zod/mini";
import type { CategoryList } from "@/lib/routing/types";
import { fetchApi } from "./fetch-api";

/** Cards on one page of the home screen unless `?size=` says otherwise. */
export const HOME_PAGE_SIZE = 12;

export interface CategoriesParams {
  page: number;
  size: number;
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
      accepts: z.optional(z.array(z.string())),
      maxBytes: z.optional(z.number()),
    }),
  ),
  page: z.number(),
  pages: z.number(),
  size: z.number(),
  total: z.number(),
}) satisfies z.ZodMiniType<CategoryList>;

export function categoriesQuery(params: CategoriesParams) {
  return queryOptions({
    queryKey: ["categories", params.page, params.size],
    queryFn: ({ signal }) =>
      fetchApi(`/api/categories?page=${params.page}&size=${params.size}`, categoryListSchema, {
        signal,
      }),
  });
}
