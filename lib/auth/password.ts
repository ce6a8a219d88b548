// Support staff passwords, hashed with scrypt from node:crypto. A hash reads
// `scrypt.<N>.<r>.<p>.<salt>.<hash>` (base64url): no ":" "," or "$", so it can
// sit in SUPPORT_ACCOUNTS and in a .env file without quoting.
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from "node:crypto";
// Relative: scripts and playwright.config.ts load this file outside the app.
import { PASSWORD_HASH } from "../settings/support-accounts";

const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_PASSWORD_LENGTH = 1024;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N, r, p, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

function formatHash(salt: Buffer, key: Buffer): string {
  const parts = [
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ];
  return ["scrypt", ...parts].join(".");
}

export async function hashPassword(password: string): Promise<string> {
  if (password.length === 0) throw new Error("The password is empty.");
  if (password.length > MAX_PASSWORD_LENGTH) throw new Error("The password is too long.");
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.N, PARAMS.r, PARAMS.p);
  return formatHash(salt, key);
}

/** True when `password` matches `stored`; false for any malformed hash. Constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PASSWORD_HASH.exec(stored);
  if (!match || password.length > MAX_PASSWORD_LENGTH) return false;
  const [, n, r, p, salt, hash] = match;
  const expected = Buffer.from(hash ?? "", "base64url");
  if (expected.length !== KEY_LENGTH) return false;
  const key = await derive(
    password,
    Buffer.from(salt ?? "", "base64url"),
    Number(n),
    Number(r),
    Number(p),
  );
  return timingSafeEqual(key, expected);
}

/** The same hash, synchronously: for test set-up and scripts, never a request path. */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, KEY_LENGTH, {
    ...PARAMS,
    maxmem: 64 * 1024 * 1024,
  });
  return formatHash(salt, key);
}
