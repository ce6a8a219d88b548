// Runs that got an upload link but never a process call: the tab was closed
// after the upload, or the upload never finished. Nothing else would ever end
// them, so once their upload link has long expired they are settled as
// "not_processed", a state of their own (not a failure: nothing was asked of
// the service, and nothing was charged).
//
// Settling is one conditional UPDATE per case, so app instances sharing one
// ledger can all run it at once: a run is settled once, and a process call
// that starts at the same moment wins (recordProcessStart claims the grant
// only while process_started_at is null, and puts the run back in progress).
import type { FailureInput } from "./types";

/**
 * How long after its last step a run without a process call is settled.
 * Upload links last 15 minutes by default (UPLOAD_URL_TTL_SECONDS = 900);
 * an hour leaves room for a longer link and a slow upload.
 */
export const NOT_PROCESSED_AFTER_MS = 3_600_000;

export const NOT_PROCESSED_TEXT = {
  title: "Not processed",
  /** The upload finished, but nobody asked for processing (the page was closed). */
  uploaded: {
    code: "not_processed",
    message:
      "The document was uploaded but never sent for processing, probably because the page was closed first. Nothing was charged. Please send the document again.",
  },
  /** The upload itself never finished. */
  notUploaded: {
    code: "upload_not_finished",
    message:
      "The upload didn't finish, so the document was never processed and nothing was charged. Please send the document again.",
  },
} as const satisfies { title: string; uploaded: FailureInput; notUploaded: FailureInput };
