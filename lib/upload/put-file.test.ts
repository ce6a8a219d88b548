import { describe, expect, it } from "vitest";
import { isAbortError } from "./backoff";
import { PutError, putFile } from "./put-file";

/** Just enough of XMLHttpRequest for putFile, driven by the test. */
class FakeXhr {
  status = 0;
  responseText = "";
  method = "";
  url = "";
  headers: Record<string, string> = {};
  sent: unknown = undefined;
  aborted = false;
  responseHeaders: Record<string, string> = {};
  upload: {
    onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name] ?? null;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body = "", headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = body;
    this.responseHeaders = headers;
    this.onload?.();
  }
}

function setup() {
  const xhr = new FakeXhr();
  const createRequest = () => xhr as unknown as XMLHttpRequest;
  return { xhr, createRequest };
}

const file = new Blob([new Uint8Array(1000)]);

describe("putFile", () => {
  it("PUTs the bytes with the granted Content-Type and reports progress", async () => {
    const { xhr, createRequest } = setup();
    const progress: number[] = [];
    const done = putFile("http://storage.test/put?sig=1", file, "image/png", {
      createRequest,
      onProgress: (p) => progress.push(p.loaded),
    });
    expect(xhr.method).toBe("PUT");
    expect(xhr.url).toBe("http://storage.test/put?sig=1");
    expect(xhr.headers).toEqual({ "Content-Type": "image/png" });
    expect(xhr.sent).toBe(file);
    xhr.upload.onprogress?.({ loaded: 400, total: 1000, lengthComputable: true });
    xhr.answer(200, "", { ETag: '"abc"' });
    await expect(done).resolves.toEqual({ etag: '"abc"' });
    expect(progress).toEqual([400, 1000]);
  });

  it("rejects with the kind of failure storage answered", async () => {
    const { xhr, createRequest } = setup();
    const done = putFile("u", file, "image/png", { createRequest });
    xhr.answer(403, "<Error><Code>SignatureDoesNotMatch</Code></Error>");
    await expect(done).rejects.toMatchObject({
      name: "PutError",
      kind: "signature",
      status: 403,
      storageCode: "SignatureDoesNotMatch",
    });
  });

  it("calls status 0 a network failure", async () => {
    const { xhr, createRequest } = setup();
    const done = putFile("u", file, "image/png", { createRequest });
    xhr.onerror?.();
    await expect(done).rejects.toEqual(new PutError("network", 0, null));
  });

  it("aborts the request when cancelled, and rejects with an AbortError", async () => {
    const { xhr, createRequest } = setup();
    const controller = new AbortController();
    const done = putFile("u", file, "image/png", { createRequest, signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toSatisfy(isAbortError);
    expect(xhr.aborted).toBe(true);
  });

  it("sends nothing when already cancelled", async () => {
    const { xhr, createRequest } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(
      putFile("u", file, "image/png", { createRequest, signal: controller.signal }),
    ).rejects.toSatisfy(isAbortError);
    expect(xhr.sent).toBeUndefined();
  });
});
