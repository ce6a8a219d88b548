"use server";
// Sign-in and sign-out for support staff: the server actions of the support
// pages' forms (components/support/).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { env } from "@/lib/env";
import { clientAddress } from "@/lib/http/client-address";
import { checkCredentials } from "./accounts";
import { authConfig } from "./config";
import { signInThrottle } from "./sign-in-throttle";
import { endStaffSession, safeReturnPath, startStaffSession } from "./staff-session";

export interface SignInState {
  error?: string;
  username?: string;
}

const formSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, "Enter your user name.")
    .max(64, "That user name is too long."),
  password: z.string().min(1, "Enter your password.").max(1024, "That password is too long."),
  next: z.string().max(2048).optional(),
});

export async function signIn(_previous: SignInState, form: FormData): Promise<SignInState> {
  const parsed = formSchema.safeParse({
    username: form.get("username") ?? "",
    password: form.get("password") ?? "",
    next: form.get("next") ?? undefined,
  });
  const username = String(form.get("username") ?? "").slice(0, 64);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message, username };
  const throttle = await signInThrottle();
  const address = clientAddress(await headers(), env.TRUSTED_PROXIES);
  const wait = await throttle.blockedFor(address, parsed.data.username);
  if (wait > 0) {
    return {
      error: `Too many failed attempts. Try again in ${Math.ceil(wait / 60)} min.`,
      username,
    };
  }
  const { accounts } = authConfig();
  if (accounts.size === 0) {
    return { error: "No support accounts are configured on this server.", username };
  }
  const name = await checkCredentials(accounts, parsed.data.username, parsed.data.password);
  if (!name) {
    await throttle.noteFailure(address, parsed.data.username);
    return { error: "That user name and password don't match.", username };
  }
  await throttle.clear(address, name);
  await startStaffSession(name);
  redirect(safeReturnPath(parsed.data.next));
}

export async function signOut(): Promise<void> {
  await endStaffSession();
  redirect("/support/sign-in?signed_out=1");
}
