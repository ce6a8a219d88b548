// POST /api/runs/:id/uploaded – the browser says a file's bytes reached
// storage. `id` is the run id or the grant's object key; only the session
// that asked for the grant can mark it.

import { MAX_RUN_ID_LENGTH, type UploadedAnswer, uploadedBodySchema } from "@/lib/api/runs";
import { getBuyerSessionId } from "@/lib/auth";
import { AppError, errorResponse, parseRequest, readJsonBody } from "@/lib/errors";
import { guardRequest } from "@/lib/http/guard";
import { getLedger } from "@/lib/ledger";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    await guardRequest(request, { mutating: true });
    const { id } = await params;
    parseRequest(uploadedBodySchema, await readJsonBody(request, { optional: true }));
    const sessionId = await getBuyerSessionId();
    const marked =
      sessionId !== null &&
      id.length <= MAX_RUN_ID_LENGTH &&
      (await (await getLedger()).recordUploaded(sessionId, id));
    if (!marked) throw new AppError("not_found", { message: "No upload of yours has that id." });
    const answer: UploadedAnswer = { recorded: true };
    return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
