// The router as main.ts and the document runner use it.
export { createRouter } from "./router";
export * from "./types";
