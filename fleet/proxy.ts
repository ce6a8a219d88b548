// A small round-robin load balancer for the fleet test, as an operator would put in
// front of each program: every request goes to the next backend; a backend that
// refuses the connection (its process is gone) is skipped for the next one. A
// backend that dies after it took the request drops the client's connection, so
// the client sees exactly what it would through a real balancer: a lost connection,
// never a made-up answer.
import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

const MAX_BODY_BYTES = 1024 * 1024;
/** Hop-by-hop headers (RFC 9110 7.6.1): about one connection, never passed on. */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "te", "trailer", "upgrade"];

function endToEnd<T extends Record<string, unknown>>(headers: T): T {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

export interface RoundRobinProxy {
  url: string;
  /** Requests each backend answered, by index. */
  answered: number[];
  /** Points backend `index` at `url`: a backend (re)started on a port the system gave it. */
  setBackend(index: number, url: string): void;
  /** Requests passed on whose path starts with `prefix` and not yet answered. */
  waiting(prefix: string): number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error("request body over the proxy's limit");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A balancer over `backends`; more can be set (or moved) later with `setBackend`. */
export async function startRoundRobinProxy(
  initial: readonly string[] = [],
): Promise<RoundRobinProxy> {
  const backends = [...initial];
  const answered = backends.map(() => 0);
  const waitingPaths: string[] = [];
  let next = 0;

  const server = createServer(async (request, response) => {
    let body: Buffer;
    try {
      body = await readBody(request);
    } catch {
      response.writeHead(413).end();
      return;
    }
    const start = next++ % backends.length;
    const path = request.url ?? "/";
    waitingPaths.push(path);
    response.on("close", () => waitingPaths.splice(waitingPaths.indexOf(path), 1));
    for (let i = 0; i < backends.length; i++) {
      const index = (start + i) % backends.length;
      const target = new URL(request.url ?? "/", backends[index]);
      const refused = await new Promise<boolean>((resolve) => {
        const upstream = httpRequest(
          target,
          { method: request.method, headers: endToEnd(request.headers) },
          (answer) => {
            answered[index] = (answered[index] ?? 0) + 1;
            response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
            answer.pipe(response);
            answer.on("error", () => request.socket.destroy());
            answer.on("aborted", () => request.socket.destroy());
            resolve(false);
          },
        );
        upstream.on("error", (error: NodeJS.ErrnoException) => {
          if (error.code === "ECONNREFUSED") resolve(true);
          else {
            // It took the request and went away: the client loses its connection.
            request.socket.destroy();
            resolve(false);
          }
        });
        upstream.end(body);
      });
      if (!refused) return;
    }
    response.writeHead(502, { "Content-Type": "text/plain" }).end("no backend is up");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    setBackend(index, url) {
      backends[index] = url;
      answered[index] ??= 0;
    },
    waiting: (prefix) => waitingPaths.filter((path) => path.startsWith(prefix)).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
