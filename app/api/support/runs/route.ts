// GET /api/support/runs – recent runs for signed-in staff, filtered and paged
// on the server (same query parameters as the console's URL).
import { getStaffSession } from "@/lib/auth";
import { AppError, errorResponse } from "@/lib/errors";
import { guardRequest } from "@/lib/http/guard";
import { getLedger, parseRunQuery } from "@/lib/ledger";
import { toPublicRun } from "@/lib/ledger/public";

export async function GET(request: Request) {
  try {
    await guardRequest(request, { mutating: false });
    if (!(await getStaffSession())) throw new AppError("unauthorized");
    const query = parseRunQuery(new URL(request.url).searchParams);
    if (query.problems.length > 0) {
      throw new AppError("bad_request", {
        message: "Some filters were not understood.",
        fields: query.problems,
      });
    }
    const page = await (await getLedger()).listRuns(query.filters, query.page, query.size);
    return Response.json(
      { ...page, items: page.items.map(toPublicRun) },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return errorResponse(error);
  }
}
