// A job read page by page: which categories can be, and how the pages' answers make one
// answer. Text recognition and PDF text are pages side by side, so are tables; an
// invoice's fields span its pages, so an invoice is routed whole.
import type {
  Attempt,
  OcrData,
  OcrPage,
  ResultPage,
  Table,
  TableData,
} from "@/lib/kernel/contract";
import type { JobPageRecord, JobRecord } from "../db/types";
import { documentText } from "../engines/ocr-page";
import { millis, usd } from "../run/answers";

/** Data of the category, as providers answer it. */
export type CategoryData = Record<string, unknown>;

/** Builds a document's data from its pages' data, in page order. */
type Merge = (pages: readonly CategoryData[]) => CategoryData;

// Page data was written by this service from its providers' typed answers (JobPageRecord.data).
const mergeText: Merge = (answers) => {
  const pages: OcrPage[] = (answers as readonly OcrData[]).flatMap((answer) => answer.pages);
  const language = (answers[0] as OcrData | undefined)?.language ?? "";
  return { text: documentText(pages), language, pages };
};

const mergeTables: Merge = (answers) => {
  const typed = answers as readonly TableData[];
  const tables: Table[] = typed.flatMap((answer) => answer.tables);
  const pages: ResultPage[] = typed.flatMap((answer) => answer.pages);
  return { tables, text: documentText(typed), pages };
};

/** Categories read page by page, by slug, with how their pages make one answer. */
const BY_PAGE: Readonly<Record<string, Merge>> = {
  "text-recognition": mergeText,
  "pdf-text-extraction": mergeText,
  "table-extraction": mergeTables,
};

/** A PDF of several pages in a category read page by page is a job of pages. */
export function jobUnit(categorySlug: string, mimeType: string, pages: number): JobRecord["unit"] {
  return BY_PAGE[categorySlug] && mimeType === "application/pdf" && pages > 1 ? "page" : "document";
}

/** The category's data built from the pages kept so far. */
export function mergePages(categorySlug: string, pages: readonly JobPageRecord[]): CategoryData {
  const merge = BY_PAGE[categorySlug] ?? mergeText;
  return merge(pages.map((page) => JSON.parse(page.data) as CategoryData));
}

/** The provider that read most pages (the first page's on a tie). */
function mainProvider(pages: readonly JobPageRecord[]): string {
  const counts = new Map<string, number>();
  for (const page of pages) counts.set(page.provider, (counts.get(page.provider) ?? 0) + 1);
  let best = pages[0]?.provider ?? "";
  for (const [provider, count] of counts) if (count > (counts.get(best) ?? 0)) best = provider;
  return best;
}

/**
 * `meta` of a job read page by page, as the synchronous call's (INTERFACE.md, "meta"):
 * the pages' costs added up, the deepest failover of any page, the time from the job's
 * start to its end, and every attempt with its page.
 */
export function pagesMeta(job: JobRecord, pages: readonly JobPageRecord[], finishedAt: number) {
  const attempts = pages.flatMap((page) =>
    (JSON.parse(page.attempts) as Attempt[]).map((attempt) => ({ ...attempt, page: page.number })),
  );
  return {
    estimated_cost: usd(pages.reduce((sum, page) => sum + page.cost, 0)),
    failover_depth: pages.reduce((deepest, page) => Math.max(deepest, page.failoverDepth), 0),
    latency_ms: millis(finishedAt - (job.startedAt ?? job.createdAt)),
    trace_id: job.traceId,
    provider: mainProvider(pages),
    pages: pages.reduce((sum, page) => sum + page.billed, 0),
    attempts,
  };
}
