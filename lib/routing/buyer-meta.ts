// What a buyer may read of an answer's meta. A provider's own error text
// ("spawn tesseract ENOENT", a stack line, an upstream's body) says nothing to
// a buyer and tells an outsider how the service is built, so each attempt's
// `error` becomes plain words before meta leaves the server. The ledger keeps
// the raw text for the support console.
import type { ProcessMeta } from "@/lib/kernel/contract";

const PLAIN_ERROR = {
  timeout: "This engine didn't answer in time.",
  other: "This engine couldn't read the document.",
} as const;

export function buyerMeta<M extends ProcessMeta>(meta: M): M {
  if (!meta.attempts?.some((attempt) => attempt.error !== undefined)) return meta;
  return {
    ...meta,
    attempts: meta.attempts.map((attempt) =>
      attempt.error === undefined
        ? attempt
        : {
            ...attempt,
            error: /timeout|timed.out/i.test(attempt.outcome)
              ? PLAIN_ERROR.timeout
              : PLAIN_ERROR.other,
          },
    ),
  };
}
