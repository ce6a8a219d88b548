// Limits every layer that touches page images shares.

/**
 * No page is rasterised larger than this, whatever its size in points, and no image
 * larger is read (run/pages.ts refuses it before any engine sees it).
 */
export const MAX_PAGE_PIXELS = 40_000_000;
