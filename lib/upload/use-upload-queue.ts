"use client";
// The upload queue in a component: files are checked as soon as they are
// added, then run at most `concurrency` at a time through grant → PUT →
// process. A long document the server sent as a job is then read every
// second (TanStack Query's refetchInterval) until it ends. The queue is kept
// in sessionStorage for a refresh, jobs included: a reload reads them on.
import { useMutation, useQueries, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { ProcessAnswer } from "@/lib/api/documents";
import { isFinishedJobAnswer, isJobReply, type JobAnswer } from "@/lib/api/jobs";
import { AppError } from "@/lib/errors";
import {
  cancelJobMutation,
  jobQuery,
  processMutation,
  reportUploaded,
  uploadGrantMutation,
} from "./api";
import { checkFile, type FileRules } from "./check-file";
import { countPdfPages } from "./count-pages";
import { failureOf, isRefusal } from "./failure";
import {
  CANCELLABLE_STAGES,
  entriesToStart,
  isFinished,
  newEntry,
  type QueueEntry,
  type QueueEvent,
  queueReducer,
} from "./queue-state";
import { runEntry } from "./run-entry";
import { restoreQueue, serialiseQueue } from "./session-store";
import { storageKey } from "./storage-key";

export interface UploadQueueOptions extends FileRules {
  categoryId: string;
  concurrency?: number;
}

export interface UploadQueue {
  entries: QueueEntry[];
  addFiles: (files: readonly File[], languageHints?: string[]) => void;
  cancel: (id: string) => void;
  retry: (id: string) => void;
  remove: (id: string) => void;
  /** Whether Retry can do anything for this entry (the file is still here, or already stored). */
  canRetry: (entry: QueueEntry) => boolean;
  /** The person's own file, while the page still has it. */
  fileOf: (id: string) => File | undefined;
  /** The full answer of a finished run, while the page still has it. */
  resultOf: (id: string) => ProcessAnswer | undefined;
  /** A running job's state, with the text of the pages read so far. */
  jobOf: (id: string) => JobAnswer | undefined;
  /** Cancels a running job (the person confirmed it first). */
  cancelJob: (id: string) => void;
  /** The id of the entry whose job is being cancelled, if any. */
  cancellingId: string | null;
}

export const DEFAULT_CONCURRENCY = 2;

const JOB_READ_NOTE = "Can't reach the server right now. Trying again…";

export function useUploadQueue(options: UploadQueueOptions): UploadQueue {
  const { categoryId, accepted, maxBytes, concurrency = DEFAULT_CONCURRENCY } = options;
  const [entries, dispatch] = useReducer(queueReducer, []);
  // sessionStorage is read after mount: the server's render has no queue to hydrate.
  const [restored, setRestored] = useState(false);
  const restoring = useRef(false);
  const files = useRef(new Map<string, File>());
  const results = useRef(new Map<string, ProcessAnswer>());
  const controllers = useRef(new Map<string, AbortController>());
  const entriesRef = useRef(entries);
  useEffect(() => {
    entriesRef.current = entries;
  }, [entries]);

  const queryClient = useQueryClient();
  const grant = useMutation(uploadGrantMutation(categoryId));
  const processCall = useMutation(processMutation(categoryId));
  const grantAsync = grant.mutateAsync;
  const processAsync = processCall.mutateAsync;

  const send = useCallback(
    (id: string, event: QueueEvent) => dispatch({ type: "event", id, event }),
    [],
  );

  useEffect(() => {
    if (restoring.current) return;
    restoring.current = true;
    let stored: string | null = null;
    try {
      stored = window.sessionStorage.getItem(storageKey(categoryId));
    } catch {
      // Storage disabled (some private modes): start with an empty queue.
    }
    dispatch({ type: "add", entries: restoreQueue(stored, Date.now()) });
    setRestored(true);
  }, [categoryId]);

  useEffect(() => {
    if (!restored) return;
    try {
      window.sessionStorage.setItem(storageKey(categoryId), serialiseQueue(entries));
    } catch {
      // Storage full or disabled: the queue still works, it just won't survive a refresh.
    }
  }, [categoryId, entries, restored]);

  const run = useCallback(
    async (entry: QueueEntry) => {
      const controller = new AbortController();
      controllers.current.set(entry.id, controller);
      await runEntry(
        entry,
        {
          file: files.current.get(entry.id),
          requestGrant: (contentType, signal) =>
            grantAsync({ contentType, file: { name: entry.name, size: entry.size }, signal }),
          // Kept before runEntry says "processed": the render that shows the row done can
          // already draw the result.
          process: async (vars) => {
            const answer = await processAsync(vars);
            if (!isJobReply(answer)) results.current.set(entry.id, answer);
            return answer;
          },
          send: (event) => send(entry.id, event),
          onUploaded: (objectKey) => void reportUploaded(objectKey),
        },
        controller.signal,
      );
      controllers.current.delete(entry.id);
    },
    [grantAsync, processAsync, send],
  );

  // Start what the concurrency allows whenever the queue changes.
  useEffect(() => {
    for (const entry of entriesToStart(entries, concurrency)) {
      if (controllers.current.has(entry.id)) continue;
      send(entry.id, { type: "start", now: Date.now() });
      void run(entry);
    }
  }, [entries, concurrency, run, send]);

  // Jobs under way, each read until it ends; what each read shows moves its entry on.
  const jobEntries = useMemo(
    () => entries.filter((e) => e.stage === "processing" && e.job !== null),
    [entries],
  );
  const jobReads = useQueries({
    queries: jobEntries.map((e) => jobQuery(e.job?.runId ?? "")),
  });
  useEffect(() => {
    jobEntries.forEach((entry, i) => {
      const read = jobReads[i];
      if (!read) return;
      const job = read.data;
      if (job && isFinishedJobAnswer(job)) {
        if (job.status === "succeeded" && job.result) results.current.set(entry.id, job.result);
        send(entry.id, jobEvent(job, Date.now()));
      } else if (read.error?.code === "not_found") {
        send(entry.id, { type: "failed", failure: failureOf(read.error), now: Date.now() });
      } else if (read.error) {
        // A passing failure (no connection, the service busy): the reads go on.
        send(entry.id, { type: "note", note: JOB_READ_NOTE });
      } else if (job) {
        send(entry.id, jobEvent(job, Date.now()));
      }
    });
  }, [jobEntries, jobReads, send]);

  const cancelCall = useMutation(cancelJobMutation());
  const cancelJobAsync = cancelCall.mutateAsync;
  const [cancellingId, setCancellingId] = useState<string | null>(null);
  const cancelJob = useCallback(
    (id: string) => {
      const runId = entriesRef.current.find((e) => e.id === id)?.job?.runId;
      if (!runId) return;
      setCancellingId(id);
      cancelJobAsync(runId)
        .then((answer) => {
          // Its read shows the end: the entry moves on in the effect above.
          const key = jobQuery(runId).queryKey;
          const before = queryClient.getQueryData(key);
          queryClient.setQueryData(key, { ...answer, pages: before?.pages ?? answer.pages });
        })
        .catch((error: unknown) => {
          send(id, { type: "note", note: failureOf(error).message });
        })
        .finally(() => setCancellingId(null));
    },
    [cancelJobAsync, queryClient, send],
  );

  // Leaving the page stops uploads; a process call already sent is replayed on return.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const check = useCallback(
    async (id: string, file: File) => {
      const verdict = await checkFile(file, { accepted, maxBytes });
      send(
        id,
        verdict.ok
          ? { type: "checked", mimeType: verdict.mimeType }
          : { type: "refused", failure: failureOf(verdict.error) },
      );
      // For the estimate of a long document; counted beside the upload, never before it.
      if (verdict.ok && verdict.mimeType === "application/pdf") {
        void countPdfPages(file).then(
          (pages) => pages !== null && send(id, { type: "paged", pages }),
          () => undefined,
        );
      } else if (verdict.ok) {
        send(id, { type: "paged", pages: 1 });
      }
    },
    [accepted, maxBytes, send],
  );

  const addFiles = useCallback(
    (list: readonly File[], languageHints: string[] = []) => {
      const now = Date.now();
      const added = list.map((file, i) => {
        const entry = newEntry(file, {
          id: crypto.randomUUID(),
          idempotencyKey: crypto.randomUUID(),
          languageHints,
          now: now + i,
        });
        files.current.set(entry.id, file);
        return entry;
      });
      dispatch({ type: "add", entries: added });
      for (const entry of added) {
        const file = files.current.get(entry.id);
        if (file) void check(entry.id, file);
      }
    },
    [check],
  );

  const cancel = useCallback(
    (id: string) => {
      const entry = entriesRef.current.find((e) => e.id === id);
      if (!entry || !CANCELLABLE_STAGES.has(entry.stage)) return;
      send(id, { type: "cancel", now: Date.now() });
      controllers.current.get(id)?.abort();
    },
    [send],
  );

  const canRetry = useCallback(
    (entry: QueueEntry) =>
      (entry.stage === "failed" || entry.stage === "cancelled") &&
      !(entry.failure && isRefusal(entry.failure)) &&
      (entry.uploaded || files.current.has(entry.id)),
    [],
  );

  const retry = useCallback(
    (id: string) => {
      const entry = entriesRef.current.find((e) => e.id === id);
      if (!entry || !canRetry(entry)) return;
      send(id, { type: "retry", freshKey: crypto.randomUUID() });
      // Cancelled before its check finished: check it now.
      const file = files.current.get(id);
      if (entry.mimeType === null && file) void check(id, file);
    },
    [canRetry, check, send],
  );

  const remove = useCallback((id: string) => {
    const entry = entriesRef.current.find((e) => e.id === id);
    if (!entry || !isFinished(entry)) return;
    files.current.delete(id);
    results.current.delete(id);
    dispatch({ type: "remove", id });
  }, []);

  return useMemo(
    () => ({
      entries,
      addFiles,
      cancel,
      retry,
      remove,
      canRetry,
      fileOf: (id: string) => files.current.get(id),
      resultOf: (id: string) => results.current.get(id),
      jobOf: (id: string) => jobReads[jobEntries.findIndex((e) => e.id === id)]?.data,
      cancelJob,
      cancellingId,
    }),
    [
      entries,
      addFiles,
      cancel,
      retry,
      remove,
      canRetry,
      jobEntries,
      jobReads,
      cancelJob,
      cancellingId,
    ],
  );
}

/** What a read of a job means for its entry. */
function jobEvent(job: JobAnswer, now: number): QueueEvent {
  switch (job.status) {
    case "succeeded":
      return job.result
        ? { type: "processed", meta: job.result.meta, now }
        : { type: "failed", failure: failureOf(new AppError("bad_response")), now };
    case "failed":
      return {
        type: "failed",
        failure: failureOf(AppError.fromResponse(500, job.failure)),
        now,
      };
    case "cancelled":
      return { type: "jobCancelled", now };
    default:
      return {
        type: "job",
        runId: job.runId,
        pagesDone: job.pagesDone,
        pagesTotal: job.pagesTotal,
      };
  }
}
