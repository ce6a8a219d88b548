// The service's environment: defaults, S3 mode, and start-up errors that name the variable.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONFIGURATION_PAGE, configurationPage } from "../../scripts/docs-config";
import { ConfigError, loadConfig, loadServiceConfig } from "../src/config";
import { envSchema } from "../src/config/schema";
import { listeningUrl } from "./listen-log";

const problems = (env: Record<string, string>) => {
  try {
    loadServiceConfig({ SERVICE_API_KEYS: "k", ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe("loadServiceConfig", () => {
  it("fills every default from one required variable", () => {
    const config = loadServiceConfig({ SERVICE_API_KEYS: "k" });
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 8000,
      apiKeys: ["k"],
      publicUrl: "http://localhost:8000",
      dataDir: path.resolve(".data/service"),
      databaseUrl: `sqlite:${path.resolve(".data/service/service.sqlite")}`,
      corsOrigins: ["http://localhost:3000", "http://127.0.0.1:3000"],
      uploadUrlTtlSeconds: 900,
      rateLimitPerMinute: 600,
      logLevel: "info",
    });
    expect(config.s3).toBeUndefined();
    expect(config.uploadSigningSecret).toBeUndefined();
  });

  it("reads lists, the public URL (without trailing slash) and the port it defaults from", () => {
    const config = loadServiceConfig({
      SERVICE_API_KEYS: " a , b,, c ",
      SERVICE_PORT: "8123",
      SERVICE_CORS_ORIGINS: "https://app.example",
      SERVICE_DATABASE_URL: "postgres://u:p@db/x",
      REDIS_URL: "redis://cache:6379/0",
      S3_BUCKET: "docs",
    });
    expect(config.apiKeys).toEqual(["a", "b", "c"]);
    expect(config.publicUrl).toBe("http://localhost:8123");
    expect(config.corsOrigins).toEqual(["https://app.example"]);
    expect(config.databaseUrl).toBe("postgres://u:p@db/x");
    expect(
      loadServiceConfig({ SERVICE_API_KEYS: "k", SERVICE_PUBLIC_URL: "https://files.example/" })
        .publicUrl,
    ).toBe("https://files.example");
  });

  it("switches to S3 mode when S3_BUCKET is set", () => {
    const config = loadServiceConfig({
      SERVICE_API_KEYS: "k",
      S3_BUCKET: "docs",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.s3).toEqual({
      bucket: "docs",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
    });
    expect(
      loadServiceConfig({ SERVICE_API_KEYS: "k", S3_BUCKET: "docs" }).s3?.credentials,
    ).toBeUndefined();
  });

  it("with a shared PostgreSQL database, requires what the instances must share", () => {
    const postgres = { SERVICE_DATABASE_URL: "postgres://u:p@db/x" };
    expect(problems(postgres)).toEqual([
      expect.stringMatching(/^REDIS_URL: must be set when SERVICE_DATABASE_URL is PostgreSQL/),
      expect.stringMatching(/^UPLOAD_SIGNING_SECRET: must be set when SERVICE_DATABASE_URL/),
    ]);
    expect(problems({ ...postgres, REDIS_URL: "redis://cache:6379/0", S3_BUCKET: "b" })).toEqual(
      [],
    );
    expect(
      problems({
        ...postgres,
        REDIS_URL: "redis://cache:6379/0",
        UPLOAD_SIGNING_SECRET: "s".repeat(16),
      }),
    ).toEqual([]);
    // SQLite is one instance's own: nothing more is needed.
    expect(problems({})).toEqual([]);
  });

  it("names every bad variable, and never echoes a secret", () => {
    expect(problems({ SERVICE_API_KEYS: "" })).toEqual([
      expect.stringMatching(/^SERVICE_API_KEYS: is required/),
    ]);
    const found = problems({
      SERVICE_PORT: "http",
      UPLOAD_URL_TTL_SECONDS: "0",
      RATE_LIMIT_PER_MINUTE: "-1",
      LOG_LEVEL: "loud",
      SERVICE_PUBLIC_URL: "ftp://x",
      S3_FORCE_PATH_STYLE: "maybe",
      UPLOAD_SIGNING_SECRET: "short-secret",
    });
    for (const name of [
      "SERVICE_PORT",
      "UPLOAD_URL_TTL_SECONDS",
      "RATE_LIMIT_PER_MINUTE",
      "LOG_LEVEL",
      "SERVICE_PUBLIC_URL",
      "S3_FORCE_PATH_STYLE",
      "UPLOAD_SIGNING_SECRET",
    ]) {
      expect(
        found.some((p) => p.startsWith(`${name}:`)),
        name,
      ).toBe(true);
    }
    expect(found.join("\n")).not.toContain("short-secret");
    expect(problems({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" })).toEqual([
      expect.stringContaining("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY"),
    ]);
  });
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The service as `npm run service` starts it: scripts/service.sh, its build on jemalloc. */
function runMain(env: Record<string, string>) {
  const child = spawn("sh", ["scripts/service.sh"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** jemalloc as scripts/service.sh finds it, when this machine has it (Debian: libjemalloc2). */
function jemallocInstalled(): boolean {
  const multiarch = existsSync("/usr/lib")
    ? readdirSync("/usr/lib").filter((dir) => dir.endsWith("-linux-gnu"))
    : [];
  return [
    ...multiarch.map((dir) => `/usr/lib/${dir}/libjemalloc.so.2`),
    "/usr/lib64/libjemalloc.so.2",
    "/usr/local/lib/libjemalloc.so.2",
  ].some((file) => existsSync(file));
}

/**
 * Starts the service on a port the system gives it (SERVICE_PORT=0, so no other process
 * can hold it first), learns the port from its log and asks it once; the caller ends it.
 */
async function serving(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "docroute-main-"));
  const run = runMain({
    SERVICE_API_KEYS: "main-key",
    SERVICE_PORT: "0",
    SERVICE_DATA_DIR: dataDir,
    ...env,
  });
  let url: string | undefined;
  for (let i = 0; i < 300 && url === undefined && run.child.exitCode === null; i++) {
    url = listeningUrl(run.output());
    if (url === undefined) await new Promise((r) => setTimeout(r, 100));
  }
  const res =
    url === undefined
      ? undefined
      : await fetch(`${url}/v1/categories?size=1`, {
          headers: { "X-API-Key": "main-key" },
        }).catch(() => undefined);
  const stop = async () => {
    run.child.kill("SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  };
  return { run, res, stop };
}

const allocatorOf = (pid: number | undefined) =>
  readFileSync(`/proc/${pid}/maps`, "utf8").includes("libjemalloc") ? "jemalloc" : "system";

describe("loadConfig: the whole environment, read once", () => {
  const everything = (env: Record<string, string>) => {
    try {
      loadConfig({ SERVICE_API_KEYS: "k", ...env });
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it("names the bad variables of every part at once", () => {
    const found = everything({
      WORK_CONCURRENCY: "0",
      ROUTING_EWMA_ALPHA: "2",
      OCR_PREPROCESS: "sharpen",
      JOB_POLL_MS: "10",
      UPLOAD_URL_TTL_SECONDS: "soon",
    });
    expect(found.map((line) => line.split(":")[0]).sort()).toEqual([
      "JOB_POLL_MS",
      "OCR_PREPROCESS",
      "ROUTING_EWMA_ALPHA",
      "UPLOAD_URL_TTL_SECONDS",
      "WORK_CONCURRENCY",
    ]);
  });

  it("exports traces only to a collector it is given, with its headers, never echoing them", () => {
    expect(loadConfig({ SERVICE_API_KEYS: "k" }).telemetry).toEqual({
      endpoint: undefined,
      headers: {},
      serviceName: "docroute-service",
    });
    const { telemetry } = loadConfig({
      SERVICE_API_KEYS: "k",
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/",
      OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer%20t0ken",
    });
    expect(telemetry.endpoint).toBe("http://collector:4318");
    expect(telemetry.headers).toEqual({ authorization: "Bearer t0ken" });
    const found = everything({
      OTEL_EXPORTER_OTLP_ENDPOINT: "collector",
      OTEL_EXPORTER_OTLP_HEADERS: "t0ken",
    });
    expect(found.map((line) => line.split(":")[0]).sort()).toEqual([
      "OTEL_EXPORTER_OTLP_ENDPOINT",
      "OTEL_EXPORTER_OTLP_HEADERS",
    ]);
    expect(found.join("\n")).not.toContain("t0ken");
  });

  it("reads PDF_DPI once: pages are drawn and costed at the same resolution", () => {
    const config = loadConfig({ SERVICE_API_KEYS: "k", PDF_DPI: "300" });
    expect(config.providers.pdfDpi).toBe(300);
    expect(config.run.pdfDpi).toBe(300);
  });

  it("has every variable in .env.example, the operator's starting point", () => {
    const example = readFileSync(path.join(root, ".env.example"), "utf8");
    const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const missing = Object.keys(envSchema.shape).filter((name) => !listed.has(name));
    expect(missing).toEqual([]);
  });

  it("is what docs/configuration.md lists (npm run docs:config writes it)", () => {
    const page = readFileSync(CONFIGURATION_PAGE, "utf8");
    expect(configurationPage(page)).toBe(page);
  });
});

describe("main.ts", () => {
  it("refuses to start on a bad environment, naming each variable", async () => {
    const run = runMain({ SERVICE_PORT: "eighty", WORK_CONCURRENCY: "many" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("SERVICE_PORT");
    expect(run.output()).toContain("SERVICE_API_KEYS");
    expect(run.output()).toContain("WORK_CONCURRENCY");
  });

  it("serves on jemalloc where it is installed, then shuts down cleanly on SIGTERM", async () => {
    const { run, res, stop } = await serving({});
    try {
      expect(res?.status, run.output()).toBe(200);
      // The shell became node (exec): the pid answering is the service's.
      expect(allocatorOf(run.child.pid)).toBe(jemallocInstalled() ? "jemalloc" : "system");
      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain("shutting down");
      expect(run.output()).not.toContain("main-key");
    } finally {
      await stop();
    }
  }, 60_000);

  it("runs on the system's allocator with SERVICE_ALLOCATOR=system", async () => {
    const { run, res, stop } = await serving({ SERVICE_ALLOCATOR: "system" });
    try {
      expect(res?.status, run.output()).toBe(200);
      expect(allocatorOf(run.child.pid)).toBe("system");
    } finally {
      await stop();
    }
  }, 60_000);
});
