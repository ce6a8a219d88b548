"use client";
// A text-recognition result's pages, one under the other in a scroller of
// their own: each page mounts as it comes near (page/lazy-mount.tsx) and its
// document page is drawn as it comes into view (page/page-canvas.tsx), so a long
// document costs what is looked at. The page list and its buttons jump to a
// page; scrolling tells the text beside it which page is being read.
import { useEffect, useRef, useState } from "react";
import { LazyMount } from "@/components/result/page/lazy-mount";
import { PageNav } from "@/components/result/page/page-nav";
import type { PagePictures } from "@/components/result/page/use-page-image";
import type { OcrPage } from "@/lib/kernel/contract";
import { PageView } from "./page-view";

export interface PickedWord {
  page: number;
  word: number;
}

export function OcrPages({
  pages,
  pictures,
  showBoxes,
  index,
  onIndex,
  picked,
  onPick,
}: {
  pages: readonly OcrPage[];
  pictures: PagePictures;
  showBoxes: boolean;
  /** The page being read (0-based). */
  index: number;
  onIndex: (index: number) => void;
  picked: PickedWord | null;
  onPick: (word: PickedWord) => void;
}) {
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const tops = useRef(new Map<number, HTMLElement>());
  const follow = useRef(onIndex);
  follow.current = onIndex;
  /** The page the list just jumped to: its own scroll does not pick another page. */
  const jumped = useRef<number | null>(null);
  const several = pages.length > 1;

  useEffect(() => {
    if (!scroller || !several) return;
    let frame = 0;
    // The page whose top is above the upper third of the scroller is the one read.
    const onScroll = () => {
      const target = jumped.current;
      jumped.current = null;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        // A jump to one of the last pages stops short where the scroller ends, above
        // the upper third: the page asked for is still the one read while it is in view.
        const top = target === null ? undefined : tops.current.get(target);
        if (
          top &&
          top.offsetTop < scroller.scrollTop + scroller.clientHeight &&
          top.offsetTop + top.offsetHeight > scroller.scrollTop
        ) {
          return;
        }
        const line = scroller.scrollTop + scroller.clientHeight / 3;
        let current = 0;
        for (const [i, element] of tops.current) {
          if (element.offsetTop <= line && i > current) current = i;
        }
        follow.current(current);
      });
    };
    scroller.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      scroller.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [scroller, several]);

  const goTo = (next: number) => {
    onIndex(next);
    const top = tops.current.get(next);
    if (!scroller || !top) return;
    const before = scroller.scrollTop;
    jumped.current = next;
    scroller.scrollTop = top.offsetTop;
    // Already as far as it goes: no scroll event comes to take the mark away.
    if (scroller.scrollTop === before) jumped.current = null;
  };

  return (
    <>
      <PageNav numbers={pages.map((p) => p.number)} index={index} onChange={goTo} />
      <div
        ref={setScroller}
        {...(several
          ? {
              "data-page-scroller": true,
              role: "region",
              "aria-label": `${pages.length} pages`,
              // A scrolling region must take focus, so a keyboard can scroll it.
              tabIndex: 0,
            }
          : {})}
        className={
          several
            ? "relative mt-3 max-h-[75vh] space-y-4 overflow-y-auto overscroll-contain rounded-lg bg-slate-100 p-2 focus-visible:outline-2 focus-visible:outline-indigo-600"
            : "mt-3"
        }
      >
        {pages.map((page, i) => (
          <div
            key={page.number}
            ref={(element) => {
              if (element) tops.current.set(i, element);
              else tops.current.delete(i);
            }}
            data-testid="ocr-page"
            data-page={page.number}
          >
            <LazyMount root={scroller} eager={i === 0} width={page.width} height={page.height}>
              <PageView
                page={page}
                imageUrl={i === 0 ? pictures.imageUrl : null}
                onImageError={pictures.onImageError}
                sheetPage={pictures.sheetPage(page.number)}
                showBoxes={showBoxes}
                picked={picked?.page === page.number ? picked.word : undefined}
                onPick={(word) => onPick({ page: page.number, word })}
              />
            </LazyMount>
          </div>
        ))}
      </div>
    </>
  );
}
