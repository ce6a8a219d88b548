import { CategoryGridSkeleton } from "@/components/category-grid-skeleton";

export default function Loading() {
  return (
    <>
      <div className="mb-5 h-5 w-48 animate-pulse rounded bg-slate-200/80" />
      <CategoryGridSkeleton />
    </>
  );
}
