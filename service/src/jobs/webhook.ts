// Sending a finished job to its callback_url (INTERFACE.md, "Jobs"): a POST of the job as
// GET /v1/jobs/{id} shows it, signed with the API key's secret, through a connector that
// connects only to addresses checked at that moment (callback-url.ts). Redirects are never
// followed: a 3xx is a failed delivery, and so is any other answer than 2xx.
import { createHmac } from "node:crypto";
import { Agent, request } from "undici";
import {
  type CallbackPolicy,
  checkCallbackUrl,
  checkedLookup,
  RefusedCallbackError,
} from "./callback-url";

export const SIGNATURE_HEADER = "Webhook-Signature";

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the secret>`. */
export function signWebhook(body: string, secret: string, unixSeconds: number): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

export type Delivery =
  | { kind: "delivered"; status: number }
  /** `retry`: worth trying again later (no answer, 5xx, 429…); not for a refused address or a redirect. */
  | { kind: "failed"; retry: boolean; error: string };

export interface WebhookSender {
  deliver(url: string, body: string, secret: string, jobId: string): Promise<Delivery>;
  close(): Promise<void>;
}

export function createWebhookSender(policy: CallbackPolicy, timeoutMs: number): WebhookSender {
  const agent = new Agent({
    connect: { lookup: checkedLookup(policy), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    keepAliveTimeout: 1000,
  });
  return {
    async deliver(url, body, secret, jobId) {
      try {
        // An IP in the URL is connected to without a lookup: it is checked here.
        await checkCallbackUrl(url, policy);
      } catch (error) {
        if (error instanceof RefusedCallbackError) return refused(error);
        throw error;
      }
      try {
        const answer = await request(url, {
          method: "POST",
          dispatcher: agent,
          headers: {
            "content-type": "application/json",
            "user-agent": "docroute-webhooks/1",
            "webhook-id": jobId,
            [SIGNATURE_HEADER.toLowerCase()]: signWebhook(
              body,
              secret,
              Math.floor(Date.now() / 1000),
            ),
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await answer.body.dump();
        const status = answer.statusCode;
        if (status >= 200 && status < 300) return { kind: "delivered", status };
        if (status >= 300 && status < 400) {
          return {
            kind: "failed",
            retry: false,
            error: `the callback answered ${status} (a redirect); redirects are not followed`,
          };
        }
        return { kind: "failed", retry: true, error: `the callback answered ${status}` };
      } catch (error) {
        const refusal = refusalIn(error);
        if (refusal) return refused(refusal);
        const text = error instanceof Error ? error.message : String(error);
        return { kind: "failed", retry: true, error: `no answer from the callback: ${text}` };
      }
    },
    close: () => agent.close(),
  };
}

function refused(error: RefusedCallbackError): Delivery {
  return { kind: "failed", retry: false, error: error.message };
}

/** The refusal behind a failed connection, if that is why it failed. */
function refusalIn(error: unknown): RefusedCallbackError | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (cause instanceof RefusedCallbackError) return cause;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return undefined;
}
