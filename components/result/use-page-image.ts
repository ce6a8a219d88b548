"use client";
// The person's own file as the picture of page 1, when the browser can draw it.
import { useState } from "react";
import { useObjectUrl } from "./use-object-url";

/** Types every browser draws in an SVG <image>; TIFF is not one of them. */
const DRAWABLE = new Set(["image/png", "image/jpeg", "image/webp", "image/bmp", "image/gif"]);

export function usePageImage(file: Blob | null | undefined): {
  /** An object URL of the file, or null when the page must be drawn from what was read. */
  imageUrl: string | null;
  onImageError: () => void;
} {
  const [failed, setFailed] = useState(false);
  const drawable = Boolean(file && DRAWABLE.has(file.type)) && !failed;
  const imageUrl = useObjectUrl(drawable ? file : null);
  return { imageUrl, onImageError: () => setFailed(true) };
}

/** Why the page on screen is drawn rather than the person's own picture. */
export function drawnPageNote(fileType: string | undefined): string {
  if (fileType === "application/pdf") {
    return `PDF pages are drawn here from the words that were read; your file itself is unchanged.`;
  }
  if (fileType === "image/tiff") {
    return `Browsers cannot show TIFF images, so the page is drawn from the words that were read.`;
  }
  return `The page is drawn from the words that were read.`;
}
