// XML read safely for e-invoices: no DTD (a document that declares one is
// refused, so no entity can expand), a size limit, strict UTF-8/UTF-16/Latin-1
// decoding, and only the five predefined entities and character references
// decoded, once. Elements are looked up by their local name whatever their
// prefix (`ram:`, `cbc:`, none): producers choose their own prefixes.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { E_INVOICE_MAX_BYTES } from "./limits";

/** An element as the parser gives it: attributes (`@name`), text (`#text`), child lists. */
export interface XmlElement {
  readonly [key: string]: string | XmlElement[] | undefined;
}

export interface XmlRoot {
  /** Local name of the root element. */
  name: string;
  /** Its namespace URI ("" when it has none). */
  namespace: string;
  element: XmlElement;
}

/** The bytes are not XML this service reads; the message is safe to show. */
export class UnreadableXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnreadableXmlError";
  }
}

const TEXT = "#text";
const ATTRIBUTE = "@";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  textNodeName: TEXT,
  // Values stay text: "00123" is an invoice number, "1.50" is read by us.
  parseTagValue: false,
  parseAttributeValue: false,
  alwaysCreateTextNode: true,
  // Every element a list, so one line item and many read alike.
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  // Entities are decoded by `decode` below, once: no DTD entity, no double decoding.
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

const PREDEFINED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (whole, name) => {
    if (!name.startsWith("#")) return PREDEFINED[name] ?? whole;
    const code = name[1] === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The text of XML bytes: by their byte-order mark, else their declared encoding, else UTF-8. */
function decodeBytes(bytes: Uint8Array): string {
  const [a, b] = bytes;
  const label =
    a === 0xff && b === 0xfe
      ? "utf-16le"
      : a === 0xfe && b === 0xff
        ? "utf-16be"
        : (/^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
            new TextDecoder("latin1").decode(bytes.subarray(0, 200)),
          )?.[1] ?? "utf-8");
  const known = ["utf-8", "utf8", "utf-16le", "utf-16be", "iso-8859-1", "latin1", "windows-1252"];
  if (!known.includes(label.toLowerCase())) {
    throw new UnreadableXmlError(`its text encoding ${label} is not one this service reads`);
  }
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    throw new UnreadableXmlError(`its text is not valid ${label}`);
  }
}

const localName = (key: string) => key.slice(key.lastIndexOf(":") + 1);
const isElementKey = (key: string) => !key.startsWith(ATTRIBUTE) && key !== TEXT;

/** The root element of XML bytes; throws UnreadableXmlError (safe to show) when they are not XML it reads. */
export function parseXml(bytes: Uint8Array): XmlRoot {
  if (bytes.length > E_INVOICE_MAX_BYTES) {
    throw new UnreadableXmlError(
      `it has ${bytes.length} bytes, more than the ${E_INVOICE_MAX_BYTES} an e-invoice may have here`,
    );
  }
  const text = decodeBytes(bytes).replace(/^\uFEFF/, "");
  // No e-invoice syntax uses a DTD; refusing it rules out entity expansion and external files.
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new UnreadableXmlError("it declares a DTD, which e-invoices never do");
  }
  if (XMLValidator.validate(text) !== true)
    throw new UnreadableXmlError("it is not well-formed XML");
  let tree: XmlElement;
  try {
    tree = parser.parse(text) as XmlElement;
  } catch {
    throw new UnreadableXmlError("it is not well-formed XML");
  }
  const [key, ...others] = Object.keys(tree).filter(isElementKey);
  const roots = key ? tree[key] : undefined;
  const element = Array.isArray(roots) ? roots[0] : undefined;
  if (!key || !element || others.length > 0) {
    throw new UnreadableXmlError("it does not have one root element");
  }
  const prefix = key.includes(":") ? key.slice(0, key.indexOf(":")) : "";
  const declared = element[prefix ? `${ATTRIBUTE}xmlns:${prefix}` : `${ATTRIBUTE}xmlns`];
  return {
    name: localName(key),
    namespace: typeof declared === "string" ? declared : "",
    element,
  };
}

/** The child elements named `name` (any prefix), in document order as grouped by the parser. */
export function children(parent: XmlElement | undefined, name: string): XmlElement[] {
  if (!parent) return [];
  return Object.keys(parent)
    .filter((key) => isElementKey(key) && localName(key) === name)
    .flatMap((key) => {
      const value = parent[key];
      return Array.isArray(value) ? value : [];
    });
}

/** A step of a path: one local name, or several that mean the same in two versions of a syntax. */
export type Step = string | readonly string[];

/** Every element at the end of `path` below `parent`. */
export function all(parent: XmlElement | undefined, ...path: Step[]): XmlElement[] {
  let found = parent ? [parent] : [];
  for (const step of path) {
    const names = typeof step === "string" ? [step] : step;
    found = found.flatMap((el) => names.flatMap((name) => children(el, name)));
  }
  return found;
}

/** The first element at the end of `path`. */
export const first = (parent: XmlElement | undefined, ...path: Step[]): XmlElement | undefined =>
  all(parent, ...path)[0];

/** An element's text, decoded and trimmed; undefined when it is absent or empty. */
export function textOf(element: XmlElement | undefined): string | undefined {
  const value = element?.[TEXT];
  const text = typeof value === "string" ? decode(value).trim() : "";
  return text === "" ? undefined : text;
}

/** The text at the end of `path`. */
export const textAt = (parent: XmlElement | undefined, ...path: Step[]): string | undefined =>
  textOf(first(parent, ...path));

/** An attribute's value, decoded (any prefix on the attribute is not expected). */
export function attributeOf(element: XmlElement | undefined, name: string): string | undefined {
  const value = element?.[`${ATTRIBUTE}${name}`];
  return typeof value === "string" ? decode(value).trim() : undefined;
}

/**
 * Whether bytes start as XML does: after a byte-order mark and white space, `<?xml`
 * or an element (`<name`, `<!--`). The parser decides whether they are well-formed.
 */
export function looksLikeXml(bytes: Uint8Array): boolean {
  const [a, b] = bytes;
  if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) return true;
  const head = new TextDecoder("latin1")
    .decode(bytes.subarray(0, 64))
    .replace(/^\u00ef\u00bb\u00bf/, "");
  return /^\s*<(\?xml\s|!--|[A-Za-z_])/.test(head);
}
