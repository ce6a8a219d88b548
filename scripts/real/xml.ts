// A small XML reader for the truths of the real e-invoices. It is written
// here, not taken from the service, so that the truth does not share a bug
// with the reader it judges. It knows elements, attributes, text, CDATA,
// comments, processing instructions and the five predefined entities plus
// numeric ones: enough for CII, UBL and ZUGFeRD 1 files.

export interface XmlElement {
  /** The local name, without its namespace prefix. */
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

const decode = (raw: string) =>
  raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.startsWith("#x")) return String.fromCodePoint(Number.parseInt(body.slice(2), 16));
    if (body.startsWith("#")) return String.fromCodePoint(Number.parseInt(body.slice(1), 10));
    return ENTITIES[body] ?? whole;
  });

const localName = (qualified: string) => qualified.slice(qualified.indexOf(":") + 1);

export const parseXml = (source: string): XmlElement => {
  const root: XmlElement = { name: "#document", attributes: {}, children: [], text: "" };
  const stack: XmlElement[] = [root];
  const current = () => stack[stack.length - 1] ?? root;
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf("<", at);
    if (open === -1) break;
    if (open > at) current().text += decode(source.slice(at, open));
    if (source.startsWith("<!--", open)) {
      at = source.indexOf("-->", open) + 3;
    } else if (source.startsWith("<![CDATA[", open)) {
      const end = source.indexOf("]]>", open);
      current().text += source.slice(open + 9, end);
      at = end + 3;
    } else if (source.startsWith("<?", open)) {
      at = source.indexOf("?>", open) + 2;
    } else if (source.startsWith("<!", open)) {
      at = source.indexOf(">", open) + 1;
    } else if (source.startsWith("</", open)) {
      stack.pop();
      at = source.indexOf(">", open) + 1;
    } else {
      const close = findTagEnd(source, open);
      const selfClosing = source[close - 1] === "/";
      const inside = source.slice(open + 1, selfClosing ? close - 1 : close);
      const nameMatch = /^[^\s/>]+/.exec(inside);
      const name = nameMatch ? nameMatch[0] : "";
      const attributes: Record<string, string> = {};
      for (const m of inside
        .slice(name.length)
        .matchAll(/([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
        const key = m[1];
        if (key) attributes[localName(key)] = decode(m[3] ?? m[4] ?? "");
      }
      const element: XmlElement = { name: localName(name), attributes, children: [], text: "" };
      current().children.push(element);
      if (!selfClosing) stack.push(element);
      at = close + 1;
    }
    if (at <= open) throw new Error(`XML: cannot read past offset ${open}`);
  }
  const [top] = root.children;
  if (!top) throw new Error("XML: no root element");
  return top;
};

/** The index of the `>` that ends the tag opened at `open`, quotes respected. */
const findTagEnd = (source: string, open: number) => {
  let quote = "";
  for (let i = open + 1; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === ">") {
      return i;
    }
  }
  throw new Error("XML: unclosed tag");
};

/** Children by a path of local names; `*` is not supported on purpose: paths are exact. */
export const all = (element: XmlElement | undefined, ...path: string[]): XmlElement[] => {
  let level: XmlElement[] = element ? [element] : [];
  for (const step of path) level = level.flatMap((e) => e.children.filter((c) => c.name === step));
  return level;
};

export const first = (element: XmlElement | undefined, ...path: string[]) =>
  all(element, ...path)[0];

/** The trimmed text at a path, or undefined when the element is missing or empty. */
export const textAt = (element: XmlElement | undefined, ...path: string[]) => {
  const found = first(element, ...path);
  const text = found?.text.trim();
  return text ? text : undefined;
};
