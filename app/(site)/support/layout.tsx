import type { ReactNode } from "react";
import { SupportBar } from "@/components/support/support-bar";
import { getStaffSession } from "@/lib/auth";

// Staff pages: never cached, never indexed.
export const dynamic = "force-dynamic";
export const metadata = { robots: { index: false, follow: false } };

export default async function SupportLayout({ children }: { children: ReactNode }) {
  const staff = await getStaffSession();
  return (
    <div className="bg-slate-50/60">
      <SupportBar username={staff?.username} />
      {children}
    </div>
  );
}
