// A generic HTTP provider: an operator plugs in an outside OCR engine by
// configuration. The document is POSTed as JSON; the answer must be Text
// recognition data (INTERFACE.md), checked with the contract's schema.
//
// Request:  POST <url>
//           Authorization: Bearer <key>        (when a key is configured)
//           traceparent: 00-<trace id>-<span>-01   (the attempt's span, when traced)
//           {"document": "<base64>", "mime_type": "...", "language_hints": [...], "options": {...}}
//           (`options` is the rest of the process input, passed through)
// Answer:   200 {"data": <Text recognition data>, "pages": 3}   or the data itself;
//           `pages` defaults to the number of pages in the data.
import { randomBytes } from "node:crypto";
import { context, trace } from "@opentelemetry/api";
import { z } from "zod";
import { type OcrData, ocrDataSchema } from "@/lib/kernel/contract";
import { readTextUpTo } from "@/lib/kernel/read-limited";
import { formatTraceparent } from "@/lib/kernel/tracing";
import type { Provider, ProviderInput, ProviderOffer, ProviderOutput } from "../interface/types";
import { UnreadableDocumentError } from "../interface/types";

export interface HttpProviderOptions {
  name: string;
  url: string;
  key?: string;
  offers: readonly ProviderOffer[];
  /** Largest answer read, in bytes. */
  maxResponseBytes?: number;
}

/** The answer as `{data, pages}`; an answer without `data` is taken as the data itself. */
const envelopeSchema = z.looseObject({
  data: ocrDataSchema,
  pages: z.number().int().min(0).optional(),
});

export function createHttpProvider(options: HttpProviderOptions): Provider<OcrData> {
  const { name, url, key, offers, maxResponseBytes = 64 * 1024 * 1024 } = options;
  return {
    name,
    offers,
    available: async () => true,
    async run(input: ProviderInput): Promise<ProviderOutput<OcrData>> {
      const headers: Record<string, string> = {
        "content-type": "application/json",
        accept: "application/json",
        traceparent: traceparentFor(input.traceId),
      };
      if (key) headers.authorization = `Bearer ${key}`;
      const body = JSON.stringify({
        document: input.bytes.toString("base64"),
        mime_type: input.mimeType,
        language_hints: input.languageHints,
        options: input.passthrough,
      });
      let response: Response;
      try {
        response = await fetch(url, { method: "POST", headers, body, signal: input.signal });
      } catch (error) {
        if (input.signal.aborted) throw input.signal.reason;
        // The cause names the address and system error; the provider's name is enough outside.
        throw new Error(`${name} could not be reached`, { cause: error });
      }
      if (!response.ok) {
        await response.body?.cancel();
        const message = `${name} answered HTTP ${response.status}`;
        if ([400, 415, 422].includes(response.status)) throw new UnreadableDocumentError(message);
        throw new Error(message);
      }
      const text = await readTextUpTo(
        response,
        maxResponseBytes,
        () => new Error(`${name} answered with more than ${maxResponseBytes} bytes`),
      );
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error(`${name} answered with something that is not JSON`);
      }
      const enveloped = typeof json === "object" && json !== null && "data" in json;
      const parsed = envelopeSchema.safeParse(enveloped ? json : { data: json });
      if (!parsed.success) {
        throw new Error(`${name} answered with data that is not text recognition data`);
      }
      const { data, pages } = parsed.data;
      return { data, pages: pages ?? data.pages.length };
    },
  };
}

/** The attempt's span as the engine's parent when it is in the request's trace; else a new one in it. */
function traceparentFor(traceId: string): string {
  const attempt = trace.getSpanContext(context.active());
  if (attempt?.traceId === traceId) return formatTraceparent(attempt);
  return `00-${traceId}-${randomBytes(8).toString("hex")}-01`;
}
