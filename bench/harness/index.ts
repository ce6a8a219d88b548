// What every benchmark shares, in one import (`from "./harness"`): where they
// run, the programs they start, how they measure, and how they report.
export { type BareReading, type BareTesseract, bareTesseract } from "./bare-tesseract";
export { buildBlank, startAppAndBlank, startBlank } from "./blank-app";
export {
  cpuMs,
  machineLoad,
  median,
  ownCpuMs,
  percentile,
  timed,
  timedWithStall,
} from "./measure";
export {
  freePort,
  grantUpload,
  putUpload,
  type ServiceGrant,
  startApp,
  startRealService,
  waitUntilAnswers,
} from "./processes";
export {
  benchArgs,
  docFigures,
  exitWith,
  markdownTable,
  sourcesTable,
  type Table,
  textTable,
  writeDocSection,
} from "./report";
export {
  BENCH_KEY,
  benchInput,
  chromiumArgs,
  chromiumPath,
  freshDataDir,
  hasBuild,
  OCR_CATEGORY,
  PDF_SOURCES,
  pdfsIn,
  root,
} from "./setup";
export { cerOf, missedText, scoreText, type TextScore, wordF1Of } from "./text-scores";
