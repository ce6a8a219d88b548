import Link from "next/link";
import { signOut } from "@/lib/auth/staff-actions";

/** The console's own bar under the site header: where you are, who you are, sign out. */
export function SupportBar({ username }: { username: string | undefined }) {
  return (
    <div className="border-slate-200 border-b bg-slate-900 text-slate-100">
      <div className="mx-auto flex min-h-12 max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5 sm:px-6">
        <Link href="/support" className="flex items-center gap-2 rounded font-semibold text-sm">
          <span
            aria-hidden="true"
            className="rounded bg-indigo-600 px-1.5 py-0.5 text-[11px] uppercase tracking-wider"
          >
            Staff
          </span>
          Support console
        </Link>
        {username ? (
          <form action={signOut} className="flex items-center gap-3 text-sm">
            <span className="text-slate-300">
              Signed in as{" "}
              <strong className="font-medium text-white" data-testid="staff-name">
                {username}
              </strong>
            </span>
            <button
              type="submit"
              className="rounded-md px-2.5 py-1.5 font-medium text-slate-100 ring-1 ring-slate-600 hover:bg-slate-800"
            >
              Sign out
            </button>
          </form>
        ) : null}
      </div>
    </div>
  );
}
