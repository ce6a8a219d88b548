// GET /api/support/runs/:id – one run, whole, for signed-in staff: by trace id,
// run id, Idempotency-Key or object key. `?download=1` saves it as a file.
import { getStaffSession } from "@/lib/auth";
import { AppError, errorResponse } from "@/lib/errors";
import { guardRequest } from "@/lib/http/guard";
import { findRunForStaff } from "@/lib/ledger/access";
import { exportFileName, toPublicRun } from "@/lib/ledger/public";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  try {
    await guardRequest(request, { mutating: false });
    if (!(await getStaffSession())) throw new AppError("unauthorized");
    const { id } = await params;
    const run = await findRunForStaff(id);
    if (!run)
      throw new AppError("not_found", { message: `No run has the id “${id.slice(0, 200)}”.` });
    const headers = new Headers({
      "Cache-Control": "no-store",
      "Content-Type": "application/json",
    });
    if (new URL(request.url).searchParams.get("download")) {
      headers.set("Content-Disposition", `attachment; filename="${exportFileName(run)}"`);
    }
    return new Response(`${JSON.stringify(toPublicRun(run), null, 2)}\n`, { headers });
  } catch (error) {
    return errorResponse(error);
  }
}
