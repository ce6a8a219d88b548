// buildApp: the Routing Service's HTTP surface as a Fastify instance (not listening).
// main.ts opens what it needs and listens; tests build it with their own deps.
import cors from "@fastify/cors";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { connectRedis } from "@/lib/kernel/rate-limit";
import { categoryRoutes } from "./api/categories";
import { documentRoutes } from "./api/documents";
import { createJobRoutes } from "./api/jobs";
import { opsRoutes } from "./api/ops";
import { processRoutes } from "./api/process";
import { embeddedStorageRoutes } from "./api/storage";
import { uploadRoutes } from "./api/uploads";
import type { AppDeps } from "./deps";
import { createAuthHook } from "./http/auth";
import { useJsonBodies } from "./http/body";
import { frameworkErrors, installErrorHandling } from "./http/error-handler";
import { createRateLimitHook } from "./http/rate-limit";
import { genTraceId, traceRequests } from "./http/trace";
import { type Jobs, startJobs } from "./jobs";
import { httpDuration, httpRequests } from "./metrics";
import { isEmbeddedStore } from "./storage/embedded";

export type { AppDeps } from "./deps";

/** Query-string signatures are credentials too: they never reach the logs. */
function redactUrl(url: string): string {
  return url.replace(/([?&]signature=)[^&]*/gi, "$1[redacted]");
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: { paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]'], censor: "[redacted]" },
      serializers: {
        req: (req: {
          method: string;
          url: string;
          ip?: string;
          socket?: { remoteAddress?: string };
        }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip ?? req.socket?.remoteAddress,
        }),
      },
    },
    logController: new LogController({ requestIdLogLabel: "trace_id" }),
    genReqId: genTraceId,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // `/v1/categories/` is the same route as `/v1/categories`.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  });
  // First: its onRoute hook must see every route.
  traceRequests(app);

  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  installErrorHandling(app);

  await app.register(cors, {
    origin: [...config.corsOrigins],
    methods: ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"],
    exposedHeaders: [
      "ETag",
      "x-amz-checksum-crc32",
      "X-Request-Id",
      "Retry-After",
      "Location",
      "Preference-Applied",
    ],
    maxAge: 600,
  });

  await app.register(opsRoutes, deps);
  if (isEmbeddedStore(deps.store)) {
    await app.register(embeddedStorageRoutes, { store: deps.store, grants: deps.db.grants });
  }

  // Shared counters when REDIS_URL is set: N instances, one limit per key.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
  if (redis) app.addHook("onClose", async () => void (await redis.quit().catch(() => {})));
  const rateLimit = createRateLimitHook(config.rateLimitPerMinute, redis);
  const authenticate = createAuthHook(config.apiKeys);
  const jobs = await jobsOf(app, deps);
  await app.register(
    async (v1) => {
      useJsonBodies(v1);
      v1.addHook("onRequest", authenticate);
      v1.addHook("onRequest", rateLimit);
      await v1.register(categoryRoutes);
      await v1.register(uploadRoutes, deps);
      await v1.register(documentRoutes, deps);
      if (deps.runner) {
        await v1.register(processRoutes, { ...deps, jobs });
        if (jobs) await v1.register(createJobRoutes(jobs, deps.runner), deps);
      }
    },
    { prefix: "/v1" },
  );

  return app;
}

/** The jobs given, or those started from deps.jobsConfig (closed with the app). */
async function jobsOf(app: FastifyInstance, deps: AppDeps): Promise<Jobs | undefined> {
  if (deps.jobs) return deps.jobs;
  if (!deps.jobsConfig || !deps.runner) return undefined;
  const jobs = await startJobs({
    db: deps.db,
    store: deps.store,
    runner: deps.runner,
    config: deps.jobsConfig,
    log: app.log,
  });
  // Before the database closes (main.ts closes it after the app): the jobs in hand are
  // let go of for another instance.
  app.addHook("onClose", async () => jobs.close());
  return jobs;
}
