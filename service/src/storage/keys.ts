// Object keys: `uploads/<category_id>/<random id><ext>`, never derived from a file name.
// The shape is checked strictly wherever a key comes from outside, so a key can never
// name a file outside the storage folder.
import { randomBytes } from "node:crypto";

const EXTENSIONS: Record<string, string> = {
  "application/pdf": ".pdf",
  "image/png": ".png",
  "image/jpeg": ".jpg",
  "image/webp": ".webp",
  "image/tiff": ".tiff",
  "image/bmp": ".bmp",
  "image/gif": ".gif",
  "application/xml": ".xml",
  "text/xml": ".xml",
};

export const OBJECT_KEY =
  /^uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[A-Za-z0-9_-]{22}(\.[a-z0-9]{1,5})?$/;

/** A new key for an upload of `contentType` (normalised) into a category. */
export function newObjectKey(categoryId: string, contentType: string): string {
  // Own keys only: "valueOf" or "constructor" must not find Object.prototype's functions.
  const extension = Object.hasOwn(EXTENSIONS, contentType) ? EXTENSIONS[contentType] : "";
  return `uploads/${categoryId}/${randomBytes(16).toString("base64url")}${extension ?? ""}`;
}

export function isObjectKey(key: string): boolean {
  return OBJECT_KEY.test(key);
}

/** The category a well-formed key belongs to. */
export function categoryOfKey(key: string): string | undefined {
  return OBJECT_KEY.exec(key)?.[1];
}

/** `Image/PNG; charset=x` → `image/png`: how content types are compared everywhere. */
export function normalizeContentType(value: string): string {
  return (value.split(";")[0] ?? "").trim().toLowerCase();
}
