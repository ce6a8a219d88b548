import Link from "next/link";
import { primaryButton } from "@/components/button-styles";
import { StatePanel } from "@/components/state-panel";

export default function CategoryNotFound() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <StatePanel
        title="We couldn't find that category"
        headingLevel={1}
        testId="not-found"
        actions={
          <Link href="/" className={primaryButton}>
            See all categories
          </Link>
        }
      >
        <p>It may have been removed, or the link may be incomplete.</p>
      </StatePanel>
    </div>
  );
}
