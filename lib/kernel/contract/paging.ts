/** Paging of the category list as INTERFACE.md fixes it for this project's service. */
export const PAGING = { defaultPage: 1, defaultSize: 50, maxSize: 100 } as const;
