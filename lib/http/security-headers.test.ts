import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, SECURITY_HEADERS } from "./security-headers";

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("contentSecurityPolicy", () => {
  const policy = contentSecurityPolicy({ nonce: "abc", uploadOrigins: ["http://127.0.0.1:8010"] });

  it("allows scripts only with the nonce, never inline or eval", () => {
    const scripts = directive(policy, "script-src");
    expect(scripts).toContain("'nonce-abc'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it("lets the browser PUT to the upload origin and nowhere else", () => {
    expect(directive(policy, "connect-src")).toEqual(["'self'", "http://127.0.0.1:8010"]);
  });

  it("forbids framing and plugins", () => {
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
  });

  it("adds eval and the websocket only in development", () => {
    const dev = contentSecurityPolicy({ nonce: "n", uploadOrigins: [], dev: true });
    expect(directive(dev, "script-src")).toContain("'unsafe-eval'");
    expect(directive(dev, "connect-src")).toContain("ws:");
  });
});

describe("createNonce", () => {
  it("is fresh base64 each time", () => {
    const a = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(a);
  });
});

describe("the API's headers (next.config.mjs, since proxy.ts skips /api)", () => {
  it("are the pages' fixed hardening headers, on every /api path", async () => {
    const file = pathToFileURL(path.resolve(__dirname, "../../next.config.mjs")).href;
    const config = (await import(/* @vite-ignore */ file)) as {
      API_SECURITY_HEADERS: Record<string, string>;
      default: {
        headers(): Promise<{ source: string; headers: { key: string; value: string }[] }[]>;
      };
    };
    expect(config.API_SECURITY_HEADERS).toEqual(SECURITY_HEADERS);
    const rules = await config.default.headers();
    const api = rules.find((rule) => rule.source === "/api/:path*");
    expect(Object.fromEntries(api?.headers.map((h) => [h.key, h.value]) ?? [])).toEqual(
      SECURITY_HEADERS,
    );
  });
});
