// Finding text in a JSON value: which nodes match, and which containers to
// open so every match shows. Paths look like `$.pages[0].words[3].text`.

export type JsonPath = string;
export const ROOT_PATH: JsonPath = "$";

export function childPath(parent: JsonPath, key: string | number): JsonPath {
  if (typeof key === "number") return `${parent}[${key}]`;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}

export interface JsonSearch {
  /** Nodes whose key or value holds the query. */
  matches: Set<JsonPath>;
  /** Containers on the way to a match. */
  open: Set<JsonPath>;
  truncated: boolean;
}

export const MAX_MATCHES = 200;

export function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === "object" && value !== null;
}

export function entriesOf(
  value: Record<string, unknown> | unknown[],
): [string | number, unknown][] {
  return Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
}

/** Case-insensitive search of keys and primitive values; stops after `limit` matches. */
export function searchJson(value: unknown, query: string, limit = MAX_MATCHES): JsonSearch {
  const needle = query.trim().toLowerCase();
  const result: JsonSearch = { matches: new Set(), open: new Set(), truncated: false };
  if (!needle) return result;

  const walk = (
    node: unknown,
    key: string | number | null,
    path: JsonPath,
    ancestors: JsonPath[],
  ) => {
    if (result.truncated) return;
    const keyHit = typeof key === "string" && key.toLowerCase().includes(needle);
    const valueHit = !isContainer(node) && String(node).toLowerCase().includes(needle);
    if (keyHit || valueHit) {
      if (result.matches.size >= limit) {
        result.truncated = true;
        return;
      }
      result.matches.add(path);
      for (const a of ancestors) result.open.add(a);
    }
    if (isContainer(node)) {
      const next = [...ancestors, path];
      for (const [k, v] of entriesOf(node)) walk(v, k, childPath(path, k), next);
    }
  };
  walk(value, null, ROOT_PATH, []);
  return result;
}
