"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Reads the page again from the server every few seconds while a run on it
 * is still in progress, so its outcome appears without the person refreshing
 * (a run an app restart interrupted is resumed on that read: lib/ledger/resume.ts).
 */
export function RefreshWhilePending({
  pending,
  everyMs = 3000,
}: {
  pending: boolean;
  everyMs?: number;
}) {
  const router = useRouter();
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [pending, everyMs, router]);
  return null;
}
