"use client";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { QueueEntry } from "@/lib/upload/queue-state";
import { stageAnnouncement } from "./stage-text";
import { UploadRow } from "./upload-row";

/** One row per file, and one polite voice that says when a file changes stage. */
export function UploadQueue({
  entries,
  unitLabel,
  msPerPage,
  selectedId,
  canRetry,
  canShow,
  onCancel,
  onRetry,
  onRemove,
  onShow,
  resultLink,
  onCancelJob,
  cancellingId = null,
}: {
  entries: QueueEntry[];
  unitLabel?: string;
  msPerPage?: number;
  selectedId: string | null;
  canRetry: (entry: QueueEntry) => boolean;
  canShow: (entry: QueueEntry) => boolean;
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  onShow: (id: string) => void;
  resultLink: (entry: QueueEntry) => ReactNode;
  onCancelJob?: (id: string) => void;
  cancellingId?: string | null;
}) {
  const announcement = useStageAnnouncement(entries);
  return (
    <>
      <p className="sr-only" aria-live="polite" data-testid="upload-announcer">
        {announcement}
      </p>
      {entries.length > 0 ? (
        <ul className="space-y-3" aria-label="Files">
          {entries.map((entry) => (
            <UploadRow
              key={entry.id}
              entry={entry}
              unitLabel={unitLabel}
              msPerPage={msPerPage}
              selected={entry.id === selectedId}
              canRetry={canRetry(entry)}
              onCancel={() => onCancel(entry.id)}
              onRetry={() => onRetry(entry.id)}
              onRemove={() => onRemove(entry.id)}
              onShow={canShow(entry) ? () => onShow(entry.id) : undefined}
              resultLink={resultLink(entry)}
              onCancelJob={onCancelJob ? () => onCancelJob(entry.id) : undefined}
              cancellingJob={cancellingId === entry.id}
            />
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The latest stage change as a sentence; progress ticks are not changes. */
function useStageAnnouncement(entries: QueueEntry[]): string {
  const seen = useRef(new Map<string, QueueEntry["stage"]>());
  const [text, setText] = useState("");
  useEffect(() => {
    const lines: string[] = [];
    for (const entry of entries) {
      const before = seen.current.get(entry.id);
      // granting → uploading is one stage to a person.
      const same = before === entry.stage || (before === "granting" && entry.stage === "uploading");
      if (before !== undefined && !same) lines.push(stageAnnouncement(entry));
      seen.current.set(entry.id, entry.stage);
    }
    if (lines.length > 0) setText(lines.join(" "));
  }, [entries]);
  return text;
}
