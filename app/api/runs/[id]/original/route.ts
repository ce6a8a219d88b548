// POST /api/runs/:id/original – a short-lived link to the document a buyer sent,
// for that buyer's session only: anyone else gets the answer an unknown id gets.
import { MAX_RUN_ID_LENGTH } from "@/lib/api/runs";
import { getBuyerSessionId } from "@/lib/auth";
import { AppError, errorResponse } from "@/lib/errors";
import { guardRequest } from "@/lib/http/guard";
import { jsonResponse } from "@/lib/http/json";
import { getLedger } from "@/lib/ledger";
import { originalLink } from "@/lib/ledger/original";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    await guardRequest(request, { mutating: true, serviceCall: true });
    const { id } = await params;
    const sessionId = await getBuyerSessionId();
    const run =
      sessionId && id.length <= MAX_RUN_ID_LENGTH
        ? await (await getLedger()).findRun(id)
        : undefined;
    if (!run || run.sessionId !== sessionId) {
      throw new AppError("not_found", { message: "No document of yours has that id." });
    }
    const link = await originalLink(run, { buyer: true }, request.signal);
    return jsonResponse(link, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
