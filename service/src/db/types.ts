// Persistence the service needs across instances: grants, idempotency records, jobs.
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
  jobs: JobStore;
  /** The table-backed queue: used on SQLite; PostgreSQL queues with pg-boss. */
  queue: QueueTableStore;
  /** Which database it is, and its URL when PostgreSQL (pg-boss opens its own pool). */
  backend: { flavor: "sqlite" } | { flavor: "postgres"; url: string };
  /** For /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type JobState = "queued" | "running" | "succeeded" | "failed" | "cancelled";
export type CallbackState = "pending" | "delivered" | "failed";

/** A job as stored (service/src/jobs reads and runs it). Times are epoch ms. */
export interface JobRecord {
  id: string;
  owner: string;
  categoryId: string;
  batchId: string | null;
  position: number;
  status: JobState;
  traceId: string;
  /** JSON (jobs/types.ts, JobRequest). */
  request: string;
  unit: "page" | "document";
  pagesTotal: number;
  pagesDone: number;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  leaseOwner: string | null;
  leaseUntil: number | null;
  resultStatus: number | null;
  resultBody: string | null;
  callbackUrl: string | null;
  callbackStatus: CallbackState | null;
  callbackAttempts: number;
  callbackError: string | null;
}

export type NewJob = Pick<
  JobRecord,
  | "id"
  | "owner"
  | "categoryId"
  | "batchId"
  | "position"
  | "traceId"
  | "request"
  | "unit"
  | "pagesTotal"
  | "callbackUrl"
  | "createdAt"
>;

/** Enough of a job to queue a turn for it. */
export type JobRef = Pick<JobRecord, "id" | "owner" | "createdAt" | "position">;

export interface BatchRecord {
  id: string;
  owner: string;
  categoryId: string;
  createdAt: number;
}

/** A page a job has read, with what routing it cost. */
export interface JobPageRecord {
  number: number;
  /** JSON: the category's data for this page alone. */
  data: string;
  provider: string;
  cost: number;
  billed: number;
  failoverDepth: number;
  /** JSON: the attempts. */
  attempts: string;
  latencyMs: number;
}

/** An owner's unfinished jobs: held by a live turn, and waiting for one. */
export interface OwnerLoad {
  held: number;
  waiting: number;
}

/** How a held job ends. */
export interface JobOutcome {
  status: "succeeded" | "failed";
  resultStatus: number;
  resultBody: string;
  /** Pages done at the end, when it is not what was counted (a job routed whole). */
  pagesDone?: number;
}

export interface JobStore {
  /** Creates the jobs (and their batch) at once. */
  create(jobs: readonly NewJob[], batch?: BatchRecord): Promise<void>;
  /** The job, if `owner` (when given) made it. */
  find(id: string, owner?: string): Promise<JobRecord | undefined>;
  /** The batch and its jobs in document order, if `owner` made it. */
  findBatch(
    id: string,
    owner: string,
  ): Promise<{ batch: BatchRecord; jobs: JobRecord[] } | undefined>;
  /** The pages a job has read, in page order. */
  pages(jobId: string): Promise<JobPageRecord[]>;
  /** The numbers of the pages a job has read. */
  pageNumbers(jobId: string): Promise<number[]>;
  /**
   * Takes the job for a turn: sets the lease to `token` until now + leaseMs, unless it
   * is finished, cancelled or held by a live lease (then undefined).
   */
  claim(id: string, token: string, now: number, leaseMs: number): Promise<JobRecord | undefined>;
  /** Extends the lease; false when it was lost (the job was cancelled or taken over). */
  renew(id: string, token: string, now: number, leaseMs: number): Promise<boolean>;
  /** Lets go of the lease (the job waits for its next turn). */
  release(id: string, token: string): Promise<void>;
  /**
   * Keeps a page and counts it done, while `token` holds the lease; false when the lease
   * was lost (nothing kept). A page kept before is kept once.
   */
  savePage(id: string, token: string, page: JobPageRecord, now: number): Promise<boolean>;
  /** Raises the pages done of a job routed whole, while `token` holds the lease. */
  progress(id: string, token: string, pagesDone: number): Promise<void>;
  /** Ends a held job; false when the lease was lost (the answer is not kept). */
  finish(id: string, token: string, outcome: JobOutcome, now: number): Promise<boolean>;
  /** Cancels an unfinished job of `owner`; the job as it is afterwards, if it is theirs. */
  cancel(id: string, owner: string, now: number): Promise<JobRecord | undefined>;
  /** Unfinished jobs by owner, for fairness. */
  load(now: number): Promise<Map<string, OwnerLoad>>;
  /** How many unfinished jobs `owner` made before this one: its place in its owner's line. */
  ahead(owner: string, createdAt: number, position: number): Promise<number>;
  /** Unfinished jobs whose lease ran out: their turn died with its instance. */
  orphans(now: number, limit: number): Promise<JobRef[]>;
  /** Unfinished jobs no turn holds, oldest first. */
  waiting(limit: number): Promise<JobRef[]>;
  setCallback(
    id: string,
    state: { status: CallbackState; attempts: number; error: string | null },
  ): Promise<void>;
  /** Deletes jobs (with their pages) and batches finished before `before`. */
  purge(before: number): Promise<number>;
}

/** A row of the table-backed queue, as a taker sees it. */
export interface QueueMessage {
  id: string;
  queue: string;
  /** JSON. */
  data: string;
  retryCount: number;
}

export interface QueueSend {
  queue: string;
  /** JSON. */
  data: string;
  priority: number;
  singletonKey: string | null;
  startAfter: number;
  retryLimit: number;
  retryDelayMs: number;
  retryBackoff: boolean;
  expireMs: number;
}

/** The table-backed queue's rows (SQLite; jobs/table-queue.ts takes from it). */
export interface QueueTableStore {
  /** Adds a message; undefined when one with the same singleton key already waits. */
  send(message: QueueSend, now: number): Promise<string | undefined>;
  /** Takes the next due message of `queue` (highest priority, then oldest), atomically. */
  fetch(queue: string, now: number): Promise<QueueMessage | undefined>;
  complete(id: string, now: number): Promise<void>;
  /** Back to waiting after its retry delay, or failed once its retries are spent. */
  fail(id: string, error: string, now: number): Promise<void>;
  /** Active messages past their expiry fail (their taker died). */
  expire(now: number): Promise<number>;
  /** Deletes completed and failed messages older than `before`. */
  purge(before: number): Promise<void>;
}
