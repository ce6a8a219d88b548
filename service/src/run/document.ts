// Resolving input.document / input_ref to an upload of this service, for this
// category, with bytes present and of the declared type. Every refusal is a 422
// whose message says what to do next (INTERFACE.md, "Process input").
import { type Detector, FileTypeParser } from "file-type";
import {
  type Loc,
  literalError,
  validationItem,
  valueError,
} from "@/lib/kernel/contract/validation-error";
import { type CatalogEntry, maxBytesFor } from "../catalog";
import type { GrantRecord, GrantStore } from "../db/types";
import { XML_MEDIA_TYPES } from "../e-invoice-xml/limits";
import { eInvoiceProblem } from "../e-invoice-xml/read";
import { looksLikeXml } from "../e-invoice-xml/xml";
import { unprocessable } from "../http/errors";
import { normalizeContentType } from "../storage/keys";
import { ObjectTooLarge, readObject } from "../storage/read";
import type { ObjectStore } from "../storage/types";
import { countPages } from "./pages";
import type { ProcessRequestParts } from "./request";

const DOCUMENT_LOC: Loc = ["body", "input", "document"];
const INPUT_REF_LOC: Loc = ["body", "input_ref"];
const MIME_LOC: Loc = ["body", "input", "mime_type"];
const S3_URI = /^s3:\/\/([^/]+)\/(.+)$/;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/**
 * file-type runs a long list of detectors before it reaches PNG (≈0.3 ms a call, a
 * sixth of the 2 ms routing budget). The two most common documents are recognised
 * first by their signatures; everything else goes through file-type's own detectors.
 * An animated PNG still counts as a PNG and an Illustrator file as a PDF here, as
 * OCR reads both.
 */
const commonDocuments: Detector = {
  id: "docroute:png-pdf",
  async detect(tokenizer) {
    const head = new Uint8Array(PNG_SIGNATURE.length);
    await tokenizer.peekBuffer(head, { length: head.length, mayBeLess: true });
    if (PNG_SIGNATURE.every((byte, i) => head[i] === byte))
      return { ext: "png", mime: "image/png" };
    if (PDF_SIGNATURE.every((byte, i) => head[i] === byte))
      return { ext: "pdf", mime: "application/pdf" };
    return undefined;
  },
};
/**
 * XML (an e-invoice), with or without its `<?xml` declaration, which file-type
 * requires. Whether it is an e-invoice is read from its root (readDocument).
 */
const xmlDocuments: Detector = {
  id: "docroute:xml",
  async detect(tokenizer) {
    const head = new Uint8Array(64);
    const read = await tokenizer.peekBuffer(head, { length: head.length, mayBeLess: true });
    return looksLikeXml(head.subarray(0, read))
      ? { ext: "xml", mime: "application/xml" }
      : undefined;
  },
};
const fileTypes = new FileTypeParser({ customDetectors: [commonDocuments, xmlDocuments] });

const isXml = (mimeType: string) => (XML_MEDIA_TYPES as readonly string[]).includes(mimeType);
/** Bytes detected as `detected` are what `declared` says: both XML types name the same bytes. */
const sameType = (detected: string | undefined, declared: string) =>
  detected === declared || (detected !== undefined && isXml(detected) && isXml(declared));

export interface ResolvedDocument {
  grant: GrantRecord;
  /** Normalised media type the client declared (equal to the granted one). */
  mimeType: string;
  /** The category's size limit: a larger object is refused before it is read. */
  maxBytes: number;
}

/** A document's bytes, checked, and its number of pages. */
export interface ReadDocument {
  bytes: Buffer;
  pages: number;
}

/** Limits on what one document may hold (MAX_PDF_PAGES, config/schema.ts; pixels: pages/pdf.ts). */
export interface DocumentLimits {
  maxPdfPages: number;
}

const uploadsPath = (category: CatalogEntry) => `POST /v1/categories/${category.id}/uploads`;

function refuse(loc: Loc, msg: string, input: unknown): never {
  throw unprocessable([validationItem(loc, valueError(msg), input)]);
}

/**
 * Checks the reference and the declared type against the grant, without reading the
 * bytes (that happens in a work slot, see readDocument).
 */
export async function resolveDocument(
  parts: ProcessRequestParts,
  category: CatalogEntry,
  grants: GrantStore,
  store: ObjectStore,
): Promise<ResolvedDocument> {
  const { objectKey, loc, input } = referencedKey(parts, category, store);
  const grant = await grants.find(objectKey);
  if (!grant) {
    refuse(
      loc,
      `this is not an upload of this service. Request an upload URL with ${uploadsPath(category)}, PUT the file to it, then send the s3_uri you got as input.document.`,
      input,
    );
  }
  if (grant.categoryId !== category.id) {
    refuse(
      loc,
      `this document was uploaded for another category. Request an upload URL for this category with ${uploadsPath(category)} and upload the file again.`,
      input,
    );
  }

  const mimeType = normalizeContentType(parts.mimeType);
  if (!category.accepts.includes(mimeType)) {
    throw unprocessable([validationItem(MIME_LOC, literalError(category.accepts), parts.mimeType)]);
  }
  if (mimeType !== grant.contentType) {
    refuse(
      MIME_LOC,
      `the document was uploaded as ${grant.contentType}, not ${mimeType}. Send mime_type "${grant.contentType}", or upload the file again with the type it really has.`,
      parts.mimeType,
    );
  }
  return { grant, mimeType, maxBytes: maxBytesFor(category, mimeType) };
}

/** The object key named by input.document and/or input_ref; both must agree. */
function referencedKey(
  parts: ProcessRequestParts,
  category: CatalogEntry,
  store: ObjectStore,
): { objectKey: string; loc: Loc; input: string } {
  let fromDocument: string | undefined;
  if (parts.document !== undefined) {
    const match = S3_URI.exec(parts.document);
    if (!match || match[1] !== store.bucket || !match[2]) {
      refuse(
        DOCUMENT_LOC,
        `input.document must be the s3_uri of an upload of this service (s3://${store.bucket}/uploads/…). Request an upload URL with ${uploadsPath(category)}, PUT the file to it, then send the s3_uri you got.`,
        parts.document,
      );
    }
    fromDocument = match[2];
  }
  if (
    parts.inputRef !== undefined &&
    fromDocument !== undefined &&
    parts.inputRef !== fromDocument
  ) {
    refuse(
      INPUT_REF_LOC,
      "input_ref and input.document name different objects. Send the upload's s3_uri as input.document; input_ref is optional, and when given it must be that upload's object_key.",
      parts.inputRef,
    );
  }
  if (fromDocument !== undefined)
    return { objectKey: fromDocument, loc: DOCUMENT_LOC, input: parts.document ?? "" };
  return { objectKey: parts.inputRef ?? "", loc: INPUT_REF_LOC, input: parts.inputRef ?? "" };
}

/** Whole MiB when it is one, as the categories' limits are: "25 MiB". */
const mebibytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MiB`;

/**
 * Reads the bytes and checks they are what the grant says (magic bytes, not the
 * file name or the client's word). Marks the grant uploaded on the first successful
 * read when the storage could not (S3 mode). An object over the category's limit (only
 * S3 can hold one: its presigned PUT cannot bound the size) is refused before it is
 * read, and deleted. A document with too many pages or pixels is refused from its
 * headers (run/pages.ts) and kept: a smaller version goes in a new upload.
 */
export async function readDocument(
  resolved: ResolvedDocument,
  parts: ProcessRequestParts,
  grants: GrantStore,
  store: ObjectStore,
  now: Date,
  limits: DocumentLimits,
): Promise<ReadDocument> {
  const { grant, mimeType } = resolved;
  const loc = parts.document !== undefined ? DOCUMENT_LOC : INPUT_REF_LOC;
  const input = parts.document ?? parts.inputRef;
  const bytes = await readObject(store, grant.objectKey, resolved.maxBytes).catch(
    async (error: unknown) => {
      if (!(error instanceof ObjectTooLarge)) throw error;
      await store.remove([grant.objectKey]);
      return refuse(
        loc,
        `the uploaded document has ${mebibytes(error.size)}, more than the ${mebibytes(error.maxBytes)} this category takes, and was deleted. Request a new upload URL and upload a smaller file.`,
        input,
      );
    },
  );
  if (!bytes || bytes.length === 0) {
    const expired = grant.expiresAt.getTime() <= now.getTime();
    refuse(
      loc,
      expired
        ? "nothing was uploaded for this document and its upload URL has expired. Request a new upload URL, PUT the file to it, then process."
        : "nothing has been uploaded for this document yet. PUT the file to the upload_url first, then process.",
      input,
    );
  }
  if (grant.uploadedAt === null) await grants.markUploaded(grant.objectKey, bytes.length, now);

  const detected = await fileTypes.fromBuffer(bytes);
  if (!sameType(detected?.mime, mimeType)) {
    const seen = detected
      ? `they look like ${detected.mime}`
      : "their type could not be recognised";
    refuse(
      MIME_LOC,
      `the uploaded bytes are not ${mimeType}: ${seen}. Upload the real ${mimeType} file again, or declare the type it really has.`,
      parts.mimeType,
    );
  }
  if (isXml(mimeType)) {
    // Only an e-invoice is read; any other XML is refused here, in words, not by every provider.
    const problem = eInvoiceProblem(bytes);
    if (problem) {
      refuse(
        loc,
        `${problem}. Upload the e-invoice's XML file, or the invoice as a PDF or an image.`,
        input,
      );
    }
    return { bytes, pages: 1 };
  }
  const kind = mimeType === "application/pdf" ? "pdf" : "image";
  const { pages, problem } = await countPages(bytes, kind, limits.maxPdfPages);
  if (problem) refuse(loc, problem, input);
  return { bytes, pages };
}
