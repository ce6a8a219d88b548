// GET /api/categories?page&size – the category list, as the app shows it.
// The query is checked the same way by the route handler and by the home page
// on the server; the answer is what lib/routing makes of the service's list.
import * as z from "zod/mini";

/** Cards on one page of the home screen unless `?size=` says otherwise. */
export const HOME_PAGE_SIZE = 12;

const whole = (min: number, max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.gte(min), z.lte(max)), fallback);

export const categoriesParamsSchema = z.object({
  page: whole(1, 100_000, 1),
  size: whole(1, 100, HOME_PAGE_SIZE),
});
export type CategoriesParams = z.output<typeof categoriesParamsSchema>;

/** For a page's URL: a bad `?page=` or `?size=` falls back on its default, not an error. */
export function readCategoriesParams(
  search: Record<string, string | string[] | undefined>,
): CategoriesParams {
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const page = z.safeParse(categoriesParamsSchema.shape.page, first(search.page));
  const size = z.safeParse(categoriesParamsSchema.shape.size, first(search.size));
  return {
    page: page.success ? page.data : 1,
    size: size.success ? size.data : HOME_PAGE_SIZE,
  };
}

/** How a category's status reads to a person (lib/routing/status.ts); only "active" takes documents. */
export const AVAILABILITIES = ["active", "coming_soon", "unavailable"] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const categoryViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** The service's own literal, kept for support and debugging. */
  status: z.string(),
  availability: z.enum(AVAILABILITIES),
  /** "Active", "Coming soon", or the service's own words, prettified. */
  statusLabel: z.string(),
  /** Media types the category takes and its size limit, when the service says (not in the seed). */
  accepts: z.optional(z.array(z.string())),
  maxBytes: z.optional(z.number()),
  /** Languages the category reads (extra field `languages`, ISO 639-1): the only hints offered. */
  languages: z.optional(z.array(z.string())),
});
export type CategoryView = z.infer<typeof categoryViewSchema>;

export const categoryListSchema = z.object({
  items: z.array(categoryViewSchema),
  page: z.int(),
  pages: z.int(),
  size: z.int(),
  total: z.int(),
});
export type CategoryList = z.infer<typeof categoryListSchema>;
