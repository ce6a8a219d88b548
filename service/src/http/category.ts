// The category a request names, and the 404/409 that follow from its id
// (the id's shape is the contract's categoryPathSchema).
import { CATEGORY_STATUS } from "@/lib/kernel/contract";
import { type CatalogEntry, findCategory } from "../catalog";
import { conflict, notFound } from "./errors";

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
