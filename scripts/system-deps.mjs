// What the tests need from the machine besides npm packages: a Chromium for
// Playwright, native Tesseract with its language data and Poppler for the providers,
// a PostgreSQL server for the PostgreSQL paths and a Redis server for shared rate
// limits and the fleet test. Installs what is missing where it can
// (Debian's apt when root), else stops with a message naming what to install.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

const isRoot = process.getuid?.() === 0;
let aptUpdated = false;

function has(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

function aptInstall(packages) {
  if (!isRoot || !has("apt-get")) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (!aptUpdated) {
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    aptUpdated = true;
  }
  return (
    spawnSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env })
      .status === 0
  );
}

function fail(message) {
  console.error(`\n✗ ${message}\n`);
  process.exit(1);
}

/** A command from a Debian package, installed when missing. */
export function ensureCommand(command, aptPackage) {
  if (has(command)) return;
  console.log(`• ${command} not found: installing ${aptPackage} with apt-get…`);
  if (!aptInstall([aptPackage]) || !has(command)) {
    fail(`${command} is required. Install it with: sudo apt-get install -y ${aptPackage}`);
  }
}

/**
 * jemalloc (Debian: libjemalloc2), which scripts/service.sh preloads into the service
 * (docs/memory.md): installed when missing and possible; without it the service runs
 * on glibc's allocator, so its absence stops nothing.
 */
export function ensureJemalloc() {
  const found = () =>
    spawnSync(
      "sh",
      [
        "-c",
        'for f in /usr/lib/*-linux-gnu/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2; do [ -e "$f" ] && exit 0; done; exit 1',
      ],
      { stdio: "ignore" },
    ).status === 0;
  if (found()) return;
  console.log("• jemalloc not found: installing libjemalloc2 with apt-get…");
  if (!aptInstall(["libjemalloc2"]) || !found())
    console.log(
      "• jemalloc is not installed: the service runs on glibc's allocator (docs/memory.md)",
    );
}

/**
 * Tesseract's data for each language text recognition offers (Tesseract codes,
 * e.g. "deu"; service/src/engines/language.ts lists them as OCR_LANGUAGES),
 * from Debian's tesseract-ocr-<code> packages, installed when missing.
 */
export const TESSERACT_LANGUAGES = [
  "afr",
  "aze",
  "bos",
  "cat",
  "ces",
  "cym",
  "dan",
  "deu",
  "epo",
  "eng",
  "est",
  "eus",
  "fin",
  "fra",
  "gle",
  "glg",
  "hat",
  "hrv",
  "hun",
  "ind",
  "isl",
  "ita",
  "jav",
  "lat",
  "lav",
  "lit",
  "ltz",
  "mlt",
  "mri",
  "msa",
  "nld",
  "nor",
  "pol",
  "por",
  "que",
  "ron",
  "slk",
  "slv",
  "spa",
  "sqi",
  "sun",
  "swa",
  "swe",
  "tur",
  "uzb",
  "vie",
  "yor",
];

export function ensureTesseractLanguages() {
  const installed = () =>
    new Set(
      spawnSync("tesseract", ["--list-langs"], { encoding: "utf8" })
        .stdout.split("\n")
        .map((line) => line.trim()),
    );
  const missing = () => TESSERACT_LANGUAGES.filter((code) => !installed().has(code));
  const packages = missing().map((code) => `tesseract-ocr-${code}`);
  if (packages.length === 0) return;
  console.log(`• Tesseract language data missing: installing ${packages.join(" ")} with apt-get…`);
  if (!aptInstall(packages) || missing().length > 0) {
    fail(
      `Tesseract's language data is required. Install it with: sudo apt-get install -y ${packages.join(" ")}`,
    );
  }
}

const CHROMIUM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** Sets CHROMIUM_PATH for playwright.config.ts, installing a Chromium when none is found. */
export function ensureChromium() {
  const found = () =>
    [process.env.CHROMIUM_PATH, ...CHROMIUM_PATHS].find((p) => p && existsSync(p));
  let path = found();
  if (!path) {
    console.log("• No Chromium found: trying Playwright's own download…");
    const own = spawnSync("npx", ["playwright", "install", "chromium"], {
      stdio: "inherit",
      timeout: 180_000,
    });
    if (own.status === 0) return; // Playwright finds its own browser without CHROMIUM_PATH.
    console.log("• Playwright's download is not possible here: trying apt-get install chromium…");
    aptInstall(["chromium"]);
    path = found();
  }
  if (!path)
    fail(
      "A Chromium is required for the end-to-end tests. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)",
    );
  process.env.CHROMIUM_PATH = path;
}

const LOCAL_PG = "postgres://docroute:docroute@127.0.0.1:5432/docroute_test";

function pgAnswers(url) {
  return (
    spawnSync("psql", [url, "-tAc", "select 1"], { stdio: "ignore", timeout: 10_000 }).status === 0
  );
}

function asPostgres(sql) {
  return execFileSync("runuser", ["-u", "postgres", "--", "psql", "-tAc", sql], {
    encoding: "utf8",
  }).trim();
}

/**
 * Sets TEST_DATABASE_URL to a PostgreSQL server: the one given, else a local
 * server (started, with a test role and database, when root). Returns false
 * when there is none; in CI that is a failure.
 */
export function ensurePostgres() {
  if (process.env.TEST_DATABASE_URL) return true;
  if (has("psql") && pgAnswers(LOCAL_PG)) {
    process.env.TEST_DATABASE_URL = LOCAL_PG;
    return true;
  }
  if (isRoot) {
    if (!existsSync("/usr/lib/postgresql")) aptInstall(["postgresql"]);
    const versions = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql") : [];
    const version = versions.sort().at(-1);
    if (version && has("pg_ctlcluster")) {
      spawnSync("pg_ctlcluster", [version, "main", "start"], { stdio: "inherit" });
      if (asPostgres("select 1 from pg_roles where rolname = 'docroute'") !== "1") {
        asPostgres("create role docroute login password 'docroute' createdb");
      }
      if (asPostgres("select 1 from pg_database where datname = 'docroute_test'") !== "1") {
        asPostgres("create database docroute_test owner docroute");
      }
      if (pgAnswers(LOCAL_PG)) {
        process.env.TEST_DATABASE_URL = LOCAL_PG;
        return true;
      }
    }
  }
  const message =
    "No PostgreSQL server for the PostgreSQL tests. Set TEST_DATABASE_URL, or install one: sudo apt-get install -y postgresql";
  if (process.env.CI) fail(message);
  console.warn(`! ${message} — those tests are skipped.`);
  return false;
}

const LOCAL_REDIS = "redis://127.0.0.1:6379/0";

function redisAnswers(url) {
  return (
    spawnSync("redis-cli", ["-u", url, "ping"], {
      encoding: "utf8",
      timeout: 5_000,
    }).stdout?.trim() === "PONG"
  );
}

/**
 * Sets TEST_REDIS_URL to a Redis server (shared rate limits, the fleet test): the one
 * given, else a local one, installed (redis-server) and started when root. Returns
 * false when there is none; in CI that is a failure.
 */
export function ensureRedis() {
  if (process.env.TEST_REDIS_URL) return true;
  if (!has("redis-server")) aptInstall(["redis-server"]);
  if (has("redis-cli") && !redisAnswers(LOCAL_REDIS) && has("redis-server") && isRoot) {
    spawnSync("redis-server", ["--daemonize", "yes", "--save", "", "--appendonly", "no"], {
      stdio: "inherit",
    });
    for (let i = 0; i < 20 && !redisAnswers(LOCAL_REDIS); i++) {
      spawnSync("sleep", ["0.25"]);
    }
  }
  if (has("redis-cli") && redisAnswers(LOCAL_REDIS)) {
    process.env.TEST_REDIS_URL = LOCAL_REDIS;
    return true;
  }
  const message =
    "No Redis server for the shared rate-limit and fleet tests. Set TEST_REDIS_URL, or install one: sudo apt-get install -y redis-server";
  if (process.env.CI) fail(message);
  console.warn(`! ${message} — those tests are skipped.`);
  return false;
}
