"use client";
// The result view's chunk, fetched while a document uploads so that the answer
// finds it here and the text is drawn as soon as the answer arrives.
//
// Held in state rather than behind React.lazy: a lazy component suspends on its
// first render even when its chunk is already loaded, and React holds back the
// content of a Suspense boundary that has just shown its fallback (up to
// 300 ms), so the text would wait for a timer, not for the network. Nor
// next/dynamic, whose loader code (about 2.5 kB compressed) would ship with the
// page; a result only exists in the browser, so the server never renders it.
import { useCallback, useEffect, useState } from "react";

const importResultView = () => import("@/components/result/result-view");
export type ResultViewModule = Awaited<ReturnType<typeof importResultView>>;

// One fetch per tab (per importer: tests bring their own), shared by every session on the
// page; forgotten when it fails, so it can be tried again.
const loads = new WeakMap<() => Promise<ResultViewModule>, Promise<ResultViewModule>>();

function preloadResultView(
  importModule: () => Promise<ResultViewModule> = importResultView,
): Promise<ResultViewModule> {
  const known = loads.get(importModule);
  if (known) return known;
  const loading = importModule().catch((error: unknown) => {
    loads.delete(importModule);
    throw error;
  });
  loads.set(importModule, loading);
  return loading;
}

/**
 * The result view's module once `wanted` (files are on their way), null until
 * then; `failed` when its chunk could not be fetched, and `retry` to fetch it again.
 */
export function useResultView(
  wanted: boolean,
  importModule?: () => Promise<ResultViewModule>,
): { module: ResultViewModule | null; failed: boolean; retry: () => void } {
  const [module, setModule] = useState<ResultViewModule | null>(null);
  const [failed, setFailed] = useState(false);

  // After a failure, nothing is fetched until retry clears it.
  useEffect(() => {
    if (!wanted || module || failed) return;
    let current = true;
    preloadResultView(importModule).then(
      (m) => current && setModule(m),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [wanted, module, failed, importModule]);

  const retry = useCallback(() => setFailed(false), []);

  return { module, failed, retry };
}
