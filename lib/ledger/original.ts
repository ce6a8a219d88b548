// The document a run processed, read back from the service through a short-lived
// link (its optional extension, lib/routing requestDocumentLink). Callers have
// checked who asks: the run's own buyer, or signed-in staff, whose every view is
// recorded in the run's timeline before the link is handed out.
import "server-only";
import type { OriginalLink } from "@/lib/api/runs";
import { AppError } from "@/lib/errors";
import { requestDocumentLink } from "@/lib/routing";
import { getLedger } from "./instance";
import type { RunDetail } from "./types";

export const ORIGINAL_TEXT = {
  none: "This run has no uploaded document to show.",
  gone: "The document itself was deleted at the end of its retention period; what was read from it is kept.",
  unavailable:
    "The document service can't give the original back: it no longer has it, or it does not offer originals.",
} as const;

export async function originalLink(
  run: RunDetail,
  viewer: { staff: string } | { buyer: true },
  signal?: AbortSignal,
): Promise<OriginalLink> {
  if (!run.objectKey) throw new AppError("not_found", { message: ORIGINAL_TEXT.none });
  const link = await requestDocumentLink(run.objectKey, undefined, signal);
  if (link.state !== "ready") {
    throw new AppError("not_found", { message: ORIGINAL_TEXT[link.state] });
  }
  // Recorded before the link leaves: a view that cannot be recorded is not given.
  if ("staff" in viewer) {
    await (await getLedger()).recordRunEvent(run.localId, {
      kind: "original_viewed",
      actor: viewer.staff,
    });
  }
  return {
    url: link.url,
    expiresAt: Date.now() + link.expiresIn * 1000,
    mediaType: link.contentType ?? run.mediaType ?? "application/octet-stream",
  };
}
