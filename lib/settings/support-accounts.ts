// SUPPORT_ACCOUNTS="alice:<hash>,bob:<hash>": the support staff
// (lib/auth/accounts.ts checks sign-ins against them). Pure: lib/env.ts parses
// with it.

export type Accounts = ReadonlyMap<string, string>;

/**
 * A password hash as lib/auth/password.ts writes it:
 * `scrypt.<N>.<r>.<p>.<salt>.<hash>` (base64url). Defined here so the
 * environment can refuse a malformed entry at start.
 */
export const PASSWORD_HASH = /^scrypt\.(\d+)\.(\d+)\.(\d+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

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
    if (!USERNAME.test(username) || !PASSWORD_HASH.test(hash)) {
      throw new Error(
        `SUPPORT_ACCOUNTS: entry ${index + 1} must be "name:<hash>" with a hash from \`npm run support:hash-password\``,
      );
    }
    accounts.set(username.toLowerCase(), hash);
  }
  return accounts;
}
