// How a category's status literal reads to a person (INTERFACE.md, web app
// decisions). Services differ: "active" in any case is Active; the many ways
// of saying "not yet" are Coming soon; anything else keeps its own words,
// prettified, and is treated as not available. Only Active takes documents.
export type Availability = "active" | "coming_soon" | "unavailable";

export interface StatusView {
  availability: Availability;
  label: string;
}

const COMING_SOON = new Set([
  "coming soon",
  "coming",
  "soon",
  "upcoming",
  "preview",
  "in preview",
  "planned",
  "pre release",
  "prerelease",
  "not yet available",
]);

export function describeStatus(status: string): StatusView {
  const words = status
    .trim()
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[\s_\-.]+/g, " ")
    .toLowerCase();
  if (words === "active") return { availability: "active", label: "Active" };
  if (COMING_SOON.has(words)) return { availability: "coming_soon", label: "Coming soon" };
  if (!words) return { availability: "unavailable", label: "Unavailable" };
  const label = words.length > 32 ? `${words.slice(0, 31)}…` : words;
  return { availability: "unavailable", label: label[0]?.toUpperCase() + label.slice(1) };
}
