import type { Availability } from "@/lib/routing/types";

// Outline glyphs (24×24, stroke) chosen from words in the slug; a plain page otherwise.
const GLYPHS: { match: RegExp; paths: string[] }[] = [
  {
    match: /invoice|receipt/,
    paths: ["M6 3h12v18l-3-2-3 2-3-2-3 2V3Z", "M9 8h6M9 12h6M9 16h3"],
  },
  {
    match: /table|spreadsheet/,
    paths: ["M4 5h16v14H4z", "M4 10h16M4 14.5h16M10 5v14"],
  },
  {
    match: /handwrit|sign/,
    paths: ["M4 20h16", "M14.5 4.5l5 5L9 20H4v-5L14.5 4.5Z"],
  },
  {
    match: /translat|language/,
    paths: ["M3 5h10M8 3v2M5 5c0 4 3 7 7 8", "M11 5c0 4-3 8-7 10", "M13 21l4-9 4 9M14.5 18h5"],
  },
  {
    match: /pdf|extract/,
    paths: ["M7 3h7l5 5v13H7z", "M14 3v5h5", "M10 13h6M10 17h6"],
  },
  {
    match: /recogn|ocr|text/,
    paths: ["M4 7V4h3M17 4h3v3M20 17v3h-3M7 20H4v-3", "M8 9h8M12 9v7"],
  },
];
const PAGE = ["M7 3h7l5 5v13H7z", "M14 3v5h5"];

const TONE: Record<Availability, string> = {
  active: "bg-indigo-50 text-indigo-600 ring-indigo-600/15",
  coming_soon: "bg-slate-100 text-slate-500 ring-slate-500/15",
  unavailable: "bg-slate-100 text-slate-500 ring-slate-500/15",
};

export function CategoryIcon({
  slug,
  availability,
  size = "size-11",
}: {
  slug: string;
  availability: Availability;
  size?: string;
}) {
  const paths = GLYPHS.find((g) => g.match.test(slug.toLowerCase()))?.paths ?? PAGE;
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-lg ring-1 ring-inset ${size} ${TONE[availability]}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-3/5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        aria-hidden="true"
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
