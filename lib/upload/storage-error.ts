// How a PUT to the pre-signed URL failed, read from the status and the
// S3-style XML body (`<Error><Code>…</Code><Message>…</Message></Error>`).

export interface StorageErrorBody {
  code: string | null;
  message: string | null;
}

export type PutFailureKind =
  /** 403 "Request has expired": ask for a new grant. */
  | "expired"
  /** 403 SignatureDoesNotMatch: the URL or the Content-Type was changed. */
  | "signature"
  /** 400 EntityTooLarge or 413. */
  | "too_large"
  /** Any other 403. */
  | "denied"
  /** Status 0: no connection, or the browser blocked the answer (CORS). */
  | "network"
  /** 408, 429 and 5xx: storage is busy or broken for now; worth another try. */
  | "unavailable"
  /** Any other answer. */
  | "rejected";

const ENTITIES: Record<string, string> = {
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&apos;": "'",
  "&amp;": "&",
};

function elementText(xml: string, name: string): string | null {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  if (!match?.[1]) return null;
  return match[1].replace(/&(lt|gt|quot|apos|amp);/g, (e) => ENTITIES[e] ?? e).trim() || null;
}

/** Reads Code and Message from an S3 error document; anything else gives nulls. */
export function parseStorageError(body: string): StorageErrorBody {
  return { code: elementText(body, "Code"), message: elementText(body, "Message") };
}

export function classifyPutFailure(status: number, body: string): PutFailureKind {
  if (status === 0) return "network";
  const { code, message } = parseStorageError(body);
  const expired =
    code === "ExpiredToken" ||
    code === "RequestExpired" ||
    /request has expired/i.test(message ?? "") ||
    (code === null && /request has expired/i.test(body));
  if (status === 403 && expired) return "expired";
  if (status === 403 && code === "SignatureDoesNotMatch") return "signature";
  if (status === 413 || code === "EntityTooLarge") return "too_large";
  if (status === 403) return "denied";
  if (status === 408 || status === 429 || status >= 500) return "unavailable";
  return "rejected";
}
