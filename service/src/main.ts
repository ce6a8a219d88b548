// The Routing Service's entry point: config → database → storage → router → HTTP.
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/index";
import { createObjectStore } from "./storage/index";

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config.databaseUrl, config.dataDir);
  const store = await createObjectStore(config);
  const app = await buildApp({ config, db, store });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      app.log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    {
      storage: config.s3 ? `s3://${config.s3.bucket}` : config.dataDir,
      publicUrl: config.publicUrl,
    },
    "routing service ready",
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error("The routing service could not start:", error);
  }
  process.exit(1);
});
