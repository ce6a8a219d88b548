// Signed URLs of the embedded storage: HMAC-SHA256 over method, object key, content
// type and expiry, so a URL cannot be forged, extended or used for another object,
// type or method (an upload URL never reads, a download URL never writes).
import { createHmac, timingSafeEqual } from "node:crypto";

export function signUpload(
  secret: string,
  objectKey: string,
  contentType: string,
  expires: number,
): string {
  return createHmac("sha256", secret)
    .update(`PUT\n${objectKey}\n${contentType}\n${expires}`)
    .digest("hex");
}

export function verifyUpload(
  secret: string,
  objectKey: string,
  contentType: string,
  expires: number,
  signature: string,
): boolean {
  const expected = Buffer.from(signUpload(secret, objectKey, contentType, expires), "hex");
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A download URL's signature: the method is part of it, so an upload URL's never matches. */
export function signDownload(
  secret: string,
  objectKey: string,
  contentType: string,
  expires: number,
): string {
  return createHmac("sha256", secret)
    .update(`GET\n${objectKey}\n${contentType}\n${expires}`)
    .digest("hex");
}

export function verifyDownload(
  secret: string,
  objectKey: string,
  contentType: string,
  expires: number,
  signature: string,
): boolean {
  const expected = Buffer.from(signDownload(secret, objectKey, contentType, expires), "hex");
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
