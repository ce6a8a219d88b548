// The server-only client of the Routing Service. Swapping the upstream means
// swapping this folder; everything else sees the app's own types.
import "server-only";

export { getCategory, listAllCategories, listCategories } from "./categories";
export { processCall, processDocument, requestDocumentLink, requestUpload } from "./documents";
export { cancelJob, getJob } from "./jobs";
export type * from "./types";
