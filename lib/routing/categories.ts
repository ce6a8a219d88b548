// Categories: the list, and one category by id.
import "server-only";
import { AppError } from "@/lib/errors";
import { type Category, categoryPageSchema, PAGING } from "@/lib/kernel/contract";
import { routingFetch } from "./fetch";
import { describeStatus } from "./status";
import type { CategoryList, CategoryView } from "./types";

export async function listCategories(
  { page, size }: { page?: number; size?: number } = {},
  signal?: AbortSignal,
): Promise<CategoryList> {
  const { data } = await routingFetch({
    operation: "list",
    path: "/v1/categories",
    query: { page, size },
    schema: categoryPageSchema,
    signal,
  });
  return {
    items: data.items.map(toCategoryView),
    page: data.page,
    pages: data.pages,
    size: data.size,
    total: data.total,
  };
}

// The seed has no single-category endpoint, so one category comes from
// walking the list. The whole catalog is kept for a short while: a page view
// and its route handlers ask for the same category within seconds.
const CATALOG_TTL_MS = 30_000;
let catalog: { loadedAt: number; items: Promise<CategoryView[]> } | undefined;

export async function getCategory(id: string): Promise<CategoryView> {
  const wanted = id.trim().toLowerCase();
  const found = (await listAllCategories()).find((c) => c.id.toLowerCase() === wanted);
  if (!found) throw new AppError("not_found");
  return found;
}

/** All categories, every page, from the short-lived cache when it is fresh. */
export function listAllCategories(): Promise<CategoryView[]> {
  const now = Date.now();
  if (catalog && now - catalog.loadedAt < CATALOG_TTL_MS) return catalog.items;
  const items = fetchAllPages();
  catalog = { loadedAt: now, items };
  // A failure is not remembered: the next caller tries again.
  items.catch(() => {
    if (catalog?.items === items) catalog = undefined;
  });
  return items;
}

async function fetchAllPages(): Promise<CategoryView[]> {
  const all: CategoryView[] = [];
  for (let page = 1; ; page += 1) {
    const list = await listCategories({ page, size: PAGING.maxSize });
    all.push(...list.items);
    // `pages` from another service might be missing or wrong; an empty page also ends the walk.
    if (list.items.length === 0 || page >= list.pages || page >= 1000) return all;
  }
}

export function toCategoryView(category: Category): CategoryView {
  const { availability, label } = describeStatus(category.status);
  // Not in the seed: the contract reads them when a service sends them (and drops a malformed one).
  const { accepts, max_bytes: maxBytes, languages } = category;
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    description: category.description,
    status: category.status,
    availability,
    statusLabel: label,
    // An empty list says nothing a file could be checked against.
    ...(accepts?.length ? { accepts } : {}),
    ...(maxBytes !== undefined ? { maxBytes } : {}),
    ...(languages ? { languages } : {}),
  };
}
