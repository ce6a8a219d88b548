// The OpenAPI document, generated from the contract (lib/kernel/contract) with zod 4's
// JSON Schema conversion: request bodies are the schemas the service validates
// with, answers the ones clients parse with.
import * as z from "zod/mini";
import {
  attemptSchema,
  batchRequestSchema,
  batchSchema,
  categoryPageSchema,
  categorySchema,
  DOCUMENT_LINK_TTL,
  documentLinkRequestSchema,
  documentLinkSchema,
  errorBodySchema,
  idempotencyKeySchema,
  jobSchema,
  MAX_BATCH_DOCUMENTS,
  ocrDataSchema,
  PAGING,
  processInputSchema,
  processMetaSchema,
  processRequestSchema,
  processResultSchema,
  uploadGrantSchema,
  uploadRequestSchema,
  validationErrorItemSchema,
  validationErrorSchema,
} from "@/lib/kernel/contract";

const COMPONENTS = {
  Category: categorySchema,
  CategoryPage: categoryPageSchema,
  UploadRequest: uploadRequestSchema,
  UploadGrant: uploadGrantSchema,
  ProcessRequest: processRequestSchema,
  ProcessInput: processInputSchema,
  ProcessResult: processResultSchema,
  ProcessMeta: processMetaSchema,
  Attempt: attemptSchema,
  OcrData: ocrDataSchema,
  DocumentLinkRequest: documentLinkRequestSchema,
  DocumentLink: documentLinkSchema,
  ValidationErrorItem: validationErrorItemSchema,
  ValidationError: validationErrorSchema,
  ErrorBody: errorBodySchema,
  IdempotencyKey: idempotencyKeySchema,
  Job: jobSchema,
  BatchRequest: batchRequestSchema,
  Batch: batchSchema,
} as const;

type ComponentName = keyof typeof COMPONENTS;

function componentSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    // What a client may send; answers have no transforms, so both sides read the same.
    io: "input",
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _schema, $id: _id, ...rest } = schema as Record<string, unknown>;
      return [id, rest];
    }),
  );
}

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: ComponentName, description: string) => ({
  description,
  content: { "application/json": { schema: ref(name) } },
});

const ERRORS = {
  "401": json("ErrorBody", 'Missing or wrong X-API-Key: {"detail":"Invalid or missing API key"}'),
  "422": json("ValidationError", "Invalid request (FastAPI/Pydantic v2 shape)"),
  "429": json("ErrorBody", "Rate limit of the API key reached; see Retry-After"),
} as const;

const categoryIdParameter = {
  name: "category_id",
  in: "path",
  required: true,
  schema: { type: "string", format: "uuid" },
};

const uuidParameter = (name: string) => ({
  name,
  in: "path",
  required: true,
  schema: { type: "string", format: "uuid" },
});

const idempotencyKeyParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: "1–255 printable characters; the first answer is replayed for 24 h",
  schema: ref("IdempotencyKey"),
};

const ACCEPTED_HEADERS = {
  Location: {
    description: "Where the job (or batch) is read: /v1/jobs/{id} (/v1/batches/{id})",
    schema: { type: "string" },
  },
  "Preference-Applied": {
    description: "respond-async, when the request said Prefer: respond-async",
    schema: { type: "string" },
  },
};

/** What a callback_url receives (INTERFACE.md, "Jobs"). */
const JOB_CALLBACK = {
  finishedJob: {
    "{$request.body#/callback_url}": {
      post: {
        summary:
          'The finished job, as GET /v1/jobs/{id} shows it; Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>"> with the API key\'s webhook secret',
        parameters: [
          { name: "Webhook-Id", in: "header", required: true, schema: { type: "string" } },
          {
            name: "Webhook-Signature",
            in: "header",
            required: true,
            schema: { type: "string", pattern: "^t=\\d+,v1=[0-9a-f]{64}$" },
          },
        ],
        requestBody: { required: true, content: { "application/json": { schema: ref("Job") } } },
        responses: {
          "2XX": { description: "Delivered; anything else is retried, redirects are not followed" },
        },
      },
    },
  },
};

const CATEGORY_ERRORS = {
  "404": json("ErrorBody", 'No category has this id: {"detail":"Category not found"}'),
  "409": json("ErrorBody", "The category is coming soon and takes no documents yet"),
} as const;

export function buildOpenApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Document Processing Routing Service",
      version: "1.0.0",
      description:
        "Lists processing categories, grants short-lived upload URLs, and routes processing requests to the best provider with failover; long documents and batches run as jobs.",
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKeyAuth: [] }],
    paths: {
      "/v1/categories": {
        get: {
          operationId: "listCategories",
          summary: "List categories: active first, then coming soon, by name",
          parameters: [
            {
              name: "page",
              in: "query",
              required: false,
              schema: { type: "integer", minimum: 1, default: PAGING.defaultPage },
            },
            {
              name: "size",
              in: "query",
              required: false,
              schema: {
                type: "integer",
                minimum: 1,
                maximum: PAGING.maxSize,
                default: PAGING.defaultSize,
              },
            },
          ],
          responses: { "200": json("CategoryPage", "A page of categories"), ...ERRORS },
        },
      },
      "/v1/categories/{category_id}/uploads": {
        post: {
          operationId: "createUpload",
          summary: "Request a pre-signed upload URL (PUT the bytes with the granted Content-Type)",
          parameters: [categoryIdParameter],
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("UploadRequest") } },
          },
          responses: {
            "200": json("UploadGrant", "The grant; expires_in is in seconds"),
            ...CATEGORY_ERRORS,
            ...ERRORS,
          },
        },
      },
      "/v1/categories/{category_id}/process": {
        post: {
          operationId: "processDocument",
          summary: "Process an uploaded document; routed by weighted score with failover",
          description:
            "Answers 200 with the result, or 202 with a job (GET its Location) when the request says Prefer: respond-async, gives a callback_url, or the document is long (INTERFACE.md, Jobs).",
          parameters: [
            categoryIdParameter,
            idempotencyKeyParameter,
            {
              name: "Prefer",
              in: "header",
              required: false,
              description: "respond-async: answer 202 with a job at once (RFC 7240)",
              schema: { type: "string" },
            },
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("ProcessRequest") } },
          },
          callbacks: JOB_CALLBACK,
          responses: {
            "200": json("ProcessResult", "The result and the run's meta"),
            "202": {
              ...json("Job", "A job was made; read it at Location"),
              headers: ACCEPTED_HEADERS,
            },
            ...CATEGORY_ERRORS,
            "409": json(
              "ErrorBody",
              "Category coming soon, or a request with this Idempotency-Key is still running",
            ),
            ...ERRORS,
            "502": json("ErrorBody", "All providers failed (with attempts)"),
            "503": json("ErrorBody", "Work queue full; see Retry-After"),
            "504": json("ErrorBody", "Deadline exceeded (with attempts)"),
          },
        },
      },
      "/v1/categories/{category_id}/batches": {
        post: {
          operationId: "createBatch",
          summary: `Many documents (up to ${MAX_BATCH_DOCUMENTS}), each its own job`,
          parameters: [categoryIdParameter, idempotencyKeyParameter],
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("BatchRequest") } },
          },
          callbacks: JOB_CALLBACK,
          responses: {
            "202": { ...json("Batch", "The batch and its jobs"), headers: ACCEPTED_HEADERS },
            ...CATEGORY_ERRORS,
            ...ERRORS,
          },
        },
      },
      "/v1/batches/{batch_id}": {
        get: {
          operationId: "getBatch",
          summary: "A batch: its jobs by status and in document order (without their data)",
          parameters: [uuidParameter("batch_id")],
          responses: {
            "200": json("Batch", "The batch"),
            "404": json("ErrorBody", "No batch of this API key has this id"),
            ...ERRORS,
          },
        },
      },
      "/v1/jobs/{job_id}": {
        get: {
          operationId: "getJob",
          summary: "A job: status, progress, the pages read so far; once succeeded, data and meta",
          parameters: [uuidParameter("job_id")],
          responses: {
            "200": json("Job", "The job"),
            "404": json(
              "ErrorBody",
              'No job of this API key has this id: {"detail":"Job not found"}',
            ),
            ...ERRORS,
          },
        },
        delete: {
          operationId: "cancelJob",
          summary: "Cancels an unfinished job",
          parameters: [uuidParameter("job_id")],
          responses: {
            "200": json("Job", "The job, cancelled"),
            "404": json("ErrorBody", "No job of this API key has this id"),
            "409": json("ErrorBody", "The job has already succeeded or failed"),
            ...ERRORS,
          },
        },
      },
      "/v1/documents/download": {
        post: {
          operationId: "documentLink",
          summary:
            "Extension: a short-lived signed GET URL of an upload this API key was granted, while retention keeps it",
          description: `Not part of the seed interface; a client must work without it. expires_in is in seconds (default ${DOCUMENT_LINK_TTL.default}, at most ${DOCUMENT_LINK_TTL.max}) and never runs past the upload's retention. The URL answers the document inline with its granted Content-Type; after expiry it answers 403 (S3's AccessDenied "Request has expired").`,
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("DocumentLinkRequest") } },
          },
          responses: {
            "200": json(
              "DocumentLink",
              "The link, its lifetime in seconds and the document's type",
            ),
            "404": json(
              "ErrorBody",
              "No upload of this API key has that object key (another key's, never granted, or deleted), or nothing was uploaded",
            ),
            "410": json("ErrorBody", "The upload's retention has ended; it is being deleted"),
            "501": json("ErrorBody", "The storage cannot give documents back"),
            ...ERRORS,
          },
        },
      },
    },
    components: {
      securitySchemes: { apiKeyAuth: { type: "apiKey", in: "header", name: "X-API-Key" } },
      schemas: componentSchemas(),
    },
  };
}
