// Support accounts from configuration: SUPPORT_ACCOUNTS="alice:<hash>,bob:<hash>".
import { hashPassword, isPasswordHash, verifyPassword } from "./password";

export type Accounts = ReadonlyMap<string, string>;

const USERNAME = /^[A-Za-z0-9._@-]{1,64}$/;

/** Parses the list; a bad entry fails with a message that names it but never shows a hash. */
export function parseAccounts(value: string | undefined): Accounts {
  const accounts = new Map<string, string>();
  for (const [index, entry] of (value ?? "").split(",").entries()) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const colon = trimmed.indexOf(":");
    const username = colon > 0 ? trimmed.slice(0, colon) : "";
    const hash = colon > 0 ? trimmed.slice(colon + 1) : "";
    if (!USERNAME.test(username) || !isPasswordHash(hash)) {
      throw new Error(
        `SUPPORT_ACCOUNTS: entry ${index + 1} must be "name:<hash>" with a hash from \`npm run support:hash-password\``,
      );
    }
    accounts.set(username.toLowerCase(), hash);
  }
  return accounts;
}

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
