// GET /api/health – liveness of the app itself (not of the Routing Service).
export function GET() {
  return Response.json({ status: "ok" });
}
