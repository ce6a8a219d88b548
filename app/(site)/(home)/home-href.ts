import { HOME_PAGE_SIZE } from "@/lib/api/categories";

/** `/`, `/?page=2`, `/?page=2&size=4`: the default size stays out of the URL. */
export function homeHref(page: number, size: number): string {
  const search = new URLSearchParams();
  if (page > 1) search.set("page", String(page));
  if (size !== HOME_PAGE_SIZE) search.set("size", String(size));
  const query = search.toString();
  return query ? `/?${query}` : "/";
}
