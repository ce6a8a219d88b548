// Embedded storage: uploaded objects live in a folder under the data dir, and the
// service itself serves the signed upload URLs (storage/embedded-routes.ts).
import { randomBytes } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import {
  access,
  type FileHandle,
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { isObjectKey } from "./keys";
import { ObjectTooLarge, readOpened } from "./read";
import { signDownload, signUpload, verifyDownload, verifyUpload } from "./signing";
import type { ObjectStore, StoredObject } from "./types";

export const EMBEDDED_BUCKET = "docroute-local";
const STALE_TEMP_MS = 60 * 60 * 1000;
/** Read in 1 MiB pieces rather than the 64 KiB default: fewer reads for a 25 MiB document. */
const READ_CHUNK_BYTES = 1024 * 1024;
/**
 * Objects up to this size are read in one synchronous call: from the page cache that
 * is quicker than the four thread-pool round trips (open, stat, read, close) of an
 * asynchronous read, each of which waits longer on a busy machine, and it holds the
 * event loop no longer than those round trips would have cost. Larger objects
 * stream.
 */
const SYNC_READ_MAX_BYTES = 256 * 1024;

export class EmbeddedStore implements ObjectStore {
  readonly bucket = EMBEDDED_BUCKET;
  readonly root: string;
  private readonly tmpDir: string;

  constructor(
    dataDir: string,
    private readonly publicUrl: string,
    private readonly secret: string,
  ) {
    this.root = path.join(dataDir, "objects");
    this.tmpDir = path.join(this.root, ".tmp");
  }

  async init(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    // Temp files of uploads cut short by a crash. Recent ones may belong to another
    // instance sharing the folder, so only stale ones go.
    const staleBefore = Date.now() - STALE_TEMP_MS;
    for (const name of await readdir(this.tmpDir)) {
      const file = path.join(this.tmpDir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < staleBefore) await rm(file, { force: true });
    }
  }

  async presignPut(
    objectKey: string,
    contentType: string,
    expiresInSeconds: number,
  ): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const signature = signUpload(this.secret, objectKey, contentType, expires);
    return `${this.publicUrl}/storage/${objectKey}?expires=${expires}&signature=${signature}`;
  }

  /** Whether a PUT's key, content type and expiry are the ones this store signed. */
  verify(objectKey: string, contentType: string, expires: number, signature: string): boolean {
    return verifyUpload(this.secret, objectKey, contentType, expires, signature);
  }

  /** The content type is signed in: the GET answers with it, and a URL cannot change it. */
  async presignGet(
    objectKey: string,
    contentType: string,
    expiresInSeconds: number,
  ): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const signature = signDownload(this.secret, objectKey, contentType, expires);
    const type = encodeURIComponent(contentType);
    return `${this.publicUrl}/storage/${objectKey}?expires=${expires}&type=${type}&signature=${signature}`;
  }

  /** Whether a GET's key, content type and expiry are the ones this store signed. */
  verifyGet(objectKey: string, contentType: string, expires: number, signature: string): boolean {
    return verifyDownload(this.secret, objectKey, contentType, expires, signature);
  }

  async exists(objectKey: string): Promise<boolean> {
    if (!isObjectKey(objectKey)) return false;
    return stat(this.pathOf(objectKey)).then(
      (info) => info.isFile(),
      () => false,
    );
  }

  async open(objectKey: string): Promise<StoredObject | undefined> {
    if (!isObjectKey(objectKey)) return undefined;
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(objectKey), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      // Size and bytes of the same file: a new upload renames another file into place.
      const { size } = await handle.stat();
      return { size, body: handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES }) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async read(objectKey: string, maxBytes: number): Promise<Buffer | undefined> {
    if (!isObjectKey(objectKey)) return undefined;
    let fd: number;
    try {
      fd = openSync(this.pathOf(objectKey), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    let size: number;
    try {
      // Size and bytes of the same file: a new upload renames another file into place.
      size = fstatSync(fd).size;
      if (size > maxBytes) throw new ObjectTooLarge(objectKey, size, maxBytes);
      if (size <= SYNC_READ_MAX_BYTES) {
        const bytes = Buffer.allocUnsafe(size);
        let filled = 0;
        while (filled < size) {
          const read = readSync(fd, bytes, filled, size - filled, filled);
          if (read === 0)
            throw new Error(`object ${objectKey} ended after ${filled} of ${size} bytes`);
          filled += read;
        }
        return bytes;
      }
    } finally {
      closeSync(fd);
    }
    const object = await this.open(objectKey);
    return object && readOpened(object, objectKey, maxBytes);
  }

  async remove(objectKeys: readonly string[]): Promise<void> {
    for (const key of objectKeys) {
      if (isObjectKey(key)) await rm(this.pathOf(key), { force: true });
    }
  }

  /** For /readyz: the folder exists and is writable. */
  async check(): Promise<void> {
    await access(this.tmpDir, constants.W_OK);
  }

  /** The file of a key. Callers pass only keys that passed isObjectKey. */
  pathOf(objectKey: string): string {
    if (!isObjectKey(objectKey)) throw new Error("invalid object key");
    return path.join(this.root, objectKey);
  }

  /** A fresh temp file path on the same file system as the objects (rename is atomic). */
  tempPath(): string {
    return path.join(this.tmpDir, randomBytes(12).toString("hex"));
  }

  /** Moves a complete temp file into place; a reader never sees half an object. */
  async commit(tempPath: string, objectKey: string): Promise<void> {
    const target = this.pathOf(objectKey);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tempPath, target);
  }

  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }
}

export function isEmbeddedStore(store: ObjectStore): store is EmbeddedStore {
  return store instanceof EmbeddedStore;
}

/** The signing secret: configured, or generated once and kept in the data dir. */
export async function resolveSigningSecret(dataDir: string, configured?: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, "upload-signing-secret");
  await mkdir(dataDir, { recursive: true });
  const temp = `${file}.${randomBytes(6).toString("hex")}`;
  await writeFile(temp, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 });
  try {
    // link() fails if the file exists: of two processes starting at once, one puts its
    // complete secret in place and both read that one.
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await rm(temp, { force: true });
  }
  return (await readFile(file, "utf8")).trim();
}
