// The category list (seed: GET /v1/categories).
import * as z from "zod/mini";

/** Status literals this project's service uses. Other services may differ. */
export const CATEGORY_STATUS = { active: "active", comingSoon: "coming_soon" } as const;

export const categorySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  status: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryPageSchema = z.looseObject({
  items: z.array(categorySchema),
  page: z.int(),
  pages: z.int(),
  size: z.int(),
  total: z.int(),
});
export type CategoryPage = z.infer<typeof categoryPageSchema>;
