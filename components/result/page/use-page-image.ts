"use client";
// What is drawn under the boxes of a result's pages: the person's own picture
// (an image the browser shows), a page of their PDF or TIFF drawn in a canvas,
// or, when the document is not in the tab, the words that were read, with a
// note that says why in plain words.
import { useState } from "react";
import type { PageImages } from "@/lib/page-images/page-images";
import type { SheetPage } from "./page-sheet";
import type { DocumentFile } from "./use-document-file";
import { useObjectUrl } from "./use-object-url";
import { type PageImagesState, usePageImages } from "./use-page-images";

/** Types every browser draws in an SVG <image>; TIFF is not one of them. */
const DRAWABLE = new Set(["image/png", "image/jpeg", "image/webp", "image/bmp", "image/gif"]);

export interface PagePictures {
  /** An object URL of the file, the picture of page 1, when it is an image the browser draws. */
  imageUrl: string | null;
  onImageError: () => void;
  /** The page of the person's PDF or TIFF to draw under page `number`'s boxes, when there is one. */
  sheetPage: (number: number) => SheetPage | null;
  /** The person's PDF or TIFF, opened, when it is. */
  images: PageImages | null;
  /** Why the pages are drawn from the words that were read, or what is still on its way. */
  note: string | null;
}

export function usePagePictures(original: DocumentFile): PagePictures {
  const file = original.blob;
  const [failed, setFailed] = useState(false);
  const drawable = Boolean(file && DRAWABLE.has(file.type)) && !failed;
  const imageUrl = useObjectUrl(drawable ? file : null);
  const images = usePageImages(file);
  return {
    imageUrl,
    onImageError: () => setFailed(true),
    sheetPage: (number) =>
      images.state === "ready" && number >= 1 ? { pages: images.pages, index: number - 1 } : null,
    images: images.state === "ready" ? images.pages : null,
    note: drawable ? null : pageNote(original, images),
  };
}

const FROM_WORDS = "The page is drawn from the words that were read.";

export function pageNote(original: DocumentFile, images: PageImagesState): string | null {
  const type = original.blob?.type;
  if (original.blob) {
    if (images.state === "ready") return null;
    if (images.state === "loading") return "Drawing your pages…";
    if (type === "application/pdf") {
      return `Your PDF could not be drawn here, so its pages are drawn from the words that were read; the file itself is unchanged.`;
    }
    if (type === "image/tiff") {
      return `Your TIFF could not be drawn here, so its pages are drawn from the words that were read.`;
    }
    return FROM_WORDS;
  }
  switch (original.status) {
    case "loading":
      return "Fetching the original document…";
    case "idle":
      return `${FROM_WORDS} Show the original to see the page itself; each view is recorded in the run's timeline.`;
    case "failed":
      return `${original.message ?? "The original document cannot be shown."} ${FROM_WORDS}`;
    default:
      return FROM_WORDS;
  }
}
