// A port nothing listens on yet, for a server the caller starts next. Its own
// module, with no imports from the service, so the benches (bench/harness) and
// the fleet can take it without loading the service the way helpers.ts does.
import { createServer } from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
