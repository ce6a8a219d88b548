"use client";
// Keeps every finished process call of a category in this browser (see
// browser-runs.ts). It listens to the mutation cache for the upload engine's
// process mutation, so the engine needs to know nothing about it.
import { hashKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import * as z from "zod/mini";
import { processResultSchema } from "@/lib/contract/documents";
import { processMutation } from "@/lib/upload/api";
import { restoreQueue } from "@/lib/upload/session-store";
import { storageKey } from "@/lib/upload/storage-key";
import { saveRun } from "./browser-runs";

const variablesSchema = z.partial(
  z.object({ idempotencyKey: z.string(), objectKey: z.string(), mimeType: z.string() }),
);

export function useRecordRuns(categoryId: string, categoryName: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const wanted = hashKey(processMutation(categoryId).mutationKey ?? []);
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success") return;
      const { mutationKey } = event.mutation.options;
      if (!mutationKey || hashKey(mutationKey) !== wanted) return;
      const result = processResultSchema.safeParse(event.mutation.state.data);
      if (!result.success) return;
      const variables = variablesSchema.safeParse(event.mutation.state.variables);
      const objectKey = variables.success ? variables.data.objectKey : undefined;
      saveRun({
        categoryId,
        categoryName,
        ...(variables.success ? variables.data : {}),
        fileName: objectKey ? fileNameOf(categoryId, objectKey) : undefined,
        result: result.data,
      });
    });
  }, [queryClient, categoryId, categoryName]);
}

/** The person's file name, from the upload queue the page keeps for a refresh. */
function fileNameOf(categoryId: string, objectKey: string): string | undefined {
  try {
    const queue = restoreQueue(window.sessionStorage.getItem(storageKey(categoryId)), Date.now());
    return queue.find((entry) => entry.objectKey === objectKey)?.name;
  } catch {
    return undefined;
  }
}
