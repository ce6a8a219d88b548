// The ledger's environment, read and checked once. Server only.
import "server-only";
import path from "node:path";
import { z } from "zod";

const unsetIfEmpty = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const ledgerEnvSchema = z.object({
  // Where runs are kept: unset means a SQLite file under .data/app/;
  // postgres://… or postgresql://… means PostgreSQL (tables prefixed `ledger_`,
  // so the database can be shared with the Routing Service).
  DATABASE_URL: z.preprocess(unsetIfEmpty, z.string().trim().optional()),
  // The SQLite file used when DATABASE_URL is unset.
  LEDGER_SQLITE_PATH: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .default(path.join(".data", "app", "ledger.sqlite")),
  ),
  // Runs older than this many days are deleted, data and all.
  LEDGER_RETENTION_DAYS: z.preprocess(
    unsetIfEmpty,
    z.coerce.number().int().min(1).max(3650).default(30),
  ),
});

export type LedgerEnv = z.infer<typeof ledgerEnvSchema>;

export function parseLedgerEnv(source: Record<string, string | undefined>): LedgerEnv {
  const result = ledgerEnvSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new Error(`Invalid environment for the run ledger:\n${problems.join("\n")}`);
}
