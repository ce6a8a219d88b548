// One place that turns whatever a handler threw into the answer the client sees.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors";

/** Fastify's own client errors (body too large, bad content length, …) keep their 4xx. */
function clientStatus(error: FastifyError): number | undefined {
  const status = error.statusCode;
  return status !== undefined && status >= 400 && status < 500 ? status : undefined;
}

const CLIENT_MESSAGES: Record<number, string> = {
  400: "Bad request",
  413: "Request body is too large",
  415: "Unsupported media type",
};

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body());
    }
    const status = clientStatus(error);
    if (status !== undefined) {
      request.log.info({ err: error }, "client error");
      return reply.code(status).send({ detail: CLIENT_MESSAGES[status] ?? error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    // Nothing from the error itself goes out: it may name files, hosts or variables.
    return reply.code(500).send({ detail: "Internal Server Error", trace_id: request.id });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: "Not Found" }));
}

/**
 * Errors Fastify meets before any route or hook (a path that is not valid
 * percent-encoding, `/storage/%ED%A0%80`): Fastify's option `frameworkErrors`,
 * so they answer in the same `{detail}` shape instead of Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = clientStatus(error) ?? 400;
  request.log.info({ err: error }, "client error");
  void reply.code(status).send({ detail: "The request URL is not valid" });
}
