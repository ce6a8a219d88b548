"use client";
// The document a result was read from, as bytes in this tab: the file the
// person dropped while the tab still has it, otherwise the original fetched
// through a short-lived link the app issues (POST …/original): at once for
// the buyer's own run, on request for support staff, whose every view the
// run's timeline records. A service that does not give documents back, or a
// document past its retention, leaves the words that were read, said so.
import { useCallback, useEffect, useRef, useState } from "react";
import { fetchApi } from "@/lib/api/fetch";
import { originalLinkSchema } from "@/lib/api/runs";
import { AppError } from "@/lib/errors";

/** Where the original can be asked for. */
export interface OriginalSource {
  /** The app's route that issues a link to the document (POST, no body). */
  endpoint: string;
  /** Fetch it at once (the buyer's own run); staff ask with a button, since each view is recorded. */
  auto: boolean;
}

export interface DocumentFile {
  /** The document's bytes, when the tab has them. */
  blob: Blob | null;
  /**
   * own: the file dropped in this tab; fetched: the original, through a link;
   * idle: it can be asked for; loading; failed: it cannot be had (message says
   * why); none: there is no way to have it.
   */
  status: "own" | "fetched" | "idle" | "loading" | "failed" | "none";
  message?: string | undefined;
  /** The document's bytes, fetching the original if need be; null when it cannot be had. */
  load: () => Promise<Blob | null>;
}

const DOWNLOAD_FAILED =
  "The original document could not be downloaded from the document service. Please try again.";

export function useDocumentFile(
  file: Blob | null | undefined,
  original: OriginalSource | undefined,
  onOpened?: () => void,
): DocumentFile {
  const [fetched, setFetched] = useState<{
    status: "idle" | "loading" | "fetched" | "failed";
    blob?: Blob;
    message?: string;
  }>({ status: "idle" });
  const pending = useRef<Promise<Blob | null> | null>(null);
  const opened = useRef(onOpened);
  opened.current = onOpened;
  const endpoint = original?.endpoint;

  const load = useCallback(async (): Promise<Blob | null> => {
    if (file) return file;
    if (!endpoint) return null;
    pending.current ??= fetchOriginal(endpoint).then(
      (blob) => {
        setFetched({ status: "fetched", blob });
        opened.current?.();
        return blob;
      },
      (error: unknown) => {
        setFetched({
          status: "failed",
          message: error instanceof AppError ? error.message : DOWNLOAD_FAILED,
        });
        // A later click may try again (a link that expired, a network that came back).
        pending.current = null;
        return null;
      },
    );
    setFetched((now) => (now.status === "fetched" ? now : { status: "loading" }));
    return pending.current;
  }, [file, endpoint]);

  const auto = Boolean(original?.auto) && !file;
  useEffect(() => {
    if (auto) void load();
  }, [auto, load]);

  if (file) return { blob: file, status: "own", load };
  if (!endpoint) return { blob: null, status: "none", load };
  return {
    blob: fetched.blob ?? null,
    status: fetched.status,
    message: fetched.message,
    load,
  };
}

async function fetchOriginal(endpoint: string): Promise<Blob> {
  const link = await fetchApi(endpoint, originalLinkSchema, { method: "POST" });
  let response: Response;
  try {
    response = await fetch(link.url, { credentials: "omit", cache: "no-store" });
  } catch (cause) {
    throw new AppError("network_error", { message: DOWNLOAD_FAILED, cause });
  }
  if (!response.ok) {
    throw new AppError("upstream_error", {
      message:
        response.status === 404
          ? "The document service no longer has the original document."
          : DOWNLOAD_FAILED,
    });
  }
  return new Blob([await response.arrayBuffer()], { type: link.mediaType });
}
