import { describe, expect, it } from "vitest";
import { uploadOrigins } from "./upload-origins";

describe("uploadOrigins", () => {
  it("uses UPLOAD_ORIGINS when set, as origins", () => {
    expect(
      uploadOrigins({
        UPLOAD_ORIGINS: " https://bucket.s3.eu-west-1.amazonaws.com/some/path , http://x:9000",
        ROUTING_API_URL: "http://127.0.0.1:8000",
      }),
    ).toEqual(["https://bucket.s3.eu-west-1.amazonaws.com", "http://x:9000"]);
  });

  it("names the variable when a listed origin is not a URL", () => {
    expect(() => uploadOrigins({ UPLOAD_ORIGINS: "javascript:alert(1)" })).toThrow(
      /UPLOAD_ORIGINS/,
    );
  });

  it("covers every loopback name for a loopback service", () => {
    expect(uploadOrigins({ ROUTING_API_URL: "http://127.0.0.1:8010" })).toEqual([
      "http://localhost:8010",
      "http://127.0.0.1:8010",
    ]);
    expect(uploadOrigins({})).toContain("http://localhost:8000");
  });

  it("uses only the service's own origin elsewhere", () => {
    expect(uploadOrigins({ ROUTING_API_URL: "https://routing.example.com/base" })).toEqual([
      "https://routing.example.com",
    ]);
  });
});
