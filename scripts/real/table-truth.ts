// Table truths taken from the tests of open-source table extractors:
// camelot's `tests/data.py` (Python lists of rows) and tabula-java's expected
// CSV files. Both are read here as data, never run.
import Papa from "papaparse";

export type Rows = string[][];

/**
 * The value of `name = [...]` in a Python module of literals. When a name is
 * assigned more than once, the last assignment wins, as it does in Python.
 * Only lists and string literals (with adjacent-literal concatenation) are
 * read: that is all camelot's expected tables hold.
 */
export const pythonListLiteral = (source: string, name: string): unknown => {
  const starts = [...source.matchAll(new RegExp(`^${name} = \\[`, "gm"))];
  const last = starts[starts.length - 1];
  if (last?.index === undefined) throw new Error(`data.py: no literal list named ${name}`);
  const reader = { source, at: last.index + name.length + 3 };
  return readValue(reader);
};

interface Reader {
  source: string;
  at: number;
}

const skipBlank = (r: Reader) => {
  for (;;) {
    const c = r.source[r.at];
    if (c === "#") {
      const end = r.source.indexOf("\n", r.at);
      r.at = end === -1 ? r.source.length : end;
    } else if (c !== undefined && /[\s,]/.test(c)) {
      r.at++;
    } else {
      return;
    }
  }
};

const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  "'": "'",
  '"': '"',
};

const readString = (r: Reader) => {
  const quote = r.source[r.at];
  r.at++;
  let out = "";
  for (;;) {
    const c = r.source[r.at];
    if (c === undefined) throw new Error("data.py: unterminated string");
    r.at++;
    if (c === quote) return out;
    if (c === "\\") {
      const next = r.source[r.at] ?? "";
      r.at++;
      if (next === "u" || next === "x") {
        const width = next === "u" ? 4 : 2;
        out += String.fromCharCode(Number.parseInt(r.source.slice(r.at, r.at + width), 16));
        r.at += width;
      } else if (next === "\n") {
        // A backslash before a newline continues the literal on the next line.
      } else {
        out += ESCAPES[next] ?? `\\${next}`;
      }
    } else {
      out += c;
    }
  }
};

const readValue = (r: Reader): unknown => {
  skipBlank(r);
  const c = r.source[r.at];
  if (c === "[") {
    r.at++;
    const items: unknown[] = [];
    for (;;) {
      skipBlank(r);
      if (r.source[r.at] === "]") {
        r.at++;
        return items;
      }
      items.push(readValue(r));
    }
  }
  if (c === '"' || c === "'") {
    let text = "";
    // Adjacent literals ("a" "b") are one string in Python.
    while (r.source[r.at] === '"' || r.source[r.at] === "'") {
      text += readString(r);
      const save = r.at;
      while (/[ \t\n\r]/.test(r.source[r.at] ?? "")) r.at++;
      if (r.source[r.at] !== '"' && r.source[r.at] !== "'") r.at = save;
    }
    return text;
  }
  throw new Error(`data.py: unexpected ${JSON.stringify(c)} at offset ${r.at}`);
};

export const asRows = (value: unknown, label: string): Rows => {
  if (!Array.isArray(value)) throw new Error(`${label}: not a list of rows`);
  return value.map((row, i) => {
    if (!Array.isArray(row) || row.some((cell) => typeof cell !== "string")) {
      throw new Error(`${label}: row ${i} is not a list of strings`);
    }
    return row as string[];
  });
};

export const csvRows = (csv: string): Rows => {
  const parsed = Papa.parse<string[]>(csv.replace(/\r\n/g, "\n").trimEnd(), { header: false });
  if (parsed.errors.length > 0) throw new Error(`CSV: ${parsed.errors[0]?.message}`);
  return parsed.data;
};
