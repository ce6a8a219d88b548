// GET /api/runs/:id/job?after=<page> – how the buyer's long document is getting
// on: status, pages done of pages total, the text of pages read since `after`,
// and once it has ended its result (the run is then recorded as a synchronous
// answer would be). DELETE cancels it. Only the buyer who sent it may do
// either; anyone else gets the 404 an unknown id gets.
import { jobQuerySchema } from "@/lib/api/jobs";
import { MAX_RUN_ID_LENGTH } from "@/lib/api/runs";
import { AppError, errorResponse, parseRequest } from "@/lib/errors";
import { guardRequest } from "@/lib/http/guard";
import { jsonResponse } from "@/lib/http/json";
import { traceRoute } from "@/lib/http/tracing";
import { openOwnJobRun } from "@/lib/ledger/access";
import { cancelJobRun, readJobRun } from "@/lib/ledger/job-runs";

type Context = { params: Promise<{ id: string }> };

async function readJob(request: Request, { params }: Context) {
  try {
    await guardRequest(request, { mutating: false });
    const { ledger, run } = await openOwnJobRun(await runId(params));
    const { searchParams } = new URL(request.url);
    const { after } = parseRequest(jobQuerySchema, {
      after: searchParams.get("after") ?? undefined,
    });
    const answer = await readJobRun(ledger, run, after, request.signal);
    return jsonResponse(answer, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}

async function cancelJob(request: Request, { params }: Context) {
  try {
    await guardRequest(request, { mutating: true });
    const { ledger, run } = await openOwnJobRun(await runId(params));
    const answer = await cancelJobRun(ledger, run, request.signal);
    return jsonResponse(answer, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}

async function runId(params: Context["params"]): Promise<string> {
  const { id } = await params;
  if (id.length > MAX_RUN_ID_LENGTH) throw new AppError("not_found");
  return id;
}

export function GET(request: Request, context: Context) {
  return traceRoute(request, "/api/runs/[id]/job", () => readJob(request, context));
}

export function DELETE(request: Request, context: Context) {
  return traceRoute(request, "/api/runs/[id]/job", () => cancelJob(request, context));
}
