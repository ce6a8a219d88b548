// The JSON that scripts/real/ writes (manifests, truths, the catalogue), laid
// out as biome formats it, so that a rewrite changes only what changed.

/** JSON as biome formats it: objects open, short lists of plain values on one line. */
export const json = (value: unknown) =>
  `${JSON.stringify(value, null, 2).replace(
    /\[\n\s+((?:"[^"\n]*"|-?[\d.]+)(?:,\n\s+(?:"[^"\n]*"|-?[\d.]+))*)\n\s+\]/g,
    (_, items: string) => `[${items.split(/,\n\s+/).join(", ")}]`,
  )}\n`;
