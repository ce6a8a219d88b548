// The checks every route handler runs first: the rate limits, and for the
// mutating ones (POST) the same-origin rule; handlers that call the Routing
// Service also take from the buyer's share of it. One call per handler:
//
//   await guardRequest(request, { mutating: true, serviceCall: true });
import "server-only";
import { getBuyerSessionId } from "@/lib/auth/buyer-session";
import { env } from "@/lib/env";
import { clientAddress } from "./client-address";
import { createRequestLimit, type RequestLimit } from "./rate-limit";
import { appRedis } from "./redis";
import { assertSameOrigin } from "./same-origin";

interface Limits {
  requests: RequestLimit;
  serviceShare: RequestLimit;
}

let limits: Promise<Limits> | undefined;

async function makeLimits(): Promise<Limits> {
  const redis = await appRedis();
  return {
    requests: createRequestLimit({
      name: "app:requests",
      perMinute: env.APP_RATE_LIMIT_PER_MINUTE,
      redis,
    }),
    serviceShare: createRequestLimit({
      name: "app:service-share",
      perMinute: env.BUYER_SERVICE_CALLS_PER_MINUTE,
      redis,
      message: "You're sending documents faster than this site allows for one person.",
    }),
  };
}

export async function guardRequest(
  request: Request,
  { mutating, serviceCall = false }: { mutating: boolean; serviceCall?: boolean },
) {
  if (mutating) assertSameOrigin(request);
  limits ??= makeLimits();
  const { requests, serviceShare } = await limits;
  const address = `a:${clientAddress(request.headers, env.TRUSTED_PROXIES)}`;
  // Outside a request scope (some tests) there is no cookie to read: no session.
  const sessionId = await getBuyerSessionId().catch(() => null);
  const session = sessionId && `s:${sessionId}`;
  await requests.check(address, session);
  if (serviceCall) await serviceShare.check(session || address);
}
