// Builds the Routing Service into one ES module, service/dist/main.mjs (and its
// process launcher and PDF parsing thread, service/dist/launcher.mjs and
// pdf-worker.mjs), that plain
// `node` runs; scripts/service.sh builds it when a source is newer and runs it
// (`npm run service`, `npm start`, the image, the benches, the end-to-end and fleet
// tests). Run under tsx instead, the service held ~130 MiB more: tsx rewrites every
// module that holds a dynamic `import(` with a source map (pdf.js's two large files
// among them) and keeps both (docs/memory.md).
//
// Packages stay external, resolved from node_modules at run time as under tsx;
// the output sits inside the repository so that `createRequire(import.meta.url)`
// finds them. Not minified: stack traces name the service's own functions. Written
// to a temporary file and renamed, so that builds started side by side (two test
// servers, say) never leave a half-written file for a starting process.
//
//   npm run build:service
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";

const root = path.join(import.meta.dirname, "..");
const outdir = path.join(root, "service", "dist");
const result = buildSync({
  absWorkingDir: root,
  // The process launcher and the PDF parsing thread beside the service, where
  // service/src/engines/command.ts and pages/pdf.ts find them from the bundle as
  // from their sources: next to themselves.
  entryPoints: {
    main: "service/src/main.ts",
    launcher: "service/src/engines/launcher.mjs",
    "pdf-worker": "service/src/pages/pdf-worker.mjs",
  },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node24",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
  write: false,
});
mkdirSync(outdir, { recursive: true });
for (const file of result.outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
