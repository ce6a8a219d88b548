import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkFile, type FileCheck, judgeFile } from "./check-file";
import { DEFAULT_ACCEPTED_TYPES, DEFAULT_MAX_BYTES } from "./media-types";

const rules = { accepted: DEFAULT_ACCEPTED_TYPES, maxBytes: DEFAULT_MAX_BYTES };
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const PDF_HEAD = new TextEncoder().encode("%PDF-1.7\n");

const fixture = (name: string, type = "") =>
  new File([readFileSync(new URL(`../../fixtures/${name}`, import.meta.url))], name, {
    type,
  });

function refusal(check: FileCheck) {
  if (check.ok) throw new Error(`expected a refusal, got ${check.mimeType}`);
  return { code: check.error.code, message: check.error.message };
}

describe("judgeFile", () => {
  it("takes a PNG named .png as image/png", () => {
    expect(judgeFile({ name: "scan.png", size: 2048 }, PNG_HEAD, rules)).toEqual({
      ok: true,
      mimeType: "image/png",
    });
  });

  it("sends a JPEG saved as .png as what its bytes are", () => {
    expect(judgeFile({ name: "photo.png", size: 2048 }, JPEG_HEAD, rules)).toEqual({
      ok: true,
      mimeType: "image/jpeg",
    });
  });

  it("takes a file without an ending by its bytes", () => {
    expect(judgeFile({ name: "scan", size: 2048 }, PDF_HEAD, rules)).toEqual({
      ok: true,
      mimeType: "application/pdf",
    });
  });

  it("refuses an empty file, whatever it is called", () => {
    expect(refusal(judgeFile({ name: "scan.png", size: 0 }, new Uint8Array(), rules))).toEqual({
      code: "file_empty",
      message: "This file is empty (0 bytes). Check that it saved properly, then add it again.",
    });
  });

  it("refuses a file over the limit and says both sizes", () => {
    const { code, message } = refusal(
      judgeFile({ name: "big.pdf", size: 30 * 1024 * 1024 }, PDF_HEAD, rules),
    );
    expect(code).toBe("file_too_large");
    expect(message).toContain("This file is 30 MB; the limit is 25 MB.");
  });

  it("takes a file of exactly the limit", () => {
    expect(judgeFile({ name: "a.pdf", size: DEFAULT_MAX_BYTES }, PDF_HEAD, rules).ok).toBe(true);
  });

  it("refuses an ending it does not know, saying what the category takes", () => {
    const { code, message } = refusal(judgeFile({ name: "notes.docx", size: 10 }, PNG_HEAD, rules));
    expect(code).toBe("file_type");
    expect(message).toBe(
      "Files ending in .docx are not accepted here. This category takes PNG, JPEG, WebP, TIFF, BMP or PDF files.",
    );
  });

  it("refuses a known type that this category does not take", () => {
    const pdfOnly = { ...rules, accepted: ["application/pdf"] };
    const { message } = refusal(judgeFile({ name: "scan.png", size: 10 }, PNG_HEAD, pdfOnly));
    expect(message).toBe("PNG files are not accepted here. This category takes PDF files.");
  });

  it("refuses bytes of an accepted-looking name that are something else the category does not take", () => {
    const imagesOnly = { ...rules, accepted: ["image/png", "image/jpeg"] };
    const { message } = refusal(judgeFile({ name: "scan", size: 10 }, PDF_HEAD, imagesOnly));
    expect(message).toBe("This file is really a PDF file. This category takes PNG or JPEG files.");
  });

  it("takes an e-invoice's XML where the category takes XML, and says so where it does not", () => {
    const xml = new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?>\n<rsm:');
    const invoices = {
      ...rules,
      accepted: [...DEFAULT_ACCEPTED_TYPES, "application/xml", "text/xml"],
    };
    expect(judgeFile({ name: "factur-x.xml", size: 4000 }, xml, invoices)).toEqual({
      ok: true,
      mimeType: "application/xml",
    });
    const { message } = refusal(judgeFile({ name: "factur-x.xml", size: 4000 }, xml, rules));
    expect(message).toBe(
      "XML files are not accepted here. This category takes PNG, JPEG, WebP, TIFF, BMP or PDF files.",
    );
  });

  it("refuses a .png whose contents are text", () => {
    const text = new TextEncoder().encode("This is not an image at all.");
    const { code, message } = refusal(judgeFile({ name: "x.png", size: 28 }, text, rules));
    expect(code).toBe("file_type");
    expect(message).toMatch(/^This file ends in \.png, but its contents are not a PNG file/);
  });
});

describe("checkFile on the shared fixtures", () => {
  it.each([
    ["letter.jpg", "image/jpeg"],
    ["invoice.png", "image/png"],
    ["scanned.pdf", "application/pdf"],
    ["text-layer.pdf", "application/pdf"],
  ])("accepts %s as %s", async (name, type) => {
    await expect(checkFile(fixture(name), rules)).resolves.toEqual({ ok: true, mimeType: type });
  });

  it("refuses not-an-image.png although the browser calls it image/png", async () => {
    const check = await checkFile(fixture("not-an-image.png", "image/png"), rules);
    expect(refusal(check).code).toBe("file_type");
  });

  it("refuses a file over the limit without reading it", async () => {
    const check = await checkFile(fixture("letter.jpg"), { ...rules, maxBytes: 100 });
    expect(refusal(check).code).toBe("file_too_large");
  });
});
