import type { ReactNode } from "react";
import { QueryProvider } from "@/lib/query/query-provider";

// The uploader's mutations (TanStack Query) are the only client queries of the
// app, so their provider sits here rather than in the root layout: no other
// page downloads TanStack Query.
export default function CategoryLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
