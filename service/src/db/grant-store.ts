import type { Kysely } from "kysely";
import { type Database, toMillis } from "./schema";
import type { GrantRecord, GrantStore } from "./types";

export function createGrantStore(db: Kysely<Database>): GrantStore {
  return {
    async create(grant) {
      await db
        .insertInto("grants")
        .values({
          object_key: grant.objectKey,
          category_id: grant.categoryId,
          content_type: grant.contentType,
          created_at: grant.createdAt.getTime(),
          expires_at: grant.expiresAt.getTime(),
          uploaded_at: null,
          size: null,
        })
        .execute();
    },

    async find(objectKey) {
      const row = await db
        .selectFrom("grants")
        .selectAll()
        .where("object_key", "=", objectKey)
        .executeTakeFirst();
      if (!row) return undefined;
      const grant: GrantRecord = {
        objectKey: row.object_key,
        categoryId: row.category_id,
        contentType: row.content_type,
        createdAt: new Date(toMillis(row.created_at)),
        expiresAt: new Date(toMillis(row.expires_at)),
        uploadedAt: row.uploaded_at === null ? null : new Date(toMillis(row.uploaded_at)),
        size: row.size === null ? null : toMillis(row.size),
      };
      return grant;
    },

    async markUploaded(objectKey, size, at) {
      await db
        .updateTable("grants")
        .set({ uploaded_at: at.getTime(), size })
        .where("object_key", "=", objectKey)
        .execute();
    },
  };
}
