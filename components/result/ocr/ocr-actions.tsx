"use client";
// What a person takes away from a text-recognition result: the text (copied,
// .txt, Markdown with headings and paragraphs), the whole answer as JSON, and
// a searchable PDF: the document itself with the words that were read as an
// invisible text layer, made in this tab from the document (fetched when the
// tab does not have it) and what was read.
import { useState } from "react";
import { secondaryButton } from "@/components/button-styles";
import { CopyButton } from "@/components/result/copy-button";
import type { DocumentFile } from "@/components/result/page/use-document-file";
import { downloadBlob, downloadJson, downloadText } from "@/lib/export/download";
import { ocrMarkdown } from "@/lib/export/markdown";
import type { OcrData, ProcessResult } from "@/lib/kernel/contract";
import { openPageImages } from "@/lib/page-images/open-page-images";
import type { PageImages } from "@/lib/page-images/page-images";

/** What a searchable PDF can be made of: a PDF, or pictures the browser or utif2 decodes. */
const SEARCHABLE = new Set([
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/tiff",
  "image/webp",
  "image/gif",
  "image/bmp",
]);

export function OcrActions({
  data,
  text,
  result,
  stem,
  original,
  images,
}: {
  data: OcrData;
  /** The whole text, for Copy and .txt. */
  text: string;
  result: ProcessResult;
  stem: string;
  original: DocumentFile;
  /** The document's pages, when already open (a PDF's own text is left as it is). */
  images: PageImages | null;
}) {
  const [making, setMaking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const unavailable = original.status === "failed" || original.status === "none";

  const makeSearchablePdf = async () => {
    setMaking(true);
    setProblem(null);
    let opened: PageImages | null = null;
    try {
      const file = await original.load();
      if (!file) {
        setProblem(
          "A searchable PDF is made from the document itself, and it is not available (see the note under the page).",
        );
        return;
      }
      if (!SEARCHABLE.has(file.type)) {
        setProblem("A searchable PDF can be made from PDFs and images only.");
        return;
      }
      // Which of a PDF's pages have text of their own: those are left as they are.
      if (!images && file.type === "application/pdf") {
        opened = await openPageImages(file).catch(() => null);
      }
      const hasText = (images ?? opened)?.hasText;
      const { searchablePdf } = await import("@/lib/export/searchable-pdf");
      const pdf = await searchablePdf(data, file, { pageHasText: hasText });
      downloadBlob(`${stem}-searchable.pdf`, pdf);
    } catch (error) {
      console.warn("[result] searchable PDF failed:", error);
      setProblem("The searchable PDF could not be made from this document.");
    } finally {
      opened?.close();
      setMaking(false);
    }
  };

  return (
    <div className="mt-4 space-y-2">
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label="Copy text" className={secondaryButton} />
        <button
          type="button"
          className={secondaryButton}
          onClick={() => downloadText(`${stem}.txt`, text, "text/plain;charset=utf-8")}
        >
          Download .txt
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={() =>
            downloadText(`${stem}.md`, ocrMarkdown(data), "text/markdown;charset=utf-8")
          }
        >
          Download Markdown
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => void makeSearchablePdf()}
          disabled={making || unavailable}
          aria-busy={making || undefined}
          data-testid="searchable-pdf"
        >
          {making ? "Making the PDF…" : "Download searchable PDF"}
        </button>
        <button
          type="button"
          className={secondaryButton}
          onClick={() => downloadJson(stem, result)}
        >
          Download .json
        </button>
      </div>
      {problem ? (
        <p role="alert" className="text-red-700 text-sm">
          {problem}
        </p>
      ) : unavailable ? (
        <p className="text-slate-500 text-xs">
          The searchable PDF needs the document itself, which is not available.
        </p>
      ) : null}
    </div>
  );
}
