// What a person reads for each failure: a short title and a sentence that
// says what happened and what to do. No internal detail, no key, no env names.
import type { AppErrorCode } from "./codes";

interface ErrorText {
  title: string;
  message: string;
}

export const ERROR_TEXT: Record<AppErrorCode, ErrorText> = {
  bad_request: {
    title: "That request wasn't valid",
    message: "Some of what was sent wasn't accepted. Please check it and try again.",
  },
  body_too_large: {
    title: "Request too large",
    message: "The request was larger than this site accepts. Please reload the page and try again.",
  },
  validation_failed: {
    title: "Some details weren't accepted",
    message: "The document service didn't accept part of the request.",
  },
  not_found: {
    title: "Not found",
    message: "We couldn't find that category. It may have been removed or renamed.",
  },
  unauthorized: {
    title: "Please sign in",
    message: "This page is for support staff. Sign in to see it.",
  },
  forbidden: {
    title: "Not allowed from here",
    message:
      "This request must come from this site's own pages. Please reload the page and try again.",
  },
  category_inactive: {
    title: "Not taking documents yet",
    message:
      "This category is not available yet, so it can't take documents. Please choose another one.",
  },
  still_running: {
    title: "Still processing",
    message: "This document is already being processed. Please wait a moment before trying again.",
  },
  misconfigured: {
    title: "The service isn't set up correctly",
    message: "This app can't sign in to the document service. Please contact your administrator.",
  },
  rate_limited: {
    title: "Too many requests",
    message: "You've sent many requests in a short time.",
  },
  service_busy: {
    title: "The service is busy",
    message: "Many documents are being processed right now.",
  },
  service_unreachable: {
    title: "We can't reach the document service",
    message: "The document service isn't answering right now. Please try again in a minute.",
  },
  timeout: {
    title: "This took too long",
    message:
      "The document service didn't answer in time. Trying again is safe: a document is never charged twice.",
  },
  providers_failed: {
    title: "We couldn't process this document",
    message:
      "Every provider for this category failed. Please try again later, and quote the trace id to support if it keeps happening.",
  },
  bad_response: {
    title: "Unexpected answer",
    message: "The document service answered in a way we didn't understand. Please try again later.",
  },
  upstream_error: {
    title: "The document service had a problem",
    message: "Something went wrong on the document service. Please try again.",
  },
  internal: {
    title: "Something went wrong",
    message: "An unexpected error happened on our side. Please try again.",
  },
  interrupted: {
    title: "Processing was interrupted",
    message:
      "The app restarted while this document was being processed, and its result could not be recovered. Please send the document again.",
  },
  file_type: {
    title: "File type not supported",
    message: "This kind of file can't be processed in this category.",
  },
  file_too_large: {
    title: "File too large",
    message: "This file is bigger than this category accepts.",
  },
  file_empty: {
    title: "Empty file",
    message: "This file has no content.",
  },
  network_error: {
    title: "No connection",
    message: "We couldn't reach the server. Check your internet connection and try again.",
  },
  upload_expired: {
    title: "Upload link expired",
    message: "The upload link expired before the file was sent. Please try again.",
  },
  upload_rejected: {
    title: "Storage refused the upload",
    message: "The upload link didn't match this file. Please try again.",
  },
  upload_blocked: {
    title: "Upload blocked",
    message:
      "The browser couldn't send the file to storage. A network filter or the storage's settings may be blocking it; please contact your administrator if it keeps happening.",
  },
  upload_failed: {
    title: "Upload failed",
    message: "The file couldn't be uploaded. Check your connection and try again.",
  },
  cancelled: {
    title: "Cancelled",
    message: "The upload was cancelled.",
  },
};

/** "Please wait 30 seconds and try again." for a known wait, else nothing. */
export function retryAfterSentence(seconds: number | undefined): string | undefined {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  if (seconds < 90) {
    const s = Math.ceil(seconds);
    return `Please wait ${s} second${s === 1 ? "" : "s"} and try again.`;
  }
  const m = Math.ceil(seconds / 60);
  return `Please wait ${m} minute${m === 1 ? "" : "s"} and try again.`;
}
