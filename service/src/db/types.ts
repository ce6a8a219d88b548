// Persistence the service needs across instances: grants and idempotency records.
// SQLite by default, PostgreSQL when SERVICE_DATABASE_URL says so (same code).

export interface GrantRecord {
  objectKey: string;
  categoryId: string;
  /** Normalised (lower-case, no parameters) media type that was granted. */
  contentType: string;
  createdAt: Date;
  expiresAt: Date;
  /** Set by the storage once bytes arrived (embedded storage), or on first successful read (S3). */
  uploadedAt: Date | null;
  size: number | null;
  /**
   * sha256 of the API key that asked for the grant (http/auth.ts): only that key may
   * have the document back (POST /v1/documents/download). Null for grants made before
   * it was recorded.
   */
  apiKeyId: string | null;
}

export interface GrantStore {
  create(
    grant: Omit<GrantRecord, "uploadedAt" | "size" | "apiKeyId"> & { apiKeyId?: string | null },
  ): Promise<void>;
  find(objectKey: string): Promise<GrantRecord | undefined>;
  markUploaded(objectKey: string, size: number, at: Date): Promise<void>;
  /**
   * Up to `limit` keys of grants whose upload URL expired before `expiredBefore` and that
   * were either never used (no upload recorded) or created before `createdBefore`.
   */
  sweepable(expiredBefore: Date, createdBefore: Date, limit: number): Promise<string[]>;
  delete(objectKeys: readonly string[]): Promise<void>;
}

/** A stored response, replayed byte for byte. */
export interface StoredResponse {
  status: number;
  body: string;
}

export type IdempotencyClaim =
  | { kind: "claimed" }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "in_flight" }
  | { kind: "mismatch" };

export interface IdempotencyStore {
  /**
   * Atomically claims (scope, key) for a request whose body hashes to requestHash,
   * or reports what already holds it. Records older than the retention are ignored.
   */
  claim(scope: string, key: string, requestHash: string, now: Date): Promise<IdempotencyClaim>;
  complete(scope: string, key: string, response: StoredResponse): Promise<void>;
  /** Frees a claim whose request did not produce a response worth replaying. */
  release(scope: string, key: string): Promise<void>;
  /** Stops renewing the claims this process holds (the database is closing). */
  stopRenewing(): void;
}

export interface ServiceDb {
  grants: GrantStore;
  idempotency: IdempotencyStore;
  /** For /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
