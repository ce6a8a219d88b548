import { CategoryGridSkeleton } from "@/components/category-grid-skeleton";
import { HomeShell } from "./home-shell";

export default function Loading() {
  return (
    <HomeShell>
      <div className="mb-5 h-5 w-48 animate-pulse rounded bg-slate-200/80" />
      <CategoryGridSkeleton />
    </HomeShell>
  );
}
