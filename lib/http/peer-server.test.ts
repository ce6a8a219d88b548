import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { PEER_HEADER } from "./client-address";
import { createPeerServer } from "./peer-server";

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("createPeerServer", () => {
  it("tells the handler the socket's address, whatever header a client forged", async () => {
    const seen: (string | string[] | undefined)[] = [];
    const server = createPeerServer((request, response) => {
      seen.push(request.headers[PEER_HEADER]);
      response.end("ok");
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { [PEER_HEADER]: "6.6.6.6", "X-Forwarded-For": "7.7.7.7" },
    });
    expect(await response.text()).toBe("ok");
    expect(seen).toEqual(["127.0.0.1"]);
  });
});
