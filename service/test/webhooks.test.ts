// Webhooks of finished jobs (INTERFACE.md, "Jobs"): delivered, signed so that the snippet
// INTERFACE.md documents verifies them (run here exactly as written there), retried, never
// redirected; callback_url refused for plain http, private, loopback (in production),
// link-local and unique-local addresses, whether written as such or resolved from a name,
// and at the connection itself when a name's answer changes (DNS rebinding).
import { readFile, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { jobSchema, validationErrorSchema } from "@/lib/kernel/contract";
import { addressProblem, checkCallbackUrl, type Resolver } from "../src/jobs/callback-url";
import { createWebhookSender, signWebhook } from "../src/jobs/webhook";
import { startService, type TestService } from "./helpers";
import {
  OTHER_KEY,
  pageReader,
  pagesPdf,
  pollJob,
  readersRouter,
  testJobsConfig,
  WEBHOOK_SECRET,
  waitFor,
} from "./job-helpers";
import { PDF, processPath, uploadBytes } from "./process-helpers";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server that records what it receives and answers with `answer`'s status. */
async function receiver(
  answer: (n: number) => { status: number; location?: string } = () => ({ status: 200 }),
) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const { status, location } = answer(received.length);
      response.writeHead(status, location ? { Location: location } : {});
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Verify = (body: string, header: string, secret: string, toleranceSeconds?: number) => boolean;

/** The verification snippet of docs/INTERFACE.md, as written there, loaded as a module. */
async function documentedVerify(): Promise<Verify> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const doc = await readFile(path.join(root, "docs/INTERFACE.md"), "utf8");
  const block =
    /<!-- webhook-verify:start -->\s*```js\n([\s\S]*?)```\s*<!-- webhook-verify:end -->/.exec(doc);
  if (!block?.[1]) throw new Error("docs/INTERFACE.md has no webhook-verify snippet");
  const file = path.join(tmpdir(), `verify-webhook-${process.pid}-${Date.now()}.mjs`);
  await writeFile(file, block[1]);
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
    verifyWebhook: Verify;
  };
  return module.verifyWebhook;
}

describe("webhooks", () => {
  let svc: TestService;
  const servers: { close: () => Promise<void> }[] = [];

  beforeAll(async () => {
    svc = await startService({
      router: readersRouter([pageReader("pages")]),
      jobsConfig: testJobsConfig({}, { maxAttempts: 3, retryMs: 1000 }),
    });
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  afterAll(async () => {
    await svc?.close();
  });

  async function submit(callbackUrl: string, key?: string) {
    const doc = await uploadBytes(svc, PDF, pagesPdf(2, "Hook"), "application/pdf");
    return svc.postJson(
      processPath(PDF),
      { input: { document: doc.s3_uri, mime_type: "application/pdf" }, callback_url: callbackUrl },
      key ? { key } : {},
    );
  }

  it("POSTs the finished job, signed so that the documented snippet verifies it", async () => {
    const hook = await receiver();
    servers.push(hook);
    const res = await submit(`${hook.url}/hooks/docroute`);
    // A callback_url alone makes the call a job.
    expect(res.status, await res.clone().text()).toBe(202);
    const { id } = jobSchema.parse(await res.json());

    const [delivery] = await waitFor(() => hook.received.length > 0 && hook.received);
    if (!delivery) throw new Error("no delivery");
    const sent = jobSchema.parse(JSON.parse(delivery.body));
    expect(sent).toMatchObject({ id, status: "succeeded", pages_done: 2 });
    expect(sent.data).toBeDefined();
    expect(sent.callback).toBeUndefined();
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.headers["webhook-id"]).toBe(id);

    const header = String(delivery.headers["webhook-signature"]);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const verifyWebhook = await documentedVerify();
    expect(verifyWebhook(delivery.body, header, WEBHOOK_SECRET)).toBe(true);
    expect(verifyWebhook(`${delivery.body} `, header, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhook(delivery.body, header, "another-secret-0123456789")).toBe(false);
    // An old signature is refused (a replay).
    const old = Math.floor(Date.now() / 1000) - 3600;
    expect(
      verifyWebhook(delivery.body, signWebhook(delivery.body, WEBHOOK_SECRET, old), WEBHOOK_SECRET),
    ).toBe(false);

    const job = await pollJob(svc, id, (j) => j.callback?.status === "delivered");
    expect(job.callback).toEqual({
      url: `${hook.url}/hooks/docroute`,
      status: "delivered",
      attempts: 1,
    });
  });

  it("tries again after a failed delivery", async () => {
    const hook = await receiver((n) => ({ status: n === 1 ? 503 : 204 }));
    servers.push(hook);
    const res = await submit(`${hook.url}/flaky`);
    const { id } = jobSchema.parse(await res.json());
    const job = await pollJob(svc, id, (j) => j.callback?.status === "delivered", 20_000);
    expect(job.callback?.attempts).toBe(2);
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1]?.body).toBe(hook.received[0]?.body);
  });

  it("does not follow a redirect, to a private address or anywhere", async () => {
    const inside = await receiver();
    const hook = await receiver(() => ({ status: 302, location: `${inside.url}/internal` }));
    servers.push(inside, hook);
    const res = await submit(`${hook.url}/moved`);
    const { id } = jobSchema.parse(await res.json());
    const job = await pollJob(svc, id, (j) => j.callback?.status === "failed");
    expect(job.callback?.error).toMatch(/answered 302 \(a redirect\); redirects are not followed/);
    // Not tried again: a redirect will not stop being one.
    expect(job.callback?.attempts).toBe(1);
    expect(hook.received).toHaveLength(1);
    expect(inside.received).toHaveLength(0);
  });

  async function refusal(callbackUrl: string, service = svc, key?: string): Promise<string> {
    const doc = await uploadBytes(service, PDF, pagesPdf(1), "application/pdf");
    const res = await service.postJson(
      processPath(PDF),
      { input: { document: doc.s3_uri, mime_type: "application/pdf" }, callback_url: callbackUrl },
      key ? { key } : {},
    );
    expect(res.status, await res.clone().text()).toBe(422);
    const [item] = validationErrorSchema.parse(await res.json()).detail;
    expect(item).toMatchObject({
      type: "value_error",
      loc: ["body", "callback_url"],
      input: callbackUrl,
    });
    return item?.msg ?? "";
  }

  it("refuses plain http to another machine, and private, link-local and unique-local addresses", async () => {
    expect(await refusal("http://example.com/hook")).toMatch(/must use https/);
    expect(await refusal("https://10.0.0.7/hook")).toMatch(/10\.0\.0\.7 is a private address/);
    expect(await refusal("https://192.168.1.20/hook")).toMatch(
      /192\.168\.1\.20 is a private address/,
    );
    expect(await refusal("https://172.20.0.1/hook")).toMatch(/private address/);
    expect(await refusal("https://169.254.169.254/latest/meta-data")).toMatch(/link-local/);
    expect(await refusal("https://[fd12:3456::1]/hook")).toMatch(/unique local/);
    expect(await refusal("https://[fc00::1]/hook")).toMatch(/unique local/);
    expect(await refusal("https://[fe80::1]/hook")).toMatch(/link-local/);
    expect(await refusal("https://[::ffff:10.0.0.1]/hook")).toMatch(/private address/);
    expect(await refusal("https://224.0.0.1/hook")).toMatch(/multicast/);
    expect(await refusal("https://user:secret@example.com/hook")).toMatch(/user name or password/);
    expect(await refusal("not a url")).toMatch(/not an absolute URL/);
    expect(await refusal("ftp://example.com/hook")).toMatch(/must use https/);
  });

  it("refuses a callback_url for a key that has no webhook secret", async () => {
    expect(await refusal("https://example.com/hook", svc, OTHER_KEY)).toMatch(/no webhook secret/);
  });

  it("refuses loopback addresses, by number or by name, in production", async () => {
    const production = await startService({
      router: readersRouter([pageReader("pages")]),
      jobsConfig: testJobsConfig({}, { allowLoopback: false }),
    });
    try {
      expect(await refusal("https://[::1]/hook", production)).toMatch(/::1 is a loopback address/);
      expect(await refusal("https://127.0.0.1/hook", production)).toMatch(/loopback/);
      expect(await refusal("https://localhost/hook", production)).toMatch(
        /loopback address \(localhost resolves to it\)/,
      );
      expect(await refusal("http://127.0.0.1:8080/hook", production)).toMatch(/must use https/);
    } finally {
      await production.close();
    }
  });
});

describe("callback addresses", () => {
  const production = { allowLoopback: false };

  it("checks every address of a name, not just the first", async () => {
    const resolve: Resolver = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.1.2.3", family: 4 },
    ];
    await expect(
      checkCallbackUrl("https://mixed.test/hook", { ...production, resolve }),
    ).rejects.toThrow(/10\.1\.2\.3 is a private address \(mixed\.test resolves to it\)/);
    const publicOnly: Resolver = async () => [{ address: "93.184.216.34", family: 4 }];
    await expect(
      checkCallbackUrl("https://public.test/hook", { ...production, resolve: publicOnly }),
    ).resolves.toBeInstanceOf(URL);
  });

  it("knows the special ranges, IPv4-mapped IPv6 included", () => {
    for (const address of [
      "10.0.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.1.1",
      "100.64.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "fc00::1",
      "fdff::1",
      "fe80::1",
      "ff02::1",
      "::",
      "::ffff:192.168.0.1",
      "::ffff:a00:1",
      "64:ff9b::a00:1",
      "127.0.0.1",
      "::1",
    ]) {
      expect(addressProblem(address, production), address).toBeDefined();
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "172.32.0.1"]) {
      expect(addressProblem(address, production), address).toBeUndefined();
    }
    expect(addressProblem("127.0.0.1", { allowLoopback: true })).toBeUndefined();
    expect(addressProblem("::1", { allowLoopback: true })).toBeUndefined();
  });

  it("connects to the address it checked when the name is looked up again (DNS rebinding)", async () => {
    let lookups = 0;
    // Public for the check, private for the connection.
    const rebinding: Resolver = async () =>
      ++lookups === 1
        ? [{ address: "93.184.216.34", family: 4 }]
        : [{ address: "10.0.0.1", family: 4 }];
    const sender = createWebhookSender({ allowLoopback: false, resolve: rebinding }, 2000);
    try {
      const delivery = await sender.deliver(
        "https://rebind.test/hook",
        "{}",
        WEBHOOK_SECRET,
        "job",
      );
      expect(delivery).toEqual({
        kind: "failed",
        retry: false,
        error: "callbacks may not go to 10.0.0.1 is a private address (rebind.test resolves to it)",
      });
      expect(lookups).toBe(2);
    } finally {
      await sender.close();
    }
  });

  it("sends through the connector's own lookup", async () => {
    const hook = await receiver();
    const asked: string[] = [];
    const named: Resolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const sender = createWebhookSender({ allowLoopback: true, resolve: named }, 2000);
    try {
      const port = new URL(hook.url).port;
      const url = `http://hooks.localhost:${port}/in`;
      const delivery = await sender.deliver(url, '{"a":1}', WEBHOOK_SECRET, "job-1");
      expect(delivery).toEqual({ kind: "delivered", status: 200 });
      expect(hook.received[0]?.body).toBe('{"a":1}');
      // Once to check the URL, once more by the connection itself.
      expect(asked).toEqual(["hooks.localhost", "hooks.localhost"]);
    } finally {
      await sender.close();
      await hook.close();
    }
  });
});
