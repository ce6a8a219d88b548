// Import rules, checked by `npm run lint:layers` (dependency-cruiser):
//   - no import circles between files;
//   - the Routing Service's folders (service/src) import one way, downward:
//     each layer may import the layers below it, never one above it nor a
//     neighbour in its own layer, so there are no circles between folders either;
//   - the service imports nothing of the app but what both programs share.
// `npm run docs:layers` draws the service's folders as a Mermaid graph.

/**
 * The layers of service/src, top to bottom. A name ending in a file extension is
 * a file at service/src's root; any other name is a folder. A module may import
 * modules in the layers below its own, and nothing else in service/src.
 */
const LAYERS = [
  ["main.ts"], // the entry point: configuration, then everything below, wired and closed
  ["config"], // the environment, read once: every variable, its limits and meaning
  ["app.ts", "registry.ts"], // the HTTP app; every provider, built and closed
  ["api"], // the URLs
  ["deps.ts", "providers/tables", "providers/invoices"], // what the API gets; table and invoice providers
  ["jobs"], // documents run in the background, page by page, through a durable queue
  ["run", "providers/text"], // one document's run; text-recognition providers
  ["http", "router", "storage"], // errors, auth, bodies; the router; uploads
  ["db", "catalog.ts"], // the database; the categories offered
  ["pages"], // PDF drawing, text layer, word sources
  ["engines"], // OCR engines and their pool
  // The interface every provider implements and what they share; page images made
  // easier to read; words laid out in lines and rows; the environment and metrics.
  [
    "providers/interface",
    "e-invoice-xml", // CII and UBL XML read into an invoice, with no page
    "preprocess",
    "layout",
    "settings.ts", // the shape of the server's, storage's and database's settings
    "metrics.ts",
    "openapi.ts",
    "catalog-quality.json",
  ],
  ["images.ts"], // sharp, loaded once with its cache off; a TIFF's signature
];

/** The only part of lib/ the service may import: what both programs share (lib/kernel/README.md). */
const SHARED_WITH_APP = ["lib/kernel"];

const SERVICE = "^service/src/";
/** A regular expression matching `text` as written. */
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A root file matches itself; a folder, everything under it. */
const modulePattern = (name) => (/\.[a-z]+$/.test(name) ? `${literal(name)}$` : `${name}/`);
/** Paths of any of the modules, the module's own part captured as $1. */
const anyOf = (names) => `${SERVICE}(${names.map(modulePattern).join("|")})`;

const layerRules = LAYERS.map((layer, index) => ({
  name: `layer-${layer
    .join("-")
    .replace(/\.[a-z]+/g, "")
    .replaceAll("/", "-")}`,
  comment: `${layer.join(", ")} may import only the layers below them (LAYERS in .dependency-cruiser.cjs)`,
  severity: "error",
  from: { path: anyOf(layer) },
  to: {
    // Up, or sideways to a neighbour; its own module ($1) is fine.
    path: anyOf([...LAYERS.slice(0, index).flat(), ...layer]),
    pathNot: `${SERVICE}$1`,
  },
}));

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import circles: a module must not depend on itself through others.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: "service-module-in-a-layer",
      comment: "Every module of service/src takes its place in LAYERS (.dependency-cruiser.cjs).",
      severity: "error",
      from: {},
      to: { path: SERVICE, pathNot: anyOf(LAYERS.flat()) },
    },
    {
      name: "service-not-to-app",
      comment: `The service imports of the app only what both programs share: ${SHARED_WITH_APP.join(", ")}.`,
      severity: "error",
      from: { path: "^service/" },
      to: {
        path: "^(app|components|lib)/",
        pathNot: `^(${SHARED_WITH_APP.map(literal).join("|")})(/|\\.[a-z]+$)`,
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|\\.next|\\.data)/" },
    // Type-only imports count: a layer must not even name the types of one above it.
    tsPreCompilationDeps: true,
    // Resolves the `@/*` path alias.
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    // Readable node names in `npm run docs:layers`.
    reporterOptions: { mermaid: { minify: false } },
  },
};
