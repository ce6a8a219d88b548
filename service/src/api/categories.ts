// GET /v1/categories – the catalog, paged (INTERFACE.md: order, paging, 422s).
import type { FastifyPluginAsync } from "fastify";
import { type Category, type CategoryPage, categoryListQuerySchema } from "@/lib/kernel/contract";
import { ORDERED_CATALOG } from "../catalog";
import { validateRequest } from "../http/errors";

// `accepts` and `max_bytes` go beyond the seed's five fields (extra fields are
// allowed): with them a client refuses a wrong file before asking for a grant.
// `languages` (INTERFACE.md, "Languages") is what a client may offer as hints.
const toCategory = ({
  id,
  name,
  slug,
  description,
  status,
  accepts,
  maxBytes,
  languages,
}: (typeof ORDERED_CATALOG)[number]): Category => ({
  id,
  name,
  slug,
  description,
  status,
  accepts: [...accepts],
  max_bytes: maxBytes,
  ...(languages ? { languages: [...languages] } : {}),
});

export function listCategories(page: number, size: number): CategoryPage {
  const total = ORDERED_CATALOG.length;
  const start = (page - 1) * size;
  return {
    items: start < total ? ORDERED_CATALOG.slice(start, start + size).map(toCategory) : [],
    page,
    pages: Math.ceil(total / size),
    size,
    total,
  };
}

export const categoryRoutes: FastifyPluginAsync = async (app) => {
  app.get("/categories", async (request) => {
    const { query } = validateRequest(request, { query: categoryListQuerySchema });
    return listCategories(query.page, query.size);
  });
};
