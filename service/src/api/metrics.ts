// GET /metrics – Prometheus metrics, never open on the public port: either behind
// METRICS_KEY (`Authorization: Bearer <key>`) or on a listener of its own
// (METRICS_HOST:METRICS_PORT, meant for a private interface). With neither, the
// public port does not serve them at all.
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import { createKeyMatcher } from "../http/auth";
import { installErrorHandling } from "../http/error-handler";
import { HttpError } from "../http/errors";
import { metricsRegistry } from "../metrics";
import type { ServiceConfig } from "../settings";

export const METRICS_KEY_REQUIRED = "Metrics need Authorization: Bearer <METRICS_KEY>";

export const metricsRoutes: FastifyPluginAsync<{ key?: string }> = async (app, { key }) => {
  const match = key ? createKeyMatcher([key]) : undefined;
  app.get("/metrics", async (request, reply) => {
    if (match) {
      const header = request.headers.authorization ?? "";
      const given = /^Bearer (.+)$/i.exec(header)?.[1];
      if (!given || !match(given)) {
        throw new HttpError(401, METRICS_KEY_REQUIRED, {}, { "WWW-Authenticate": "Bearer" });
      }
    }
    const body = await metricsRegistry.metrics();
    return reply.type(metricsRegistry.contentType).send(body);
  });
};

/** Whether the public port serves /metrics: only behind the key, and only with no port of its own. */
export const metricsOnPublicPort = (config: ServiceConfig) =>
  config.metrics.port === undefined && config.metrics.key !== undefined;

/** The listener of METRICS_PORT (not listening yet); undefined when none is configured. */
export async function buildMetricsApp(config: ServiceConfig): Promise<FastifyInstance | undefined> {
  if (config.metrics.port === undefined) return undefined;
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  await app.register(metricsRoutes, { key: config.metrics.key });
  return app;
}
