// Which way up a page is: Tesseract's orientation and script detection (OSD),
// from Debian's osd.traineddata through the tesseract CLI when it runs here
// (`--psm 0`), else from @tesseract.js-data/osd through a tesseract.js worker
// of its own (`detect()`, the legacy engine that data needs). providers/text/upright.ts
// asks only about pages whose first reading looks turned
// (docs/quality-reading.md, "Turned pages").
//
// OSD reads a grey copy no longer than OSD_LONG_SIDE: a full page at 300 dpi
// costs it about twice the time, while below about 10 px of x-height it can no
// longer tell (a 1400 px letter halved: confidence 12.4 → 0.01).
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import type { Worker } from "tesseract.js";
import { createWorker, OEM } from "tesseract.js";
import { loadSharp } from "../images";
import type { QuarterTurn } from "../preprocess/turn";
import { commandExists, runCommand } from "./command";
import { EnginePool, slotPool } from "./pool";

/** Long side (pixels) of the copy OSD reads. */
const OSD_LONG_SIDE = 1800;
/** Pages examined at once; more wait. */
const QUEUE_LIMIT = 32;
const CHILD_ENV = { ...process.env, OMP_THREAD_LIMIT: "1" };

export interface Orientation {
  /** Degrees the page must be turned clockwise to stand upright. */
  turn: QuarterTurn;
  /** Tesseract's orientation confidence: about 10–20 on a page of text, under 2 when it is guessing. */
  confidence: number;
}

export interface OrientationDetector {
  /** Which way up the page is; undefined when OSD cannot say (too little text) or cannot run here. */
  detect(image: Buffer, signal: AbortSignal): Promise<Orientation | undefined>;
  /** Which OSD runs here, for the report at start; undefined when none. */
  runs(): Promise<"tesseract" | "tesseract.js" | undefined>;
  close(): Promise<void>;
}

const TURNS: readonly QuarterTurn[] = [0, 90, 180, 270];
const asTurn = (degrees: number): QuarterTurn | undefined => TURNS.find((turn) => turn === degrees);

/** The grey copy OSD reads, as a PNG; undefined when sharp cannot decode the image. */
async function osdCopy(image: Buffer): Promise<Buffer | undefined> {
  const sharp = await loadSharp();
  try {
    return await sharp(image)
      .flatten({ background: "#ffffff" })
      .greyscale()
      .resize(OSD_LONG_SIDE, OSD_LONG_SIDE, { fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch {
    return undefined;
  }
}

/** The folder of @tesseract.js-data/osd's legacy data, when the package is installed. */
function osdData(): string | undefined {
  try {
    const pkg = createRequire(import.meta.url).resolve("@tesseract.js-data/osd/package.json");
    return path.join(path.dirname(pkg), "4.0.0");
  } catch {
    return undefined;
  }
}

/** `tesseract - - --psm 0`'s answer: "Rotate: 90" is the clockwise turn that stands the page up. */
export function parseOsd(out: string): Orientation | undefined {
  const turn = asTurn(Number(/^Rotate:\s*(\d+)/m.exec(out)?.[1]));
  const confidence = Number(/^Orientation confidence:\s*([\d.]+)/m.exec(out)?.[1]);
  if (turn === undefined || !Number.isFinite(confidence)) return undefined;
  return { turn, confidence };
}

export function createOrientationDetector(options: { command: string }): OrientationDetector {
  const { command } = options;
  let which: Promise<"tesseract" | "tesseract.js" | undefined> | undefined;
  const runs = () => {
    which ??= (async () => {
      if (await commandExists(command)) {
        const langs = await runCommand(command, ["--list-langs"], {
          input: Buffer.alloc(0),
          signal: AbortSignal.timeout(10_000),
        }).catch(() => Buffer.alloc(0));
        if (/^osd$/m.test(langs.toString("utf8"))) return "tesseract";
      }
      return osdData() ? "tesseract.js" : undefined;
    })();
    return which;
  };

  // One process per page, as many at once as there are cores.
  const slots = slotPool("tesseract-osd", availableParallelism(), QUEUE_LIMIT);
  const cli = (png: Buffer, signal: AbortSignal) =>
    slots.use(async () => {
      const args = ["-", "-", "-l", "osd", "--psm", "0"];
      // Too little text makes it exit 1 ("Too few characters"): it cannot say.
      const out = await runCommand(command, args, { input: png, signal, env: CHILD_ENV }).catch(
        (error: unknown) => {
          if (signal.aborted) throw error;
          return undefined;
        },
      );
      return out && parseOsd(out.toString("utf8"));
    }, signal);

  // A worker that only detects: its legacy engine reads no text data.
  const workers = new EnginePool<Worker>({
    name: "tesseractjs-osd",
    size: 1,
    queueLimit: QUEUE_LIMIT,
    create: () => {
      const langPath = osdData();
      if (!langPath) throw new Error("tesseract.js has no osd data installed");
      return createWorker("osd", OEM.TESSERACT_ONLY, {
        langPath,
        gzip: true,
        cacheMethod: "none",
        legacyCore: true,
        legacyLang: true,
        errorHandler: () => {},
      });
    },
    destroy: async (worker) => {
      await worker.terminate();
    },
  });
  const wasm = (png: Buffer, signal: AbortSignal) =>
    workers.use(async (worker) => {
      try {
        const { data } = await worker.detect(png);
        const turn = asTurn(data.orientation_degrees ?? Number.NaN);
        const confidence = data.orientation_confidence ?? Number.NaN;
        if (turn === undefined || !Number.isFinite(confidence)) return undefined;
        return { turn, confidence };
      } catch {
        return undefined;
      }
    }, signal);

  const detect = async (image: Buffer, signal: AbortSignal) => {
    const engine = await runs();
    if (!engine) return undefined;
    const png = await osdCopy(image);
    if (!png) return undefined;
    signal.throwIfAborted();
    return engine === "tesseract" ? cli(png, signal) : wasm(png, signal);
  };
  // The router may hand the same image to several providers, each asking.
  const asked = new WeakMap<Buffer, Promise<Orientation | undefined>>();

  return {
    runs,
    detect(image, signal) {
      const known = asked.get(image);
      if (known) return known;
      const answer = detect(image, signal);
      asked.set(image, answer);
      // An aborted question is asked again by whoever comes next.
      answer.catch(() => asked.delete(image));
      return answer;
    },
    close: async () => {
      await Promise.all([slots.close(), workers.close()]);
    },
  };
}
