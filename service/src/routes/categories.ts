// GET /v1/categories – the catalog, paged (INTERFACE.md: order, paging, 422s).
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { type Category, type CategoryPage, PAGING } from "@/lib/contract";
import { ORDERED_CATALOG } from "../catalog";
import { pydanticIssue, validateRequest } from "../http/errors";

/** A query-string integer as FastAPI reads it: the last value wins, then int_parsing and bounds. */
const queryInt = (min: number, max?: number) => {
  const bounded =
    max === undefined ? z.number().int().min(min) : z.number().int().min(min).max(max);
  return z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? (value.at(-1) ?? "") : value).trim())
    .refine((value) => /^[+-]?\d+$/.test(value), {
      params: pydanticIssue(
        "int_parsing",
        "Input should be a valid integer, unable to parse string as an integer",
      ),
    })
    .transform(Number)
    .pipe(bounded);
};

export const categoryListQuerySchema = z.object({
  page: queryInt(1).default(PAGING.defaultPage),
  size: queryInt(1, PAGING.maxSize).default(PAGING.defaultSize),
});

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
