// POST /v1/documents/download – our extension: a short-lived signed link that reads an
// upload back, for the API key that asked for its grant, while retention keeps it.
// Another key gets the same 404 as a key nobody granted, so a key learns nothing
// about other keys' uploads.
import type { FastifyPluginAsync } from "fastify";
import {
  DOCUMENT_LINK_TTL,
  type DocumentLink,
  documentLinkRequestSchema,
} from "@/lib/kernel/contract";
import type { AppDeps } from "../deps";
import { HttpError, notFound, validateRequest } from "../http/errors";

const HOUR_MS = 3_600_000;

export const documentRoutes: FastifyPluginAsync<AppDeps> = async (app, { config, db, store }) => {
  const retentionMs = config.uploadRetentionHours * HOUR_MS;
  const kept = `Uploads are kept for ${config.uploadRetentionHours} hours after their grant.`;

  app.post("/documents/download", async (request): Promise<DocumentLink> => {
    const { body } = validateRequest(request, { body: documentLinkRequestSchema });
    if (!store.presignGet) {
      throw new HttpError(501, "This service's storage cannot give documents back.");
    }
    const grant = await db.grants.find(body.object_key);
    if (!grant?.apiKeyId || grant.apiKeyId !== request.apiKeyId) {
      throw notFound(`No upload of this API key has that object key. ${kept}`);
    }
    const left = grant.createdAt.getTime() + retentionMs - Date.now();
    if (left <= 0) {
      // Between the end of retention and the sweep that deletes it (storage/retention.ts).
      throw new HttpError(410, `This document was deleted at the end of its retention. ${kept}`);
    }
    if (store.exists && !(await store.exists(body.object_key))) {
      throw notFound("Nothing was uploaded under that object key.");
    }
    // Never past retention: a link must not outlive the document it opens.
    const expiresIn = Math.max(
      1,
      Math.min(body.expires_in ?? DOCUMENT_LINK_TTL.default, Math.floor(left / 1000)),
    );
    return {
      url: await store.presignGet(body.object_key, grant.contentType, expiresIn),
      expires_in: expiresIn,
      content_type: grant.contentType,
    };
  });
};
