// Support sign-ins, checked against SUPPORT_ACCOUNTS (parsed in lib/settings/support-accounts.ts).
import type { Accounts } from "@/lib/settings/support-accounts";
import { hashPassword, verifyPassword } from "./password";

// Checked against when the name is unknown, so a wrong name takes as long as a wrong password.
let decoy: Promise<string> | undefined;

export async function checkCredentials(
  accounts: Accounts,
  username: string,
  password: string,
): Promise<string | null> {
  const name = username.trim().toLowerCase();
  const hash = accounts.get(name);
  if (!hash) {
    decoy ??= hashPassword("decoy-password");
    await verifyPassword(password, await decoy);
    return null;
  }
  return (await verifyPassword(password, hash)) ? name : null;
}
