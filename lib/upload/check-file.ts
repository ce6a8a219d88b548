// The checks a file passes before anything is sent: not empty, not too big,
// a known type by its name and by its first bytes, and one the category takes.
import { AppError } from "@/lib/errors";
import { formatBytes } from "./format";
import {
  describeAcceptedTypes,
  extensionOf,
  findMediaType,
  mediaTypeForExtension,
  normaliseMime,
} from "./media-types";
import { readHead, sniffMediaType } from "./sniff";

export interface FileRules {
  accepted: readonly string[];
  maxBytes: number;
}

export type FileCheck = { ok: true; mimeType: string } | { ok: false; error: AppError };

interface FileFacts {
  name: string;
  size: number;
}

const refuse = (
  code: "file_type" | "file_too_large" | "file_empty",
  message: string,
): FileCheck => ({
  ok: false,
  error: new AppError(code, { message }),
});

/** The verdict from a file's name, size and first bytes. Pure, so every rule is testable. */
export function judgeFile(file: FileFacts, head: Uint8Array, rules: FileRules): FileCheck {
  const accepted = new Set(rules.accepted.map(normaliseMime));
  const takes = `This category takes ${describeAcceptedTypes(rules.accepted)} files.`;

  if (file.size === 0) {
    return refuse(
      "file_empty",
      "This file is empty (0 bytes). Check that it saved properly, then add it again.",
    );
  }
  if (file.size > rules.maxBytes) {
    return refuse(
      "file_too_large",
      `This file is ${formatBytes(file.size)}; the limit is ${formatBytes(rules.maxBytes)}. ` +
        "Send fewer pages at a time, or save the scan at a lower resolution.",
    );
  }

  const ext = extensionOf(file.name);
  const byName = mediaTypeForExtension(file.name);
  if (ext && (!byName || !accepted.has(byName.mime))) {
    const what = byName ? `${byName.label} files are` : `Files ending in ${ext} are`;
    return refuse("file_type", `${what} not accepted here. ${takes}`);
  }

  const sniffed = sniffMediaType(head);
  if (!sniffed) {
    const what = byName
      ? `This file ends in ${ext}, but its contents are not a ${byName.label} file or any other document we can read.`
      : "The contents of this file are not a document we can read.";
    return refuse(
      "file_type",
      `${what} ${takes} If it opens on your computer, save or export it again as one of these.`,
    );
  }
  if (!accepted.has(sniffed)) {
    const label = findMediaType(sniffed)?.label ?? sniffed;
    return refuse("file_type", `This file is really a ${label} file. ${takes}`);
  }
  // A name and bytes that name two accepted types (a JPEG saved as .png) go
  // as what the bytes are: the service compares the granted type with them.
  return { ok: true, mimeType: sniffed };
}

export async function checkFile(file: File, rules: FileRules): Promise<FileCheck> {
  if (file.size === 0 || file.size > rules.maxBytes)
    return judgeFile(file, new Uint8Array(), rules);
  try {
    return judgeFile(file, await readHead(file), rules);
  } catch (cause) {
    return {
      ok: false,
      error: new AppError("upload_failed", {
        message:
          "This file could not be read. It may have been moved or deleted since you chose it; please add it again.",
        cause,
      }),
    };
  }
}
