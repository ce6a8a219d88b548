import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readHead, sniffMediaType } from "./sniff";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url)));
const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)));

describe("sniffMediaType", () => {
  it.each([
    ["invoice.png", "image/png"],
    ["letter.png", "image/png"],
    ["letter.jpg", "image/jpeg"],
    ["text-layer.pdf", "application/pdf"],
    ["scanned.pdf", "application/pdf"],
  ])("knows the shared fixture %s as %s", (name, type) => {
    expect(sniffMediaType(fixture(name))).toBe(type);
  });

  it("sees that not-an-image.png is text, whatever its name says", () => {
    expect(sniffMediaType(fixture("not-an-image.png"))).toBeNull();
  });

  it.each([
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    ["little-endian TIFF", bytes([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), "image/tiff"],
    ["big-endian TIFF", bytes([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]), "image/tiff"],
    ["BMP", bytes("BM", [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0]), "image/bmp"],
    ["PDF after a few junk bytes", bytes([0xef, 0xbb, 0xbf], "\n%PDF-1.7\n"), "application/pdf"],
    ["XML with its declaration", bytes('<?xml version="1.0"?>\n<rsm:Cross'), "application/xml"],
    [
      "XML without one, after a BOM",
      bytes([0xef, 0xbb, 0xbf], "\n  <Invoice xmlns="),
      "application/xml",
    ],
    ["UTF-16 XML", bytes([0xff, 0xfe, 0x3c, 0, 0x3f, 0]), "application/xml"],
  ])("knows %s by its signature", (_, head, type) => {
    expect(sniffMediaType(head)).toBe(type);
  });

  it.each([
    ["an empty head", new Uint8Array()],
    ["a truncated PNG signature", bytes([0x89, 0x50, 0x4e, 0x47])],
    ["RIFF that is not WebP (WAV)", bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")],
    ["a text file starting with BM", bytes("BMW owners club minutes")],
    ["a ZIP (docx)", bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0])],
    ["a GIF", bytes("GIF89a", [1, 0, 1, 0])],
    ["text that starts with a bracket", bytes("< 5 items left")],
  ])("refuses %s", (_, head) => {
    expect(sniffMediaType(head)).toBeNull();
  });

  it("does not look for a PDF header past the first 1024 bytes", () => {
    const late = new Uint8Array(2048);
    late.set(bytes("%PDF-1.4"), 1500);
    expect(sniffMediaType(late)).toBeNull();
  });
});

describe("readHead", () => {
  it("reads only the start of a blob", async () => {
    const blob = new Blob([new Uint8Array(5000).fill(7)]);
    const head = await readHead(blob, 16);
    expect(head).toHaveLength(16);
    expect(head[15]).toBe(7);
  });
});
