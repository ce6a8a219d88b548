import type { Kysely, Selectable } from "kysely";
import type { Flavor } from "@/lib/kernel/database";
import { type Database, type GrantsTable, toMillis } from "./schema";
import { statement } from "./statements";
import type { GrantRecord, GrantStore } from "./types";

export function createGrantStore(db: Kysely<Database>, flavor: Flavor): GrantStore {
  // Run on every upload and process call: fixed SQL (statements.ts).
  const findGrant = statement<Selectable<GrantsTable>>(
    flavor,
    "select object_key, category_id, content_type, created_at, expires_at, uploaded_at, size, api_key_id from grants where object_key = ?",
  );
  const markGrantUploaded = statement(
    flavor,
    "update grants set uploaded_at = ?, size = ? where object_key = ?",
  );
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
          api_key_id: grant.apiKeyId ?? null,
        })
        .execute();
    },

    async find(objectKey) {
      const [row] = (await findGrant.run(db, [objectKey])).rows;
      if (!row) return undefined;
      const grant: GrantRecord = {
        objectKey: row.object_key,
        categoryId: row.category_id,
        contentType: row.content_type,
        createdAt: new Date(toMillis(row.created_at)),
        expiresAt: new Date(toMillis(row.expires_at)),
        uploadedAt: row.uploaded_at === null ? null : new Date(toMillis(row.uploaded_at)),
        size: row.size === null ? null : toMillis(row.size),
        apiKeyId: row.api_key_id ?? null,
      };
      return grant;
    },

    async markUploaded(objectKey, size, at) {
      await markGrantUploaded.run(db, [at.getTime(), size, objectKey]);
    },

    async sweepable(expiredBefore, createdBefore, limit) {
      const rows = await db
        .selectFrom("grants")
        .select("object_key")
        .where("expires_at", "<", expiredBefore.getTime())
        .where((eb) =>
          eb.or([eb("uploaded_at", "is", null), eb("created_at", "<", createdBefore.getTime())]),
        )
        .orderBy("expires_at")
        .limit(limit)
        .execute();
      return rows.map((row) => row.object_key);
    },

    async delete(objectKeys) {
      if (objectKeys.length === 0) return;
      await db.deleteFrom("grants").where("object_key", "in", objectKeys).execute();
    },
  };
}
