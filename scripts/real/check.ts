// Checks fixtures/real/: every manifest parses, every entry's document is
// there with the sha256 it was pinned to, and every truth parses in the shape
// its set needs. Documents that were never fetched are errors too: run
// scripts/real/fetch.ts first.
//
//   npx tsx scripts/real/check.ts
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { z } from "zod";
import type { SetName } from "./catalogue";
import {
  CATALOGUE_SETS,
  InvoiceTruth,
  Manifest,
  REAL_DIR,
  ReceiptTruth,
  TableTruth,
  TextTruth,
} from "./manifest";
import { WildReceiptWords } from "./wildreceipt-truth";

const TRUTH_SCHEMA: Record<SetName, z.ZodType> = {
  text: TextTruth,
  invoices: InvoiceTruth,
  receipts: ReceiptTruth,
  einvoices: InvoiceTruth,
  tables: TableTruth,
  wildreceipt: ReceiptTruth,
};

const readTruth = (set: SetName, file: string): unknown => {
  const raw = readFileSync(file, "utf8");
  return set === "text" ? raw : JSON.parse(raw);
};

const checkSet = (set: SetName): string[] => {
  const errors: string[] = [];
  const manifestPath = path.join(REAL_DIR, set, "manifest.json");
  if (!existsSync(manifestPath)) return [`${set}: no manifest.json`];
  const manifest = Manifest.safeParse(JSON.parse(readFileSync(manifestPath, "utf8")));
  if (!manifest.success) return [`${set}/manifest.json: ${manifest.error.message}`];
  const seen = new Set<string>();
  for (const entry of manifest.data) {
    const where = `${set}/${entry.file}`;
    if (seen.has(entry.file)) errors.push(`${where}: listed twice`);
    seen.add(entry.file);
    const documentPath = path.join(REAL_DIR, set, entry.file);
    if (!existsSync(documentPath)) {
      errors.push(`${where}: missing (run scripts/real/fetch.ts)`);
    } else {
      const digest = createHash("sha256").update(readFileSync(documentPath)).digest("hex");
      if (digest !== entry.source.sha256)
        errors.push(`${where}: sha256 differs from the pinned one`);
    }
    if (entry.transcript !== undefined) {
      const transcriptPath = path.join(REAL_DIR, set, entry.transcript);
      if (!existsSync(transcriptPath))
        errors.push(`${where}: transcript ${entry.transcript} missing`);
      else if (!TextTruth.safeParse(readFileSync(transcriptPath, "utf8")).success)
        errors.push(`${set}/${entry.transcript}: empty transcription`);
    }
    if (entry.words !== undefined) {
      const wordsPath = path.join(REAL_DIR, set, entry.words);
      if (!existsSync(wordsPath)) errors.push(`${where}: words ${entry.words} missing`);
      else if (!WildReceiptWords.safeParse(JSON.parse(readFileSync(wordsPath, "utf8"))).success)
        errors.push(`${set}/${entry.words}: not the annotated words' shape`);
    }
    const truthPath = path.join(REAL_DIR, set, entry.truth);
    if (!existsSync(truthPath)) {
      errors.push(`${where}: truth ${entry.truth} missing`);
      continue;
    }
    try {
      const parsed = TRUTH_SCHEMA[set].safeParse(readTruth(set, truthPath));
      if (!parsed.success) errors.push(`${set}/${entry.truth}: ${parsed.error.message}`);
    } catch (error) {
      errors.push(`${set}/${entry.truth}: ${(error as Error).message}`);
    }
  }
  console.log(`${set}: ${manifest.data.length} entries, ${errors.length} problems`);
  return errors;
};

const errors = CATALOGUE_SETS.flatMap(checkSet);
for (const error of errors) console.error(error);
if (errors.length > 0) process.exitCode = 1;
