// The config lint of deploy/: compose.yaml parses into the shape we rely on, every
// variable it reads is in deploy/.env.example and every secret is required, each
// instance's environment passes its program's own start-up checks (the same code
// that stops an instance at start), the instances share what they must, and every
// file the Dockerfiles and nginx.conf name exists. `docker compose config` is not
// needed (nor available in CI).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { parseEnv } from "@/lib/env";
import { sharedSettingsProblems } from "@/lib/settings/shared-settings";
import { loadConfig } from "../service/src/config";
import { loadProcessConfig } from "../service/src/process/config";
import { loadProviderConfig } from "../service/src/registry-config";
import { loadRoutingConfig } from "../service/src/routing/config";

const deployDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(deployDir, "..");
const read = (file: string) => readFileSync(path.join(deployDir, file), "utf8");

const composeSchema = z.object({
  name: z.string(),
  services: z.record(
    z.string(),
    z.object({
      image: z.string().optional(),
      build: z.object({ context: z.string(), dockerfile: z.string() }).optional(),
      deploy: z.object({ replicas: z.number().int().min(1) }).optional(),
      environment: z.record(z.string(), z.string()).optional(),
      depends_on: z
        .record(
          z.string(),
          z.object({
            condition: z.enum([
              "service_started",
              "service_healthy",
              "service_completed_successfully",
            ]),
          }),
        )
        .optional(),
      networks: z
        .union([
          z.array(z.string()),
          z.record(z.string(), z.object({ ipv4_address: z.string() }).nullable()),
        ])
        .optional(),
    }),
  ),
  networks: z.record(z.string(), z.unknown()),
  volumes: z.record(z.string(), z.unknown()).optional(),
});

const composeText = read("compose.yaml");
const compose = composeSchema.parse(parse(composeText, { merge: true }));
const service = (name: string) => {
  const found = compose.services[name];
  if (!found) throw new Error(`compose.yaml has no service ${name}`);
  return found;
};

/** Names and values of an .env.example (comments and blank lines skipped). */
const exampleNames = (text: string) =>
  text
    .split("\n")
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => line.slice(0, line.indexOf("=")));

const deployVariables = exampleNames(read(".env.example"));
// A value for each as an operator would set it: long enough for every length rule.
const operatorValues = Object.fromEntries(
  deployVariables.map((name) => [name, `${name.toLowerCase()}-0123456789abcdef0123456789`]),
);
operatorValues.S3_PUBLIC_URL = "https://files.example";
operatorValues.SUPPORT_ACCOUNTS = "";

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR:?message}, and $$ for a $. */
function interpolate(value: string, values: Record<string, string>): string {
  return value
    .replace(/\$\{([A-Z][A-Z0-9_]*)(?:(:-|:\?)([^}]*))?\}/g, (_m, name: string, op, rest) => {
      const set = values[name];
      if (set) return set;
      if (op === ":?") throw new Error(`${name}: ${rest}`);
      return op === ":-" ? rest : "";
    })
    .replace(/\$\$/g, "$");
}

const environmentOf = (name: string, values = operatorValues) =>
  Object.fromEntries(
    Object.entries(service(name).environment ?? {}).map(([k, v]) => [k, interpolate(v, values)]),
  );

const referenced = [...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]);

describe("deploy/compose.yaml", () => {
  it("reads only variables deploy/.env.example lists, and uses every one", () => {
    expect([...new Set(referenced)].sort()).toEqual([...deployVariables].sort());
  });

  it("requires every secret, so compose refuses to start without one", () => {
    for (const secret of [
      "DOCROUTE_API_KEY",
      "SESSION_SECRET",
      "POSTGRES_PASSWORD",
      "S3_ACCESS_KEY_ID",
      "S3_SECRET_ACCESS_KEY",
    ]) {
      const uses = [...composeText.matchAll(new RegExp(`\\$\\{${secret}([^}]*)\\}`, "g"))];
      expect(uses.length, secret).toBeGreaterThan(0);
      for (const use of uses) expect(use[1], secret).toMatch(/^:\?/);
      expect(() => interpolate(composeText, { ...operatorValues, [secret]: "" })).toThrow(secret);
    }
  });

  it("gives each service instance an environment its own start-up checks accept", () => {
    const env = environmentOf("service");
    const config = loadConfig(env);
    loadProcessConfig(env);
    loadRoutingConfig(env);
    loadProviderConfig(env);
    expect(config.databaseUrl).toMatch(/^postgres:\/\/docroute:.+@postgres:5432\/docroute$/);
    expect(config.redisUrl).toBe("redis://redis:6379/0");
    // The bucket the services use is the one the setup job creates.
    expect(composeText).toContain(`mc mb --ignore-existing store/${config.s3?.bucket}`);
    expect(config.s3?.endpoint).toBe("http://minio:9000");
    expect(config.s3?.publicEndpoint).toBe("https://files.example");
    expect(config.metrics).toEqual({ host: "0.0.0.0", port: 9464, key: undefined });
    expect(service("service").deploy?.replicas).toBeGreaterThan(1);
  });

  it("gives each app instance an environment its own start-up checks accept, sharing the service's key", () => {
    const env = environmentOf("app");
    expect(() => parseEnv(env)).not.toThrow();
    expect(sharedSettingsProblems(env)).toEqual([]);
    expect(loadConfig(environmentOf("service")).apiKeys).toContain(env.ROUTING_API_KEY);
    expect(env.DATABASE_URL).toBe(environmentOf("service").SERVICE_DATABASE_URL);
    expect(env.UPLOAD_ORIGINS).toBe(environmentOf("service").S3_PUBLIC_ENDPOINT);
    expect(env.ROUTING_API_URL).toBe("http://balancer:8000");
    expect(service("app").deploy?.replicas).toBeGreaterThan(1);
  });

  it("names only variables the product documents in .env.example", () => {
    const documented = new Set(exampleNames(readFileSync(path.join(root, ".env.example"), "utf8")));
    for (const name of ["service", "app"]) {
      for (const variable of Object.keys(service(name).environment ?? {})) {
        expect(documented.has(variable), `${name}: ${variable}`).toBe(true);
      }
    }
  });

  it("depends only on services it defines", () => {
    for (const [name, definition] of Object.entries(compose.services)) {
      for (const target of Object.keys(definition.depends_on ?? {})) {
        expect(Object.keys(compose.services), `${name} → ${target}`).toContain(target);
      }
    }
  });

  it("trusts forwarded addresses from the balancer only", () => {
    const networks = service("balancer").networks;
    const address =
      networks && !Array.isArray(networks) ? networks.docroute?.ipv4_address : undefined;
    expect(environmentOf("app").TRUSTED_PROXIES).toBe(address);
  });
});

describe("deploy/nginx.conf", () => {
  const conf = read("nginx.conf");

  it("balances over the compose services on the ports they listen on", () => {
    expect(conf).toMatch(/upstream app \{\s*server app:3000;\s*\}/);
    expect(conf).toMatch(/upstream service \{\s*server service:8000;\s*\}/);
    expect(conf).toMatch(/listen 8000;[\s\S]*proxy_pass http:\/\/service;/);
    expect(new URL(environmentOf("app").ROUTING_API_URL ?? "").port).toBe("8000");
  });
});

describe("deploy Dockerfiles", () => {
  for (const name of ["app", "service"]) {
    it(`${name}: the Dockerfile exists and everything it copies and runs is in the repository`, () => {
      const build = service(name).build;
      expect(build?.context).toBe("..");
      const file = path.join(root, build?.dockerfile ?? "");
      expect(existsSync(file)).toBe(true);
      const text = readFileSync(file, "utf8");
      for (const [, args] of text.matchAll(/^COPY (?!--from)(?:--\S+ )*(.+)$/gm)) {
        const sources = (args ?? "").split(/\s+/).slice(0, -1);
        for (const source of sources) {
          if (source === ".") continue;
          expect(existsSync(path.join(root, source)), `${name}: COPY ${source}`).toBe(true);
        }
      }
      const command = /^CMD \[(.+)\]$/m.exec(text)?.[1] ?? "";
      const script = JSON.parse(`[${command}]`).at(-1) as string;
      expect(existsSync(path.join(root, script)), `${name}: CMD ${script}`).toBe(true);
    });
  }
});
