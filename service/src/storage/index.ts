// The object store the configuration asks for: S3 when S3_BUCKET is set, else embedded.
import type { ServiceConfig } from "../settings";
import { EmbeddedStore, resolveSigningSecret } from "./embedded";
import { S3Store } from "./s3";
import type { ObjectStore } from "./types";

export async function createObjectStore(config: ServiceConfig): Promise<ObjectStore> {
  if (config.s3) return new S3Store(config.s3);
  const secret = await resolveSigningSecret(config.dataDir, config.uploadSigningSecret);
  const store = new EmbeddedStore(config.dataDir, config.publicUrl, secret);
  await store.init();
  return store;
}

export type { ObjectStore } from "./types";
