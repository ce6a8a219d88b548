"use client";
import { useActionState } from "react";
import { primaryButton } from "@/components/button-styles";
import type { SignInState } from "@/lib/auth/staff-actions";

const field =
  "mt-1.5 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30";

export function SignInForm({
  action,
  next,
}: {
  action: (state: SignInState, form: FormData) => Promise<SignInState>;
  next: string;
}) {
  const [state, submit, pending] = useActionState(action, {});
  return (
    <form action={submit} className="space-y-4" noValidate>
      <input type="hidden" name="next" value={next} />
      {state.error ? (
        <p
          role="alert"
          data-testid="sign-in-error"
          className="rounded-lg bg-red-50 px-3 py-2.5 text-red-800 text-sm ring-1 ring-red-600/20 ring-inset"
        >
          {state.error}
        </p>
      ) : null}
      <div>
        <label htmlFor="username" className="font-medium text-slate-800 text-sm">
          User name
        </label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          required
          defaultValue={state.username}
          className={field}
        />
      </div>
      <div>
        <label htmlFor="password" className="font-medium text-slate-800 text-sm">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={field}
        />
      </div>
      <button type="submit" className={`${primaryButton} w-full`} disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
