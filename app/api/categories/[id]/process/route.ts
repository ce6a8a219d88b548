// POST /api/categories/:id/process – process a document this buyer uploaded;
// the browser's Idempotency-Key goes upstream made private to the buyer, so a
// retry never runs twice and no other buyer can replay it. A long document
// goes as a job: 202 with it, read on at GET /api/runs/:runId/job.
import { safeParse } from "zod/mini";
import { type ProcessAnswer, processBodySchema, processHeadersSchema } from "@/lib/api/documents";
import type { ProcessReplyAnswer } from "@/lib/api/jobs";
import { AppError, errorResponse, parseRequest, readJsonBody } from "@/lib/errors";
import { guardRequest } from "@/lib/http/guard";
import { jsonResponse } from "@/lib/http/json";
import { traceRoute } from "@/lib/http/tracing";
import { categoryIdSchema } from "@/lib/kernel/contract";
import { openOwnUpload } from "@/lib/ledger/access";
import { trackProcess } from "@/lib/ledger/track";
import { processCall, processDocument } from "@/lib/routing";
import { buyerMeta } from "@/lib/routing/buyer-meta";
import { jobAnswer } from "@/lib/routing/job-answer";

export function POST(request: Request, context: { params: Promise<{ id: string }> }) {
  return traceRoute(request, "/api/categories/[id]/process", () => processRoute(request, context));
}

async function processRoute(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    await guardRequest(request, { mutating: true, serviceCall: true });
    const { id } = await params;
    if (!safeParse(categoryIdSchema, id).success) throw new AppError("not_found");
    const headers = parseRequest(processHeadersSchema, {
      "Idempotency-Key": request.headers.get("idempotency-key") ?? undefined,
    });
    const body = parseRequest(processBodySchema, await readJsonBody(request));
    // Only an upload granted to this buyer goes to the service.
    const upload = await openOwnUpload(body.document);
    const call = processCall(body, headers["Idempotency-Key"], upload);
    const { sessionId } = upload;
    const reply = await trackProcess({ categoryId: id, sessionId, call }, () =>
      processDocument(id, call, sessionId, request.signal),
    );
    if (reply.job) {
      const answer: ProcessReplyAnswer = { job: jobAnswer(reply.runId, reply.job) };
      return jsonResponse(answer, {
        status: 202,
        headers: {
          "Cache-Control": "no-store",
          Location: `/api/runs/${encodeURIComponent(reply.runId)}/job`,
        },
      });
    }
    const { kind, data, meta, replayed } = reply;
    // The ledger keeps the raw meta for support; the buyer gets plain words.
    const answer: ProcessAnswer = { kind, data, meta: buyerMeta(meta) };
    return jsonResponse(answer, {
      headers: {
        "Cache-Control": "no-store",
        ...(replayed ? { "Idempotent-Replayed": "true" } : {}),
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
