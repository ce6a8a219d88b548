// A buyer's browser, for the fleet test: its own session cookie, the app's API
// through the balancer, the PUT straight to the bucket, and the browser's own
// retry rules for the process call (lib/upload/api.ts), so a call cut by a dying
// instance is retried with the same Idempotency-Key as a real browser would.
import { randomUUID } from "node:crypto";
import { grantSchema } from "@/lib/api/documents";
import { AppError } from "@/lib/errors";
import { type ProcessResult, processResultSchema } from "@/lib/kernel/contract";
import { retryCallDelay, shouldRetryCall } from "@/lib/upload/api";

const OCR = "5b0c7a8e-3f1d-4c2a-9e6b-1d2f3a4b5c6d";

export interface BuyerRun {
  objectKey: string;
  idempotencyKey: string;
  result: ProcessResult;
  /** Failed tries the browser's rules retried (dropped connections, service gone, still running). */
  retried: string[];
}

export class Buyer {
  cookie = "";

  constructor(private readonly appUrl: string) {}

  /** A call to the app as the browser's fetchApi makes it, keeping the session cookie. */
  async call(path: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.appUrl}${path}`, {
        method: "POST",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/json",
          ...(this.cookie ? { Cookie: this.cookie } : {}),
          ...headers,
        },
        body: JSON.stringify(body),
      });
    } catch (cause) {
      throw new AppError("network_error", { cause });
    }
    const setCookie = response.headers.getSetCookie().map((c) => c.split(";")[0]);
    if (setCookie.length > 0) this.cookie = setCookie.join("; ");
    const json: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw AppError.fromResponse(response.status, json);
    return json;
  }

  /** Grant, PUT to the bucket, process: the buyer's whole flow for one file. */
  async run(file: Buffer, name: string): Promise<BuyerRun> {
    const grant = grantSchema.parse(
      await this.call(`/api/categories/${OCR}/uploads`, {
        contentType: "image/png",
        fileName: name,
        size: file.length,
      }),
    );
    const put = await fetch(grant.uploadUrl, {
      method: "PUT",
      headers: { "Content-Type": "image/png" },
      body: new Uint8Array(file),
    });
    if (put.status !== 200) throw new Error(`PUT answered ${put.status}: ${await put.text()}`);
    const idempotencyKey = randomUUID();
    const retried: string[] = [];
    for (let failures = 1; ; failures++) {
      try {
        const answer = await this.call(
          `/api/categories/${OCR}/process`,
          { document: grant.s3Uri, mimeType: "image/png" },
          { "Idempotency-Key": idempotencyKey },
        );
        const result = processResultSchema.parse(answer);
        return { objectKey: grant.objectKey, idempotencyKey, result, retried };
      } catch (error) {
        if (!shouldRetryCall(failures, error)) throw error;
        retried.push(error instanceof AppError ? error.code : "unknown");
        await new Promise((r) => setTimeout(r, retryCallDelay(failures, error)));
      }
    }
  }
}
