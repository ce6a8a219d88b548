// `npm start`'s web app: the production build served by Next's request handler
// behind lib/http/peer-server.ts, so the rate limits and the sign-in throttle
// see the socket's address (`next start` would let a client's own
// X-Forwarded-For stand). Listens on PORT, on every interface like `next start`.
import next from "next";
import { createPeerServer } from "../lib/http/peer-server";
import { root } from "./product-env";

const port = Number(process.env.PORT ?? 3000);
const app = next({ dev: false, dir: root, port });
await app.prepare();
const server = createPeerServer(app.getRequestHandler());
server.listen(port, () => console.log(`app ready on http://localhost:${port}`));
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
