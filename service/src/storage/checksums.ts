// Checksums of the embedded storage, the way current S3 does it: a CRC32 of every body
// is computed while it streams (zlib.crc32, native) and answered as x-amz-checksum-crc32;
// an MD5 is computed only when the client asks for it to be checked with Content-MD5.
import { z } from "zod";

/** A problem with the checksum headers themselves, answered before the body is read. */
export interface ChecksumHeaderError {
  code: "InvalidDigest" | "InvalidRequest";
  message: string;
}

/** What the client asked us to verify, decoded. */
export interface RequestedChecksums {
  /** The 16-byte MD5 of Content-MD5. */
  md5?: Buffer;
  /** The CRC32 of x-amz-checksum-crc32, as an unsigned 32-bit integer. */
  crc32?: number;
}

// Canonical base64 of exactly 16 (MD5) and 4 (CRC32) bytes. A repeated header arrives
// joined with ", " and fails these too.
const md5Base64 = z.string().regex(/^[A-Za-z0-9+/]{21}[AQgw]==$/);
const crc32Base64 = z.string().regex(/^[A-Za-z0-9+/]{5}[AQgw]==$/);

/** Checksum algorithms S3 knows and this storage cannot verify: refused, never ignored. */
const UNSUPPORTED = ["crc32c", "crc64nvme", "sha1", "sha256"] as const;

/** The checksums a PUT's headers ask for, or why they are refused (as S3 would). */
export function requestedChecksums(
  headers: Record<string, string | string[] | undefined>,
): RequestedChecksums | ChecksumHeaderError {
  const requested: RequestedChecksums = {};
  const md5 = headers["content-md5"];
  if (md5 !== undefined) {
    const parsed = md5Base64.safeParse(md5);
    if (!parsed.success) {
      return { code: "InvalidDigest", message: "The Content-MD5 you specified was not valid." };
    }
    requested.md5 = Buffer.from(parsed.data, "base64");
  }
  const crc32 = headers["x-amz-checksum-crc32"];
  if (crc32 !== undefined) {
    const parsed = crc32Base64.safeParse(crc32);
    if (!parsed.success) {
      return {
        code: "InvalidRequest",
        message: "Value for x-amz-checksum-crc32 header is invalid.",
      };
    }
    requested.crc32 = Buffer.from(parsed.data, "base64").readUInt32BE(0);
  }
  for (const algorithm of UNSUPPORTED) {
    if (headers[`x-amz-checksum-${algorithm}`] !== undefined) {
      return {
        code: "InvalidRequest",
        message: `x-amz-checksum-${algorithm} is not supported by this storage: send Content-MD5 or x-amz-checksum-crc32 to have the body checked.`,
      };
    }
  }
  return requested;
}

export function isChecksumHeaderError(
  value: RequestedChecksums | ChecksumHeaderError,
): value is ChecksumHeaderError {
  return "code" in value;
}

/** x-amz-checksum-crc32: base64 of the big-endian 32-bit value, as S3 answers it. */
export function crc32Header(crc: number): string {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(crc >>> 0, 0);
  return bytes.toString("base64");
}

/**
 * The ETag of a stored body. It is opaque, as S3 documents ETags to be (it may or may
 * not be an MD5 digest): clients compare it, never parse it. It is the body's CRC32 and
 * length, so it changes whenever the bytes do in practice. The "-" keeps SDKs that check
 * an MD5-looking ETag against the body from mistaking it for one.
 */
export function etagOf(crc: number, length: number): string {
  return `"${(crc >>> 0).toString(16).padStart(8, "0")}-${length.toString(16)}"`;
}
