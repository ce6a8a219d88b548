// The Routing Service interface (docs/routing-service-interface.md) as zod
// schemas, written once: the service validates requests and builds answers
// with them, OpenAPI is generated from them (service/src/openapi.ts), and the
// app parses answers with them on the server and in the browser.
//
// zod/mini: only the functions used are bundled, so the browser can take the
// same schemas (classic zod is one object, bundled whole). Answers
// are "loose" so a client stays tolerant of extra fields another service may
// add (INTERFACE.md, web app decisions); requests are checked as the service
// enforces them (./requests.ts). Each category's data has a file in ./data/.
// Browser code imports the file it needs rather than this index, so its
// bundle holds only the schemas it uses.
export * from "./catalog";
export * from "./data";
export * from "./documents";
export * from "./errors";
export * from "./jobs";
export { PAGING } from "./paging";
export * from "./requests";
export * from "./validation-error";
