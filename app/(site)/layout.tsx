import type { ReactNode } from "react";
import "../globals.css";

// The stylesheet is imported here, one level below the root layout, and not in
// the root layout: with experimental.inlineCss, Next (Turbopack) also files the
// root layout's CSS under the global error boundary, which put a second copy of
// the whole stylesheet into every page's RSC payload.
export default function SiteLayout({ children }: { children: ReactNode }) {
  return children;
}
