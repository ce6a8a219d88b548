import { describe, expect, it } from "vitest";
import { classifyPutFailure, parseStorageError } from "./storage-error";

const s3 = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>4442587FB7D0A2F9</RequestId></Error>`;

describe("parseStorageError", () => {
  it("reads Code and Message, entities decoded", () => {
    expect(parseStorageError(s3("AccessDenied", "Request has expired"))).toEqual({
      code: "AccessDenied",
      message: "Request has expired",
    });
    expect(parseStorageError(s3("InvalidArgument", "a &lt; b &amp; c")).message).toBe("a < b & c");
  });

  it("gives nulls for a body that is not an S3 error", () => {
    expect(parseStorageError("")).toEqual({ code: null, message: null });
    expect(parseStorageError('{"detail":"nope"}')).toEqual({ code: null, message: null });
  });
});

describe("classifyPutFailure", () => {
  it.each([
    [403, s3("AccessDenied", "Request has expired"), "expired"],
    [403, s3("AccessDenied", "Request has expired (X-Amz-Expires=1)"), "expired"],
    [400, s3("ExpiredToken", "The provided token has expired."), "rejected"],
    [
      403,
      s3("SignatureDoesNotMatch", "The request signature we calculated does not match"),
      "signature",
    ],
    [
      400,
      s3("EntityTooLarge", "Your proposed upload exceeds the maximum allowed size"),
      "too_large",
    ],
    [413, "", "too_large"],
    [403, s3("AccessDenied", "Access Denied"), "denied"],
    [0, "", "network"],
    [503, s3("SlowDown", "Please reduce your request rate."), "unavailable"],
    [500, "", "unavailable"],
    [408, "", "unavailable"],
    [404, s3("NoSuchBucket", "The specified bucket does not exist"), "rejected"],
  ])("HTTP %d %s is %s", (status, body, kind) => {
    expect(classifyPutFailure(status, body)).toBe(kind);
  });
});
