import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import { SITE_VIEWPORT, SiteDocument } from "@/components/site-document";
import NotFound from "./(site)/not-found";
import "./globals.css";

// Any address no route matches. Next renders this instead of the root layout,
// so it brings the site's document and stylesheet itself.
export const metadata: Metadata = { title: "Page not found · DocRoute" };
export const viewport: Viewport = SITE_VIEWPORT;

export default async function GlobalNotFound() {
  // Rendered per request, as every page is, so that its scripts carry the CSP nonce.
  await connection();
  return (
    <SiteDocument>
      <NotFound />
    </SiteDocument>
  );
}
