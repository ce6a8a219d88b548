// A real S3-compatible bucket for tests: s3rver in this process, on a free port, storing
// in a temp folder. `env` is what the service needs to use it (S3 mode).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const TEST_BUCKET = "docroute-test";
export const S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface TestBucket {
  endpoint: string;
  /** The service's S3 settings for this bucket; `extra` overrides or adds. */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

export async function startTestBucket(): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(tmpdir(), "docroute-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: (extra = {}) => ({
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_CREDENTIALS.secretAccessKey,
      ...extra,
    }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
