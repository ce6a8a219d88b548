"use client";
// The person's PDF or TIFF opened for drawing while a result view shows it,
// and closed when it goes.
import { useEffect, useState } from "react";
import { openPageImages } from "@/lib/page-images/open-page-images";
import { drawsPages, type PageImages } from "@/lib/page-images/page-images";

export type PageImagesState =
  /** Nothing to draw from: no file, or one the browser shows itself (an image). */
  | { state: "none" }
  | { state: "loading" }
  | { state: "ready"; pages: PageImages }
  /** The file could not be opened (damaged, or no canvas): its words are drawn instead. */
  | { state: "failed" };

export function usePageImages(file: Blob | null | undefined): PageImagesState {
  const [state, setState] = useState<PageImagesState>({ state: "none" });
  useEffect(() => {
    if (!file || !drawsPages(file.type)) {
      setState({ state: "none" });
      return;
    }
    let opened: PageImages | undefined;
    let gone = false;
    setState({ state: "loading" });
    openPageImages(file).then(
      (pages) => {
        if (gone) {
          pages.close();
          return;
        }
        opened = pages;
        setState({ state: "ready", pages });
      },
      (error: unknown) => {
        if (gone) return;
        console.warn("[result] the document's pages cannot be drawn:", error);
        setState({ state: "failed" });
      },
    );
    return () => {
      gone = true;
      opened?.close();
    };
  }, [file]);
  return state;
}
