// The router as main.ts and the process route use it (see config.ts for the wiring).
export { loadRoutingConfig, type RoutingConfig } from "./config";
export { createRouter } from "./router";
export * from "./types";
