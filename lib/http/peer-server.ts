// The app's HTTP server for `npm start` (scripts/app-server.ts): Next's
// request handler behind a plain node:http server that writes the socket's
// address into PEER_HEADER on every request, over anything a client sent, so
// lib/http/client-address.ts knows who is really on the other end.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { PEER_HEADER } from "./client-address";

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => unknown;

export function createPeerServer(handle: RequestHandler): Server {
  return createServer((request, response) => {
    request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
    Promise.resolve(handle(request, response)).catch((error: unknown) => {
      console.error("[app] request failed:", error instanceof Error ? error.message : "unknown");
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
}
