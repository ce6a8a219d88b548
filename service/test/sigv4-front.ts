// Test only: a front for s3rver that checks SigV4 presigned URLs the way S3 does.
//
// s3rver 3.7 checks the expiry of a SigV4 presigned URL but not its signature
// (lib/middleware/authentication.js: "Signature version 4 calculation is
// unimplemeneted", any known access key passes). This front recomputes the signature
// of every presigned request from what actually arrives (method, path, query, the
// signed headers' values) with its own SigV4 code, independent of the AWS SDK that
// signed the URL (checked against the example AWS publishes, see presignedSignature's
// test), and answers 403 SignatureDoesNotMatch on a mismatch. Everything else is passed
// to s3rver unchanged.
import { createHash, createHmac } from "node:crypto";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** RFC 3986 encoding, as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ */
const encode = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

const hmac = (key: Buffer | string, data: string) =>
  createHmac("sha256", key).update(data).digest();

export interface PresignedRequest {
  method: string;
  /** The path as sent (already URI-encoded once, as S3 takes it). */
  path: string;
  /** Query parameters as decoded pairs, X-Amz-Signature included or not. */
  query: [string, string][];
  /** Header values by lower-case name. */
  headers: Record<string, string | undefined>;
}

/** The SigV4 signature of a presigned (query-string) request, from its own parts. */
export function presignedSignature(request: PresignedRequest, secretAccessKey: string): string {
  const param = (name: string) => request.query.find(([k]) => k === name)?.[1] ?? "";
  const amzDate = param("X-Amz-Date");
  const [, date, region, service] = param("X-Amz-Credential").split("/");
  const signedHeaders = param("X-Amz-SignedHeaders");
  const canonicalQuery = request.query
    .filter(([k]) => k !== "X-Amz-Signature")
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalHeaders = signedHeaders
    .split(";")
    .map((name) => `${name}:${(request.headers[name] ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const payloadHash = param("X-Amz-Content-Sha256") || "UNSIGNED-PAYLOAD";
  const canonicalRequest = [
    request.method,
    request.path,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    scope,
    createHash("sha256").update(canonicalRequest).digest("hex"),
  ].join("\n");
  let key = hmac(`AWS4${secretAccessKey}`, date ?? "");
  for (const part of [region ?? "", service ?? "", "aws4_request"]) key = hmac(key, part);
  return createHmac("sha256", key).update(stringToSign).digest("hex");
}

export interface SigV4Front {
  endpoint: string;
  /** Presigned requests this front refused. */
  refused: number;
  close(): Promise<void>;
}

/** Starts the front on a free port, passing what it lets through to `target`. */
export async function startSigV4Front(
  target: string,
  secrets: Record<string, string>,
): Promise<SigV4Front> {
  const upstream = new URL(target);
  const front: SigV4Front = { endpoint: "", refused: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://front");
    // The path exactly as sent: S3 signs it without normalising it.
    const rawPath = (req.url ?? "/").split("?")[0] ?? "/";
    const query = [...url.searchParams.entries()];
    if (url.searchParams.has("X-Amz-Signature")) {
      const accessKey = (url.searchParams.get("X-Amz-Credential") ?? "").split("/")[0] ?? "";
      const secret = secrets[accessKey];
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v]),
      );
      const expected =
        secret === undefined
          ? undefined
          : presignedSignature({ method: req.method ?? "", path: rawPath, query, headers }, secret);
      if (expected !== url.searchParams.get("X-Amz-Signature")) {
        front.refused += 1;
        req.resume();
        res
          .writeHead(403, { "Content-Type": "application/xml", Connection: "close" })
          .end(
            '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code>' +
              "<Message>The request signature we calculated does not match the signature you provided. Check your key and signing method.</Message></Error>\n",
          );
        return;
      }
    }
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  front.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  front.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return front;
}
