import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { SITE_VIEWPORT, SiteDocument } from "@/components/site-document";

export const metadata: Metadata = {
  title: { default: "DocRoute", template: "%s · DocRoute" },
  description:
    "Send a document, get it processed by the best available provider, and see the cost, time and any failover of every result.",
};

export const viewport: Viewport = SITE_VIEWPORT;

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: the CSP nonce (proxy.ts) is new each time,
  // and Next can only put it on its scripts in a dynamic render.
  await connection();
  return <SiteDocument>{children}</SiteDocument>;
}
