"use client";
// The line under a result's page that says what the page is drawn from when
// it is not the document itself, with the button that fetches the original
// where it can be asked for (support: each view is recorded).
import { secondaryButton } from "@/components/button-styles";
import type { DocumentFile } from "./use-document-file";

export function PageNote({ note, original }: { note: string | null; original: DocumentFile }) {
  if (!note) return null;
  return (
    <li className="basis-full text-slate-500" data-testid="page-note">
      <span>{note}</span>
      {original.status === "idle" ? (
        <div className="mt-2">
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void original.load()}
            data-testid="show-original"
          >
            Show the original
          </button>
        </div>
      ) : null}
    </li>
  );
}
