import Link from "next/link";
import { primaryButton } from "@/components/button-styles";
import { StatePanel } from "@/components/state-panel";

/** What a page shows when the run history (the ledger) cannot be read. */
export function LedgerUnavailable({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  return (
    <StatePanel
      title="Your document history can't be reached right now"
      headingLevel={headingLevel}
      tone="warning"
      role="alert"
      testId="ledger-unavailable"
      actions={
        <Link href="/" className={primaryButton}>
          See all categories
        </Link>
      }
    >
      <p>Your documents and their results are kept. Please try again in a few minutes.</p>
    </StatePanel>
  );
}
