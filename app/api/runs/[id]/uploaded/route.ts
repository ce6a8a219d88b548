// POST /api/runs/:id/uploaded – the browser says a file's bytes reached
// storage. `id` is the run id or the grant's object key; only the session
// that asked for the grant can mark it.
import { z } from "zod";
import { getBuyerSessionId } from "@/lib/auth";
import { AppError, errorResponse, parseRequest, readJsonBody } from "@/lib/errors";
import { guardRequest } from "@/lib/http/guard";
import { getLedger } from "@/lib/ledger";

const bodySchema = z
  .object({
    fileName: z.string().trim().min(1).max(255).optional(),
    size: z
      .number()
      .int()
      .min(0)
      .max(10 * 1024 ** 3)
      .optional(),
  })
  .default({});

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    await guardRequest(request, { mutating: true });
    const { id } = await params;
    // The body is optional: an empty one says only "done".
    const body = parseRequest(bodySchema, await readJsonBody(request, { optional: true }));
    const sessionId = await getBuyerSessionId();
    const marked =
      sessionId !== null &&
      id.length <= 1024 &&
      (await (
        await getLedger()
      ).recordUploaded(sessionId, id, {
        fileName: body.fileName,
        fileSize: body.size,
      }));
    if (!marked) throw new AppError("not_found", { message: "No upload of yours has that id." });
    return Response.json({ recorded: true }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
