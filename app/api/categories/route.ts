// GET /api/categories?page&size – the category list for the browser.

import { categoriesParamsSchema } from "@/lib/api/categories";
import { errorResponse, parseRequest } from "@/lib/errors";
import { guardRequest } from "@/lib/http/guard";
import { jsonResponse } from "@/lib/http/json";
import { listCategories } from "@/lib/routing";

export async function GET(request: Request) {
  try {
    await guardRequest(request, { mutating: false });
    const search = new URL(request.url).searchParams;
    const params = parseRequest(categoriesParamsSchema, {
      page: search.get("page") ?? undefined,
      size: search.get("size") ?? undefined,
    });
    return jsonResponse(await listCategories(params, request.signal), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
