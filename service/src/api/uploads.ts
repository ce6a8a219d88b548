// POST /v1/categories/:category_id/uploads – a short-lived signed PUT URL for one document.
import type { FastifyPluginAsync } from "fastify";
import { categoryPathSchema, type UploadGrant, uploadRequestSchema } from "@/lib/kernel/contract";
import {
  lessThanEqual,
  literalError,
  validationItem,
} from "@/lib/kernel/contract/validation-error";
import { maxBytesFor } from "../catalog";
import type { AppDeps } from "../deps";
import { requireCategory } from "../http/category";
import { unprocessable, validateRequest } from "../http/errors";
import { newObjectKey, normalizeContentType } from "../storage/keys";

export const uploadRoutes: FastifyPluginAsync<AppDeps> = async (app, { config, db, store }) => {
  app.post("/categories/:category_id/uploads", async (request): Promise<UploadGrant> => {
    const { path, body } = validateRequest(request, {
      path: categoryPathSchema,
      // Extra fields are ignored, as Pydantic does by default.
      body: uploadRequestSchema,
    });
    const category = requireCategory(path.category_id);

    const contentType = normalizeContentType(body.content_type);
    if (!category.accepts.includes(contentType)) {
      throw unprocessable([
        validationItem(["body", "content_type"], literalError(category.accepts), body.content_type),
      ]);
    }

    const maxBytes = maxBytesFor(category, contentType);
    if (body.content_length !== undefined && body.content_length > maxBytes) {
      throw unprocessable([
        validationItem(["body", "content_length"], lessThanEqual(maxBytes), body.content_length),
      ]);
    }

    const objectKey = newObjectKey(category.id, contentType);
    const ttl = config.uploadUrlTtlSeconds;
    const createdAt = new Date();
    // Recorded before the URL goes out, so storage and process always find the grant.
    await db.grants.create({
      objectKey,
      categoryId: category.id,
      contentType,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + ttl * 1000),
      // Only this key may have the document back (api/documents.ts).
      ...(request.apiKeyId ? { apiKeyId: request.apiKeyId } : {}),
    });
    return {
      expires_in: ttl,
      object_key: objectKey,
      s3_uri: `s3://${store.bucket}/${objectKey}`,
      upload_url: await store.presignPut(objectKey, contentType, ttl, body.content_length),
    };
  });
};
