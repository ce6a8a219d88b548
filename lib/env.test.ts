import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";

describe("parseEnv", () => {
  it("fills every default, and leaves the key unset rather than failing", () => {
    expect(parseEnv({})).toEqual({
      ROUTING_API_URL: "http://127.0.0.1:8000",
      ROUTING_API_KEY: undefined,
      ROUTING_TIMEOUT_MS: 10_000,
      ROUTING_PROCESS_TIMEOUT_MS: 130_000,
      COST_UNIT_LABEL: "USD",
      APP_RATE_LIMIT_PER_MINUTE: 600,
      BUYER_SERVICE_CALLS_PER_MINUTE: 120,
      TRUSTED_PROXIES: expect.anything(),
      REDIS_URL: undefined,
      UPLOAD_ORIGINS: ["http://localhost:8000", "http://127.0.0.1:8000"],
      DATABASE_URL: undefined,
      LEDGER_SQLITE_PATH: path.join(".data", "app", "ledger.sqlite"),
      LEDGER_RETENTION_DAYS: 30,
      SESSION_SECRET: undefined,
      SUPPORT_ACCOUNTS: new Map(),
      SUPPORT_SESSION_HOURS: 8,
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      OTEL_EXPORTER_OTLP_HEADERS: {},
    });
  });

  it("reads the trace collector's address and headers, never printing the headers", () => {
    const env = parseEnv({
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
      OTEL_EXPORTER_OTLP_HEADERS: "x-api-key=abc%3D1, tenant=shop",
    });
    expect(env.OTEL_EXPORTER_OTLP_ENDPOINT).toBe("http://collector:4318");
    expect(env.OTEL_EXPORTER_OTLP_HEADERS).toEqual({ "x-api-key": "abc=1", tenant: "shop" });
    expect(() =>
      parseEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: "grpc://collector",
        OTEL_EXPORTER_OTLP_HEADERS: "hunter2",
      }),
    ).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http\(s\) URL[\s\S]*OTEL_EXPORTER_OTLP_HEADERS: must be name=value pairs, comma-separated$/,
    );
    expect(() => parseEnv({ OTEL_EXPORTER_OTLP_HEADERS: "hunter2" })).not.toThrow(/hunter2/);
  });

  it("reports every bad variable at once, the ledger's and the sessions' too, never a secret", () => {
    let message = "";
    try {
      parseEnv({
        ROUTING_TIMEOUT_MS: "soon",
        LEDGER_RETENTION_DAYS: "0",
        SESSION_SECRET: "short-secret",
        SUPPORT_ACCOUNTS: "alice:hunter2",
        UPLOAD_ORIGINS: "ftp://files",
      });
    } catch (error) {
      message = String(error);
    }
    for (const name of [
      "ROUTING_TIMEOUT_MS",
      "LEDGER_RETENTION_DAYS",
      "SESSION_SECRET",
      "SUPPORT_ACCOUNTS",
      "UPLOAD_ORIGINS",
    ]) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain("short-secret");
    expect(message).not.toContain("hunter2");
  });

  it("refuses a rate limit that is not a count and a Redis URL of another scheme", () => {
    expect(() => parseEnv({ APP_RATE_LIMIT_PER_MINUTE: "-1" })).toThrow(
      /APP_RATE_LIMIT_PER_MINUTE/,
    );
    expect(() => parseEnv({ REDIS_URL: "http://cache:6379" })).toThrow(/REDIS_URL/);
    expect(parseEnv({ REDIS_URL: "redis://cache:6379/0" }).REDIS_URL).toBe("redis://cache:6379/0");
  });

  it("reads trusted proxies and names a bad one", () => {
    expect(parseEnv({ TRUSTED_PROXIES: "10.0.0.0/8" }).TRUSTED_PROXIES.check("10.2.3.4")).toBe(
      true,
    );
    expect(parseEnv({}).TRUSTED_PROXIES.check("127.0.0.1")).toBe(false);
    expect(() => parseEnv({ TRUSTED_PROXIES: "10.0.0.0/8, proxy" })).toThrow(
      /TRUSTED_PROXIES: "proxy" is not an IP address/,
    );
  });

  it("treats empty values as unset", () => {
    const env = parseEnv({ ROUTING_API_KEY: "  ", ROUTING_API_URL: "", COST_UNIT_LABEL: "" });
    expect(env.ROUTING_API_KEY).toBeUndefined();
    expect(env.ROUTING_API_URL).toBe("http://127.0.0.1:8000");
    expect(env.COST_UNIT_LABEL).toBe("USD");
  });

  it("reads numbers and labels", () => {
    const env = parseEnv({ ROUTING_TIMEOUT_MS: "2500", COST_UNIT_LABEL: "credits" });
    expect(env.ROUTING_TIMEOUT_MS).toBe(2500);
    expect(env.COST_UNIT_LABEL).toBe("credits");
  });

  it("names each bad variable, and never echoes the key", () => {
    expect(() =>
      parseEnv({
        ROUTING_API_URL: "ftp://example",
        ROUTING_TIMEOUT_MS: "soon",
        ROUTING_API_KEY: "s3cret-value",
      }),
    ).toThrowError(/ROUTING_API_URL[\s\S]*ROUTING_TIMEOUT_MS/);
    try {
      parseEnv({ ROUTING_API_URL: "nope", ROUTING_API_KEY: "s3cret-value" });
    } catch (error) {
      expect(String(error)).not.toContain("s3cret-value");
    }
  });
});
