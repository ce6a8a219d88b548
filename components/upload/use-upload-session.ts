"use client";
// Fetches the upload engine's chunk once, on demand. A failed fetch is
// reported, and `load` may be called again to retry it.
import { useCallback, useRef, useState } from "react";

const importSession = () => import("./upload-session");
export type UploadSessionModule = Awaited<ReturnType<typeof importSession>>;

export function useUploadSession(importModule: () => Promise<UploadSessionModule> = importSession) {
  const [module, setModule] = useState<UploadSessionModule | null>(null);
  const [failed, setFailed] = useState(false);
  const loading = useRef(false);
  const loaded = useRef(false);

  const load = useCallback(() => {
    if (loading.current || loaded.current) return;
    loading.current = true;
    setFailed(false);
    importModule().then(
      (m) => {
        loaded.current = true;
        loading.current = false;
        setModule(m);
      },
      () => {
        loading.current = false;
        setFailed(true);
      },
    );
  }, [importModule]);

  return { module, failed, load };
}
