// The one small interface every OCR engine implements (tesseract-native.ts,
// tesseractjs.ts, paddleocr.ts). The text providers (service/src/providers/text) run
// engines over whole documents.
import type { PreparedFormat } from "../preprocess";
import type { PageRecognizer } from "./ocr-page";

/** An OCR engine: reads one page image at a time. */
export interface OcrEngine {
  available(): Promise<boolean>;
  /** Tesseract codes whose data the engine has (never `osd`). */
  languages(): Promise<ReadonlySet<string>>;
  /** Languages one page can be read in at once; unlimited when absent. */
  maxLanguages?: number;
  recognize: PageRecognizer;
  /**
   * Reads an image as one block of text, without the engine's own page
   * analysis: the parts of a page `recognize` left unread (unread-text.ts).
   */
  recognizeBlock?: PageRecognizer;
  close(): Promise<void>;
  /** How it takes prepared page images (service/src/preprocess): PGM unless it says PNG. */
  preparedAs?: PreparedFormat;
  /** What installs it (Provider.requires). */
  requires: string;
  /** The engine whatever its model (Provider.engine): "tesseract", "paddleocr". */
  family?: string;
}
