// Cookie settings shared by the buyer and staff sessions.
import "server-only";
import { headers } from "next/headers";

export const BUYER_COOKIE = "docroute_buyer";
export const STAFF_COOKIE = "docroute_support";

/** http-only, same-site; Secure when the request came over https. */
export async function cookieOptions(maxAgeSeconds: number) {
  const proto = (await headers()).get("x-forwarded-proto") ?? "";
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    secure: proto.split(",")[0]?.trim() === "https",
    path: "/",
    maxAge: Math.floor(maxAgeSeconds),
  };
}
