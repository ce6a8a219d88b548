// The category list (seed: GET /v1/categories).
import * as z from "zod/mini";

/** Status literals this project's service uses. Other services may differ. */
export const CATEGORY_STATUS = { active: "active", comingSoon: "coming_soon" } as const;

/** ISO 639 codes as INTERFACE.md's "Languages" row gives them: two or three lower-case letters. */
const ISO_639 = /^[a-z]{2,3}$/;

export const categorySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  status: z.string(),
  // Beyond the seed: this project's service sends them, another may not, or
  // may mean something else by them. Each is optional, and a malformed one
  // reads as absent (z.catch), so it never costs a client the whole list.
  /** Media types the category takes, lower case; empty while it is coming soon. */
  accepts: z.catch(z.optional(z.array(z.string().check(z.minLength(1)))), undefined),
  /** The largest document it takes, in bytes. */
  max_bytes: z.catch(z.optional(z.int().check(z.gte(1))), undefined),
  /** The languages it reads (ISO 639-1): the only language hints it takes. */
  languages: z.catch(z.optional(z.array(z.string().check(z.regex(ISO_639)))), undefined),
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
