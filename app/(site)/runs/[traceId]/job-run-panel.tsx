"use client";
// A run whose document is being read as a job, on its own page: reads the job
// every second while it runs (a reload or a return picks up where it is), shows
// each page's text as it is read, offers Cancel, and once the job has ended
// reads the page again from the server, which then shows the result.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { CancelJobButton } from "@/components/result/run/cancel-job-button";
import { JobProgress } from "@/components/result/run/job-progress";
import { isFinishedJobAnswer, type JobAnswer } from "@/lib/api/jobs";
import { toAppError } from "@/lib/errors";
import { QueryProvider } from "@/lib/query/query-provider";
import { cancelJobMutation, jobQuery } from "@/lib/upload/api";

type Props = {
  runId: string;
  fileName: string;
  /** The job as the ledger last saw it, shown until the first read. */
  initial: Pick<JobAnswer, "status" | "pagesDone" | "pagesTotal">;
};

export function JobRunPanel(props: Props) {
  return (
    <QueryProvider>
      <Panel {...props} />
    </QueryProvider>
  );
}

function Panel({ runId, fileName, initial }: Props) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const read = useQuery(jobQuery(runId));
  const cancel = useMutation(cancelJobMutation());
  const job = read.data ?? { ...initial, pages: [] };
  const ended = read.data !== undefined && isFinishedJobAnswer(read.data);

  // The run is recorded by the read that saw the end: the server's page now shows it.
  useEffect(() => {
    if (ended) router.refresh();
  }, [ended, router]);

  const onCancel = () =>
    cancel.mutate(runId, {
      onSuccess: (answer) => {
        const key = jobQuery(runId).queryKey;
        const before = queryClient.getQueryData(key);
        queryClient.setQueryData(key, { ...answer, pages: before?.pages ?? answer.pages });
      },
    });

  const note = cancel.isError
    ? toAppError(cancel.error).message
    : read.error
      ? "Can't reach the server right now. Trying again…"
      : null;
  return (
    <JobProgress
      title={fileName}
      job={job}
      note={note}
      actions={
        ended ? null : (
          <CancelJobButton name={fileName} onConfirm={onCancel} busy={cancel.isPending} />
        )
      }
    />
  );
}
