// Outside /v1, no key: liveness, readiness, the OpenAPI document; Prometheus metrics
// behind METRICS_KEY unless they have a port of their own (api/metrics.ts).
import type { FastifyPluginAsync } from "fastify";
import type { AppDeps } from "../deps";
import { buildOpenApiDocument } from "../openapi";
import { metricsOnPublicPort, metricsRoutes } from "./metrics";

export const opsRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.get("/healthz", async () => ({ status: "ok" }));

  app.get("/readyz", async (request, reply) => {
    const checks: Record<string, string> = {};
    const probe = (name: string, check: () => Promise<void>) =>
      check().then(
        () => {
          checks[name] = "ok";
        },
        (error: unknown) => {
          request.log.warn({ err: error }, `readiness: ${name} unreachable`);
          checks[name] = "unreachable";
        },
      );
    await Promise.all([
      probe("database", () => deps.db.ping()),
      probe("storage", () => deps.store.check()),
    ]);
    const ready = Object.values(checks).every((v) => v === "ok");
    return reply.code(ready ? 200 : 503).send({ status: ready ? "ready" : "not_ready", checks });
  });

  const openApi = JSON.stringify(buildOpenApiDocument(deps.config.publicUrl));
  app.get("/openapi.json", async (_request, reply) =>
    reply.type("application/json; charset=utf-8").send(openApi),
  );

  if (metricsOnPublicPort(deps.config)) {
    await app.register(metricsRoutes, { key: deps.config.metrics.key });
  }
};
