// OCR with the tesseract CLI (Debian's tesseract-ocr 5): image on stdin, TSV on
// stdout. One process per page, at most `concurrency` at once.

import { UnreadableDocumentError } from "../providers/interface/types";
import { CommandError, commandExists, runCommand } from "./command";
import type { PageRecognizer } from "./ocr-page";
import { slotPool } from "./pool";
import { parseTsv } from "./tsv";
import type { OcrEngine } from "./types";

export interface NativeTesseractOptions {
  command: string;
  /** Pages read at the same time (one process each). */
  concurrency: number;
  queueLimit: number;
  /**
   * Tesseract's page segmentation mode: 3 (automatic, default) for running
   * text; 4 (one column of lines) for tables, where 3 drops short narrow columns
   * (cells right on rendered calibration tables: 3: 71/89, 4: 89/89).
   */
  pageSegmentation?: number;
}

// OpenMP inside tesseract spins threads that cost more than they give on small
// pages: with one thread a page reads faster in wall time, and parallel
// requests do not fight over the cores (bench/pages.ts runs native so too).
const CHILD_ENV = { ...process.env, OMP_THREAD_LIMIT: "1" };

/** Page segmentation modes: Tesseract's own page analysis, and one block of text (unread-text.ts). */
const AUTOMATIC = 3;
const BLOCK = 6;

export function createNativeTesseract(options: NativeTesseractOptions): OcrEngine {
  const { command } = options;
  let exists: Promise<boolean> | undefined;
  let languages: Promise<ReadonlySet<string>> | undefined;
  const forgetLanguages = () => {
    languages = undefined;
  };
  // Each page gets its own process.
  const slots = slotPool("tesseract-native", options.concurrency, options.queueLimit);

  const read =
    (psm: number): PageRecognizer =>
    (image, { language, dpi, lightOnDarkPrepared, signal }) =>
      slots.use(async () => {
        const args = ["-", "-", "-l", language, "--psm", String(psm)];
        if (dpi) args.push("--dpi", String(dpi));
        if (lightOnDarkPrepared) args.push("-c", "tessedit_do_invert=0");
        args.push("tsv");
        try {
          const out = await runCommand(command, args, { input: image, signal, env: CHILD_ENV });
          return parseTsv(out.toString("utf8"));
        } catch (error) {
          // stderr may quote the document's content: it stays out of the message.
          if (error instanceof CommandError && error.exitCode === 1) {
            throw new UnreadableDocumentError("tesseract could not read the image");
          }
          if (error instanceof CommandError) throw new Error("tesseract failed");
          throw error;
        }
      }, signal);

  return {
    family: "tesseract",
    requires: `the tesseract command (apt: tesseract-ocr and tesseract-ocr-<lang>; or TESSERACT_CMD), tried as "${command}"`,
    available() {
      exists ??= commandExists(command);
      return exists;
    },
    languages() {
      languages ??= runCommand(command, ["--list-langs"], {
        input: Buffer.alloc(0),
        signal: AbortSignal.timeout(10_000),
      })
        .then((out) => {
          const codes = out.toString("utf8").split("\n").slice(1);
          return new Set(codes.map((c) => c.trim()).filter((c) => c !== "" && c !== "osd"));
        })
        .catch(() => {
          // A busy machine can miss the timeout: ask again next time rather than
          // read every later document as English.
          forgetLanguages();
          return new Set<string>();
        });
      return languages;
    },
    recognize: read(options.pageSegmentation ?? AUTOMATIC),
    recognizeBlock: read(BLOCK),
    close: () => slots.close(),
  };
}
