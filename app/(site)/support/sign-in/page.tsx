import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/support/sign-in-form";
import { getStaffSession, safeReturnPath } from "@/lib/auth";
import { signIn } from "@/lib/auth/staff-actions";

export const metadata: Metadata = { title: "Support sign-in", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const next = safeReturnPath(typeof params.next === "string" ? params.next : undefined);
  if (await getStaffSession()) redirect(next);
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-8">
        <p className="font-semibold text-indigo-700 text-sm tracking-wide">Support console</p>
        <h1 className="mt-1 font-bold text-2xl text-slate-900 tracking-tight">Sign in</h1>
        <p className="mt-2 text-slate-600 text-sm">
          For DocRoute support staff. Look up any run by its trace id.
        </p>
        {params.signed_out ? (
          <p
            role="status"
            className="mt-4 rounded-lg bg-slate-50 px-3 py-2.5 text-slate-700 text-sm"
          >
            You are signed out.
          </p>
        ) : null}
        <div className="mt-6">
          <SignInForm action={signIn} next={next} />
        </div>
      </div>
    </div>
  );
}
