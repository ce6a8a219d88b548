import type { ReactNode } from "react";
import { HomeShell } from "./home-shell";

// The intro sits in the layout, outside the Suspense boundary of loading.tsx:
// it is in the first bytes of the page and paints at once (it is the page's
// largest text), while the category list streams in behind it.
export default function HomeLayout({ children }: { children: ReactNode }) {
  return <HomeShell>{children}</HomeShell>;
}
