// POST /api/support/runs/:id/original – a short-lived link to the document a run
// processed, for signed-in staff; every one is recorded in the run's timeline.
import { getStaffSession } from "@/lib/auth";
import { AppError, errorResponse } from "@/lib/errors";
import { guardRequest } from "@/lib/http/guard";
import { jsonResponse } from "@/lib/http/json";
import { findRunForStaff } from "@/lib/ledger/access";
import { originalLink } from "@/lib/ledger/original";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    await guardRequest(request, { mutating: true, serviceCall: true });
    const staff = await getStaffSession();
    if (!staff) throw new AppError("unauthorized");
    const { id } = await params;
    const run = await findRunForStaff(id);
    if (!run)
      throw new AppError("not_found", { message: `No run has the id “${id.slice(0, 200)}”.` });
    const link = await originalLink(run, { staff: staff.username }, request.signal);
    return jsonResponse(link, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
