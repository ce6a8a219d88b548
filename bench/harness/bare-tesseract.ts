// The bare engine the service wraps, as a person runs it: `tesseract IMG -`
// on the file as it is, no page preparation, Tesseract's own page
// segmentation (--psm 3), the hints mapped to Tesseract codes the way the
// service maps them, and the language data installed for the CLI (the same
// the service's native engine reads). What the service adds on top of it is
// measured against this.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { resolveLanguage } from "../../service/src/engines/language";

const run = promisify(execFile);

// The service runs its tesseract with OMP_THREAD_LIMIT=1 (engines/tesseract-native.ts):
// on shared cores OpenMP's threads cost several times the wall time they save. The bare
// engine gets the same, so its time measures the engine, not a threading default, and
// routing is compared with the faster of the two.
const ENV = { ...process.env, OMP_THREAD_LIMIT: "1" };

export interface BareReading {
  text: string;
  /** Pages in the answer: Tesseract puts a form feed between the pages of a TIFF. */
  pages: number;
  /** The language string it ran with, e.g. "eng+deu". */
  language: string;
}

export interface BareTesseract {
  read(file: string, languageHints: readonly string[], signal: AbortSignal): Promise<BareReading>;
}

/** The CLI at `command`; fails now when it does not run. */
export async function bareTesseract(command = "tesseract"): Promise<BareTesseract> {
  const { stdout } = await run(command, ["--list-langs"], { env: ENV });
  const installed = new Set(
    stdout
      .split("\n")
      .slice(1)
      .map((line) => line.trim())
      .filter((code) => code !== "" && code !== "osd"),
  );
  return {
    async read(file, languageHints, signal) {
      const language = resolveLanguage(languageHints, installed);
      const { stdout: text } = await run(command, [file, "-", "--psm", "3", "-l", language], {
        env: ENV,
        signal,
        maxBuffer: 64 * 1024 * 1024,
      });
      return { text, pages: text.split("\f").length, language };
    },
  };
}
