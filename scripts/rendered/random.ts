// The rendered set's own random source, independent of the canvas generator's:
// sfc32 seeded through a string hash, so each document has a stream of its own
// (adding a kind does not change the others) and `--seed` changes them all.

export type Random = () => number;

/** FNV-1a over the key's UTF-16 units: a 32-bit seed from any string. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** sfc32 (PractRand's small fast counter): the same numbers on every machine. */
export function seeded(key: string): Random {
  let a = hash(`a:${key}`);
  let b = hash(`b:${key}`);
  let c = hash(`c:${key}`);
  let d = 1;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs still carry the hash's structure.
  for (let i = 0; i < 12; i++) next();
  return next;
}

export const pick = <T>(random: Random, items: readonly T[]): T => {
  if (items.length === 0) throw new Error("pick from an empty list");
  return items[Math.floor(random() * items.length)] as T;
};

export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** An integer in [min, max]. */
export const int = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

/** A number in [min, max). */
export const between = (random: Random, min: number, max: number): number =>
  min + random() * (max - min);

export const chance = (random: Random, p: number): boolean => random() < p;

/** -1 or 1. */
export const sign = (random: Random): number => (random() < 0.5 ? -1 : 1);

/** An unsigned 31-bit integer, for tools that take a seed of their own (ImageMagick's -seed). */
export const toolSeed = (random: Random): number => Math.floor(random() * 2 ** 31);
