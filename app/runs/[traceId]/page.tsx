import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { env } from "@/lib/env";
import { RunView } from "./run-view";

type Props = { params: Promise<{ traceId: string }> };

export const metadata: Metadata = { title: "Result" };

export default async function RunPage({ params }: Props) {
  const { traceId } = await params;
  if (!/^[\w.:-]{1,128}$/.test(traceId)) notFound();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <RunView traceId={traceId} unitLabel={env.COST_UNIT_LABEL} />
    </div>
  );
}
