// The `{category_id}` path parameter and the 404/409 that follow from it.
import { z } from "zod";
import { CATEGORY_STATUS } from "@/lib/contract";
import { type CatalogEntry, findCategory } from "../catalog";
import { conflict, notFound, pydanticIssue } from "./errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const categoryIdSchema = z
  .string()
  .refine((value) => UUID.test(value), {
    params: pydanticIssue(
      "uuid_parsing",
      "Input should be a valid UUID, invalid character or length: expected 8-4-4-4-12 hexadecimal digits",
      { error: "expected 8-4-4-4-12 hexadecimal digits" },
    ),
  })
  .transform((value) => value.toLowerCase());

export const categoryPathSchema = z.object({ category_id: categoryIdSchema });

/** 404 for an id that names no category; 409 for one that is coming soon (unless allowInactive). */
export function requireCategory(
  id: string,
  options: { allowInactive?: boolean } = {},
): CatalogEntry {
  const category = findCategory(id);
  if (!category) throw notFound("Category not found");
  if (!options.allowInactive && category.status !== CATEGORY_STATUS.active) {
    throw conflict(`Category "${category.name}" is coming soon and does not accept documents yet`);
  }
  return category;
}
