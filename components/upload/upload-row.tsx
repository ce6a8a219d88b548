"use client";
import type { ReactNode } from "react";
import { CancelJobButton } from "@/components/result/run/cancel-job-button";
import { TraceId } from "@/components/trace-id";
import { formatBytes, percentOf } from "@/lib/upload/format";
import type { QueueEntry } from "@/lib/upload/queue-state";
import { StageIcon } from "./stage-icon";
import { STAGE_LABEL, stageDetail, steps } from "./stage-text";
import { UploadSteps } from "./upload-steps";
import { useNow } from "./use-now";

const rowButton =
  "inline-flex h-8 items-center justify-center rounded-md border border-slate-300 bg-white px-3 font-medium text-slate-700 text-xs shadow-sm hover:bg-slate-50";
const rowPrimaryButton =
  "inline-flex h-8 items-center justify-center rounded-md bg-indigo-600 px-3 font-medium text-white text-xs shadow-sm hover:bg-indigo-700";

const BADGE: Record<QueueEntry["stage"], string> = {
  checking: "bg-slate-100 text-slate-700",
  queued: "bg-slate-100 text-slate-700",
  granting: "bg-indigo-50 text-indigo-700",
  uploading: "bg-indigo-50 text-indigo-700",
  processing: "bg-violet-50 text-violet-700",
  done: "bg-emerald-50 text-emerald-700",
  failed: "bg-red-50 text-red-700",
  cancelled: "bg-slate-100 text-slate-600",
};

export function UploadRow({
  entry,
  unitLabel,
  msPerPage,
  selected,
  canRetry,
  onCancel,
  onRetry,
  onRemove,
  onShow,
  resultLink,
  onCancelJob,
  cancellingJob = false,
}: {
  entry: QueueEntry;
  unitLabel?: string;
  msPerPage?: number;
  /** Whether this row's result is the one shown below the queue. */
  selected: boolean;
  canRetry: boolean;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
  /** Shows the result below; absent when the page no longer has it. */
  onShow?: () => void;
  resultLink?: ReactNode;
  /** Cancels the job a long document became (asked for confirmation first). */
  onCancelJob?: () => void;
  cancellingJob?: boolean;
}) {
  const { stage } = entry;
  const now = useNow(stage === "processing");
  const detail = stageDetail(entry, now, { unitLabel, msPerPage });
  const percent = percentOf(entry.loaded, entry.size);
  const cancellable = ["checking", "queued", "granting", "uploading"].includes(stage);
  const finished = stage === "done" || stage === "failed" || stage === "cancelled";
  const job = stage === "processing" ? entry.job : null;
  const jobPercent = job && job.pagesTotal > 0 ? percentOf(job.pagesDone, job.pagesTotal) : 0;

  return (
    <li
      data-testid="upload-row"
      data-stage={stage}
      className={`rounded-xl border bg-white p-3 shadow-sm sm:p-4 ${
        selected ? "border-indigo-300 ring-1 ring-indigo-200" : "border-slate-200"
      }`}
    >
      <div className="flex items-start gap-3">
        <StageIcon stage={stage} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="min-w-0 truncate font-medium text-slate-900 text-sm" title={entry.name}>
              {entry.name}
            </p>
            <span className="text-slate-500 text-xs tabular-nums">{formatBytes(entry.size)}</span>
            <span
              data-testid="upload-stage"
              className={`inline-flex items-center rounded-full px-2 py-0.5 font-medium text-xs ${BADGE[stage]}`}
            >
              {STAGE_LABEL[stage]}
            </span>
          </div>
          <UploadSteps states={steps(entry)} />
          {stage === "uploading" || stage === "granting" ? (
            <div
              role="progressbar"
              aria-label={`Uploading ${entry.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={detail}
              className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div
                className="h-full rounded-full bg-indigo-600 transition-[width] duration-200"
                style={{ width: `${percent}%` }}
              />
            </div>
          ) : null}
          {job ? (
            <div
              role="progressbar"
              aria-label={`Processing ${entry.name}`}
              aria-valuemin={0}
              aria-valuemax={job.pagesTotal}
              aria-valuenow={job.pagesDone}
              aria-valuetext={`${job.pagesDone} of ${job.pagesTotal} pages read`}
              className="mt-2 h-2 overflow-hidden rounded-full bg-violet-100"
            >
              <div
                className="h-full rounded-full bg-violet-600 transition-[width] duration-300"
                style={{ width: `${jobPercent}%` }}
              />
            </div>
          ) : stage === "processing" ? (
            <div
              role="progressbar"
              aria-label={`Processing ${entry.name}`}
              aria-valuetext={detail}
              className="mt-2 h-2 overflow-hidden rounded-full bg-violet-100"
            >
              <div className="h-full w-full animate-pulse rounded-full bg-violet-400 motion-reduce:animate-none" />
            </div>
          ) : null}
          {stage === "failed" && entry.failure ? (
            <p
              className="mt-1.5 font-medium text-red-700 text-sm"
              data-testid="upload-failure-title"
            >
              {entry.failure.title}
            </p>
          ) : null}
          <p
            data-testid="upload-detail"
            className={`text-sm tabular-nums ${stage === "failed" ? "mt-0.5 text-slate-700" : "mt-1.5 text-slate-600"}`}
          >
            {detail}
          </p>
          {entry.note ? (
            <p className="mt-1 text-amber-800 text-xs" data-testid="upload-note">
              {entry.note}
            </p>
          ) : null}
          {stage === "failed" && entry.failure?.traceId ? (
            <div className="mt-1">
              <TraceId traceId={entry.failure.traceId} />
            </div>
          ) : null}
        </div>
        {finished ? (
          <button
            type="button"
            className="-mt-1 -mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700"
            onClick={onRemove}
            aria-label={`Remove ${entry.name} from the list`}
            title="Remove from the list"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            >
              <path d="m5 5 10 10M15 5 5 15" />
            </svg>
          </button>
        ) : null}
      </div>
      {cancellable || canRetry || stage === "done" || (job && onCancelJob) ? (
        <div className="mt-3 flex flex-wrap items-center gap-2 pl-11">
          {job && onCancelJob ? (
            <CancelJobButton name={entry.name} onConfirm={onCancelJob} busy={cancellingJob} />
          ) : null}
          {cancellable ? (
            <button
              type="button"
              className={rowButton}
              onClick={onCancel}
              aria-label={`Cancel ${entry.name}`}
            >
              Cancel
            </button>
          ) : null}
          {canRetry ? (
            <button
              type="button"
              className={rowPrimaryButton}
              onClick={onRetry}
              aria-label={`Retry ${entry.name}`}
            >
              Retry
            </button>
          ) : null}
          {stage === "done" && onShow ? (
            <button
              type="button"
              className={rowButton}
              onClick={onShow}
              aria-pressed={selected}
              aria-label={`Show the result of ${entry.name}`}
            >
              {selected ? "Shown below" : "Show result"}
            </button>
          ) : null}
          {stage === "done" ? resultLink : null}
        </div>
      ) : null}
    </li>
  );
}
