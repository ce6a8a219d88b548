// The Routing Service's entry point: config → database → storage → router → HTTP and jobs.

import { startTracing } from "@/lib/kernel/tracing/sdk";
import { buildMetricsApp, metricsOnPublicPort } from "./api/metrics";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openServiceDb } from "./db/index";
import { closeAll, createProviders, engineReport } from "./registry";
import { createRouter } from "./router/index";
import { createDocumentRunner, idempotencyOptions } from "./run/runner";
import { createObjectStore } from "./storage/index";
import { startRetentionSweep, UNUSED_GRACE_MS } from "./storage/retention";

async function main(): Promise<void> {
  // The whole environment first: bad values stop the start before anything opens, all
  // of them named at once.
  const {
    service: config,
    run,
    routing,
    providers: providerConfig,
    jobs,
    telemetry,
  } = loadConfig();
  // Before anything makes a span; nothing is exported without OTEL_EXPORTER_OTLP_ENDPOINT.
  const tracing = startTracing(telemetry);

  const db = await openServiceDb(config.databaseUrl, config.dataDir, idempotencyOptions(run));
  const store = await createObjectStore(config);
  const providers = createProviders(providerConfig);
  const router = createRouter(routing, providers);
  const runner = createDocumentRunner({ router, grants: db.grants, store, config: run });
  // Jobs start with the app (a durable queue in the database) and stop with it.
  const app = await buildApp({ config, db, store, runner, jobsConfig: jobs });
  const engines = await engineReport(providers, providerConfig);
  app.log.info(
    { available: engines.available, pdfPages: engines.pdfPages, pdfText: engines.pdfText },
    "engines",
  );
  for (const { provider, requires } of engines.unavailable) {
    app.log.warn(
      `${provider} cannot run on this machine and is left out of routing${requires ? `: it needs ${requires}` : ""}`,
    );
  }
  const metricsApp = await buildMetricsApp(config);
  const retention = startRetentionSweep(
    db.grants,
    store,
    { retentionMs: config.uploadRetentionHours * 3600_000, unusedGraceMs: UNUSED_GRACE_MS },
    app.log,
  );

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
      await metricsApp?.close();
      await retention.stop();
      await closeAll(providers);
      await db.close();
      await tracing.shutdown();
    } finally {
      process.exit(0);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ host: config.host, port: config.port });
  await metricsApp?.listen({ host: config.metrics.host, port: config.metrics.port });
  app.log.info(
    {
      storage: config.s3 ? `s3://${config.s3.bucket}` : config.dataDir,
      publicUrl: config.publicUrl,
      metrics: metricsApp
        ? `http://${config.metrics.host}:${config.metrics.port}/metrics`
        : metricsOnPublicPort(config)
          ? "/metrics with Authorization: Bearer <METRICS_KEY>"
          : "off (set METRICS_KEY or METRICS_PORT)",
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
