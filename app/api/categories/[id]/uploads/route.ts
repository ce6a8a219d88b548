// POST /api/categories/:id/uploads – a grant for one browser PUT to storage.
import { safeParse } from "zod/mini";
import { uploadBodySchema } from "@/lib/api/documents";
import { AppError, errorResponse, parseRequest, readJsonBody } from "@/lib/errors";
import { guardRequest } from "@/lib/http/guard";
import { jsonResponse } from "@/lib/http/json";
import { traceRoute } from "@/lib/http/tracing";
import { categoryIdSchema } from "@/lib/kernel/contract";
import { trackGrant } from "@/lib/ledger/track";
import { requestUpload } from "@/lib/routing";

async function grantUpload(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    await guardRequest(request, { mutating: true, serviceCall: true });
    const { id } = await params;
    if (!safeParse(categoryIdSchema, id).success) throw new AppError("not_found");
    const { contentType, fileName, size } = parseRequest(
      uploadBodySchema,
      await readJsonBody(request),
    );
    const grant = await trackGrant({ categoryId: id, contentType, fileName, fileSize: size }, () =>
      requestUpload(id, { contentType, size }, request.signal),
    );
    return jsonResponse(grant, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}

export function POST(request: Request, context: { params: Promise<{ id: string }> }) {
  return traceRoute(request, "/api/categories/[id]/uploads", () => grantUpload(request, context));
}
