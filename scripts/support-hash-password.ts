// npm run support:hash-password [-- <password>]
// Prints a scrypt hash for SUPPORT_ACCOUNTS ("name:<hash>"). Without an
// argument the password is read from stdin, so it stays out of shell history.
import { createInterface } from "node:readline";
import { hashPassword } from "../lib/auth/password";

async function readPassword(): Promise<string> {
  const arg = process.argv[2];
  if (arg !== undefined) return arg;
  if (process.stdin.isTTY) process.stderr.write("Password, then Enter: ");
  const rl = createInterface({ input: process.stdin, terminal: false });
  for await (const line of rl) {
    rl.close();
    if (process.stdin.isTTY) process.stderr.write("\n");
    return line;
  }
  return "";
}

const password = await readPassword();
if (!password) {
  process.stderr.write("No password given.\n");
  process.exit(1);
}
process.stdout.write(`${await hashPassword(password)}\n`);
