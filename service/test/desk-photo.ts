// A receipt photographed on a wooden desk, as real receipt samples come
// (Azure's): the photo pasted on white margins, the desk mid-grey with darker
// grain, the paper white at the top and in shadow (grey 120) at the bottom,
// dark print all the way down. The print's rows, on the photo, are LINES.
import { createCanvas } from "@napi-rs/canvas";

export const DESK_PHOTO = {
  width: 1200,
  height: 900,
  paper: { x0: 400, y0: 60, x1: 760, y1: 820 },
};
export const DESK_LINES = [
  "Contoso",
  "1 RUE DE LA DURANCE",
  "75012 PARIS FRANCE",
  "21-10-21 13:10:48",
  "1 GRAINE DE CHIA 3.00",
  "1 POKE 20.00",
  "TOTAL 21.00",
  "MERCI DE VOTRE VISITE",
];
/** The baseline of line i, in pixels. */
export const deskLineY = (i: number) => 130 + i * 88;

export function deskPhoto() {
  const { width, height, paper } = DESK_PHOTO;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  // The desk: grey 190, with grain a little darker every few rows.
  for (let y = 0; y < height; y++) {
    const v = 190 - (y % 7 < 2 ? 25 : 0);
    ctx.fillStyle = `rgb(${v},${v},${v})`;
    ctx.fillRect(260, y, 680, 1);
  }
  // The paper, lit at the top and in shadow at the bottom.
  const light = ctx.createLinearGradient(0, paper.y0, 0, paper.y1);
  light.addColorStop(0, "rgb(240,240,240)");
  light.addColorStop(1, "rgb(120,120,120)");
  ctx.fillStyle = light;
  ctx.fillRect(paper.x0, paper.y0, paper.x1 - paper.x0, paper.y1 - paper.y0);
  ctx.fillStyle = "#202020";
  ctx.font = '22px "DejaVu Sans"';
  for (const [i, line] of DESK_LINES.entries()) ctx.fillText(line, paper.x0 + 20, deskLineY(i));
  return canvas;
}
