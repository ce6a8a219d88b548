// @ts-check
// pdfjs's worker (pages/pdf.ts): the thread that parses every PDF, as pdfjs
// does in a browser, so that parsing runs beside the service's event loop.
// Plain JavaScript, so it starts without a TypeScript loader.
//
// DecompressionStream is hidden from pdfjs here, and only here: pdfjs ≥ 5.4
// inflates every content stream and font through it when it exists, and Node
// 20's, a web stream around a zlib stream on the thread pool, is far slower a
// call than the same bytes inflated in place; pdfjs then inflates them
// itself, as it always has where the API is missing (bench/pdf-parse.ts,
// docs/performance-reading.md "Parsing PDFs"). The built-ins
// pdfjs's core-js replaces are put back, as in pdf.ts (loadPdfjs).
import { workerData } from "node:worker_threads";

Reflect.deleteProperty(globalThis, "DecompressionStream");
const { push } = Array.prototype;
const { stringify, parse } = JSON;
const { WorkerMessageHandler } = await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
Array.prototype.push = push;
Object.assign(JSON, { stringify, parse });
WorkerMessageHandler.initializeFromPort(workerData.port);
