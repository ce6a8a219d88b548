// Reading an object into memory for the providers, bounded: the size the store records
// is checked before any byte is read, and the stream is cut as soon as more arrives than
// that size or the limit allows. Only the object's own bytes are ever held, once.
import type { ObjectStore, StoredObject } from "./types";

/** The object is larger than the limit; nothing beyond the limit was read. */
export class ObjectTooLarge extends Error {
  constructor(
    readonly objectKey: string,
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`object ${objectKey} has ${size} bytes, more than ${maxBytes}`);
    this.name = "ObjectTooLarge";
  }
}

/** The whole object, or undefined when nothing is stored under the key. */
export async function readObject(
  store: ObjectStore,
  objectKey: string,
  maxBytes = Number.MAX_SAFE_INTEGER,
): Promise<Buffer | undefined> {
  if (store.read) return store.read(objectKey, maxBytes);
  const object = await store.open(objectKey);
  return object && readOpened(object, objectKey, maxBytes);
}

/** An opened object's bytes, read to the end (see the header comment). */
export async function readOpened(
  { size, body }: StoredObject,
  objectKey: string,
  maxBytes: number,
): Promise<Buffer> {
  if (size > maxBytes) {
    body.destroy();
    throw new ObjectTooLarge(objectKey, size, maxBytes);
  }
  const bytes = Buffer.allocUnsafe(size);
  let filled = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (filled + chunk.length > size) {
        // The store said less than it sends: never take more than the limit.
        const seen = filled + chunk.length;
        if (seen > maxBytes) throw new ObjectTooLarge(objectKey, seen, maxBytes);
        throw new Error(`object ${objectKey} is longer than its recorded size ${size}`);
      }
      chunk.copy(bytes, filled);
      filled += chunk.length;
    }
  } finally {
    body.destroy();
  }
  if (filled !== size)
    throw new Error(`object ${objectKey} ended after ${filled} of ${size} bytes`);
  return bytes;
}
