// GET /api/health – liveness of the app itself (not of the Routing Service).
import { jsonResponse } from "@/lib/http/json";

export function GET() {
  return jsonResponse({ status: "ok" });
}
