// The browser's PUT of a file's bytes straight to the pre-signed URL. XHR
// rather than fetch: only XHR reports upload progress in every browser.
import { abortError } from "./backoff";
import { classifyPutFailure, type PutFailureKind, parseStorageError } from "./storage-error";

export interface PutProgress {
  loaded: number;
  total: number;
}

export interface PutOptions {
  signal?: AbortSignal;
  onProgress?: (progress: PutProgress) => void;
  /** Tests pass a fake. */
  createRequest?: () => XMLHttpRequest;
}

export interface PutResult {
  /** Storage's ETag, when CORS lets the browser read it. */
  etag: string | null;
}

/** A PUT that storage refused or that never reached it. */
export class PutError extends Error {
  override readonly name = "PutError";
  constructor(
    readonly kind: PutFailureKind,
    readonly status: number,
    /** The S3 error code from the XML body, when there was one. */
    readonly storageCode: string | null,
  ) {
    super(`Upload PUT failed: ${kind} (HTTP ${status}${storageCode ? `, ${storageCode}` : ""})`);
  }
}

export function putFile(
  url: string,
  body: Blob,
  contentType: string,
  options: PutOptions = {},
): Promise<PutResult> {
  const { signal, onProgress, createRequest = () => new XMLHttpRequest() } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = createRequest();
    const onAbort = () => xhr.abort();
    const settle = () => signal?.removeEventListener("abort", onAbort);

    xhr.open("PUT", url);
    // Exactly the type that was granted: storage signs it (SignatureDoesNotMatch otherwise).
    xhr.setRequestHeader("Content-Type", contentType);
    xhr.upload.onprogress = (event) => {
      onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : body.size,
      });
    };
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: body.size, total: body.size });
        resolve({ etag: xhr.getResponseHeader("ETag") });
        return;
      }
      const text = typeof xhr.responseText === "string" ? xhr.responseText : "";
      const kind = classifyPutFailure(xhr.status, text);
      reject(new PutError(kind, xhr.status, parseStorageError(text).code));
    };
    xhr.onerror = () => {
      settle();
      reject(new PutError("network", 0, null));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    xhr.send(body);
  });
}
