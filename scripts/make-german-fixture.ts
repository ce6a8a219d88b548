// Writes fixtures/german-letter.png and its truth fixtures/german-letter.txt:
// a short German letter with every umlaut and ß, for the test that a `de` hint
// reads them. Run again with `npx tsx scripts/make-german-fixture.ts`; the same
// font gives the same image.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";

const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const LINES = [
  "Sehr geehrte Frau Müller,",
  "vielen Dank für Ihre Anfrage vom 12. März.",
  "Die Größe der Lieferung beträgt fünf Kartons;",
  "die Übergabe erfolgt spätestens am Dienstag.",
  "Bei Rückfragen erreichen Sie uns täglich.",
  "Mit freundlichen Grüßen, Jürgen Weiß",
];
const SIZE = 28;
const LINE_HEIGHT = 48;
const MARGIN = 40;

if (!GlobalFonts.registerFromPath(FONT, "DejaVu Sans")) {
  throw new Error(`${FONT} is missing: apt-get install fonts-dejavu-core`);
}
const canvas = createCanvas(1400, MARGIN * 2 + LINE_HEIGHT * LINES.length);
const context = canvas.getContext("2d");
context.fillStyle = "#ffffff";
context.fillRect(0, 0, canvas.width, canvas.height);
context.fillStyle = "#111111";
context.font = `${SIZE}px "DejaVu Sans"`;
context.textBaseline = "top";
LINES.forEach((line, i) => {
  context.fillText(line, MARGIN, MARGIN + i * LINE_HEIGHT);
});

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");
writeFileSync(path.join(fixtures, "german-letter.png"), canvas.toBuffer("image/png"));
writeFileSync(path.join(fixtures, "german-letter.txt"), `${LINES.join("\n")}\n`);
