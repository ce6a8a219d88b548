import { describe, expect, it } from "vitest";
import {
  DEFAULT_ACCEPTED_TYPES,
  describeAcceptedTypes,
  dropzoneAccept,
  extensionOf,
  mediaTypeForExtension,
  normaliseMime,
} from "./media-types";

describe("media types", () => {
  it("names the accepted types in plain words", () => {
    expect(describeAcceptedTypes(DEFAULT_ACCEPTED_TYPES)).toBe("PNG, JPEG, WebP, TIFF, BMP or PDF");
    expect(describeAcceptedTypes(["application/pdf"])).toBe("PDF");
    expect(describeAcceptedTypes(["image/png", "IMAGE/PNG", "image/jpeg"])).toBe("PNG or JPEG");
    expect(describeAcceptedTypes(["text/csv", "application/pdf"])).toBe("text/csv or PDF");
    // An e-invoice's two XML types read as one.
    expect(describeAcceptedTypes(["application/pdf", "application/xml", "text/xml"])).toBe(
      "PDF or XML",
    );
  });

  it("reads endings case-insensitively and ignores dot-files and names without one", () => {
    expect(extensionOf("Scan.JPEG")).toBe(".jpeg");
    expect(extensionOf("archive.tar.gz")).toBe(".gz");
    expect(extensionOf(".bashrc")).toBe("");
    expect(extensionOf("README")).toBe("");
    expect(mediaTypeForExtension("photo.JPG")?.mime).toBe("image/jpeg");
    expect(mediaTypeForExtension("page.tif")?.mime).toBe("image/tiff");
    expect(mediaTypeForExtension("notes.txt")).toBeUndefined();
    expect(mediaTypeForExtension("factur-x.XML")?.mime).toBe("application/xml");
  });

  it("compares types the way the service does", () => {
    expect(normaliseMime(" Image/PNG; charset=binary")).toBe("image/png");
  });

  it("gives react-dropzone the endings of each accepted type", () => {
    expect(dropzoneAccept(["application/pdf", "image/jpeg"])).toEqual({
      "application/pdf": [".pdf"],
      "image/jpeg": [".jpg", ".jpeg", ".jpe", ".jfif"],
    });
  });
});
