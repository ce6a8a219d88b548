// The HTML every rendered page is written in: one sheet of paper with its own
// margins, only fonts installed on the machine (no web fonts, nothing fetched).
import { execFileSync } from "node:child_process";
import { PAPER, type Paper } from "./browser";

/** The font families the rendered set draws with, and the Debian package of each. */
export const FONT_PACKAGES: Record<string, string> = {
  "Nimbus Sans": "fonts-urw-base35",
  "Nimbus Sans Narrow": "fonts-urw-base35",
  "Nimbus Roman": "fonts-urw-base35",
  "Nimbus Mono PS": "fonts-urw-base35",
  C059: "fonts-urw-base35",
  P052: "fonts-urw-base35",
  "URW Bookman": "fonts-urw-base35",
  "URW Gothic": "fonts-urw-base35",
  "Noto Sans": "fonts-noto-core",
  "Noto Serif": "fonts-noto-core",
  "Noto Sans Mono": "fonts-noto-mono",
  FreeSans: "fonts-freefont-ttf",
  FreeSerif: "fonts-freefont-ttf",
  FreeMono: "fonts-freefont-ttf",
  "DejaVu Sans Condensed": "fonts-dejavu-extra",
  "DejaVu Serif Condensed": "fonts-dejavu-extra",
  "Liberation Sans Narrow": "fonts-liberation",
};
export type Font = keyof typeof FONT_PACKAGES;

/** Families in which a page of prose is set; none is one the canvas generator draws with. */
export const SANS: Font[] = ["Nimbus Sans", "Noto Sans", "FreeSans", "URW Gothic"];
export const SERIF: Font[] = [
  "Nimbus Roman",
  "C059",
  "P052",
  "URW Bookman",
  "Noto Serif",
  "FreeSerif",
];
export const MONO: Font[] = ["Nimbus Mono PS", "FreeMono", "Noto Sans Mono"];
export const NARROW: Font[] = [
  "Nimbus Sans Narrow",
  "DejaVu Sans Condensed",
  "Liberation Sans Narrow",
];

/** Fails, naming the Debian packages to install, when a family the set uses is not installed. */
export function checkFonts(): void {
  const installed = new Set(
    execFileSync("fc-list", [":", "family"], { encoding: "utf8" })
      .split("\n")
      .flatMap((line) => line.split(","))
      .map((family) => family.trim()),
  );
  const missing = Object.keys(FONT_PACKAGES).filter((family) => !installed.has(family));
  if (missing.length > 0) {
    const packages = [...new Set(missing.map((family) => FONT_PACKAGES[family]))].join(" ");
    throw new Error(`fonts not installed: ${missing.join(", ")} (apt-get install ${packages})`);
  }
}

/** CSS that sets a face: the narrow cuts are found by Chromium only when asked for a condensed width. */
export const face = (font: Font): string =>
  `font-family: "${font}"${/Narrow|Condensed/.test(font) ? "; font-stretch: condensed" : ""}`;

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
};
export const esc = (text: string): string => text.replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c);

export interface SheetOptions {
  paper: Paper;
  font: Font;
  /** Base size in points. */
  size: number;
  /** Page margins (CSS lengths: top, right, bottom, left). */
  margin?: string;
  css?: string;
}

/** A whole document: one sheet of `paper`, its body the given HTML. */
export function sheet(body: string, options: SheetOptions): string {
  const [width, height] = PAPER[options.paper].css;
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>
@page { size: ${width} ${height}; margin: 0 }
* { box-sizing: border-box }
html, body { margin: 0; padding: 0; background: #fff }
body { color: #141414; ${face(options.font)}; font-size: ${options.size}pt; line-height: 1.3 }
.sheet { width: ${width}; height: ${height}; padding: ${options.margin ?? "18mm 20mm"}; overflow: hidden; position: relative }
p { margin: 0 0 0.7em }
h1, h2, h3 { margin: 0; font-weight: bold }
table { border-collapse: collapse }
${options.css ?? ""}
</style></head><body><div class="sheet">${body}</div></body></html>`;
}

/** A strip of paper as tall as its content (a till receipt), `width` CSS pixels wide. */
export function strip(body: string, options: { font: Font; size: number; css?: string }): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>
* { box-sizing: border-box }
html, body { margin: 0; padding: 0; background: #fff }
body { color: #1c1c1c; ${face(options.font)}; font-size: ${options.size}pt; line-height: 1.25 }
.strip { padding: 14px 14px 30px }
${options.css ?? ""}
</style></head><body><div class="strip">${body}</div></body></html>`;
}
