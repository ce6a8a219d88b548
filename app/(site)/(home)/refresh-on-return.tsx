"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Reads the page again from the server when the person comes back to the tab,
 * or the connection comes back, and what they see is over `staleMs` old: what
 * TanStack Query's refetch on focus did for this list, without shipping it.
 */
export function RefreshOnReturn({ staleMs = 60_000 }: { staleMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    let shownAt = Date.now();
    const refreshIfStale = () => {
      if (document.visibilityState !== "visible" || Date.now() - shownAt < staleMs) return;
      shownAt = Date.now();
      router.refresh();
    };
    document.addEventListener("visibilitychange", refreshIfStale);
    window.addEventListener("focus", refreshIfStale);
    window.addEventListener("online", refreshIfStale);
    return () => {
      document.removeEventListener("visibilitychange", refreshIfStale);
      window.removeEventListener("focus", refreshIfStale);
      window.removeEventListener("online", refreshIfStale);
    };
  }, [router, staleMs]);
  return null;
}
