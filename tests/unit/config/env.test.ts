import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config/env.server";

const productionSecret = "a-production-secret-of-at-least-32-chars!";

/** The ConfigError parseConfig throws for an environment (fails the test if it does not throw one). */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(env)}`);
}

describe("parseConfig defaults", () => {
  const config = parseConfig({});

  it.each<[string, unknown]>([
    ["NODE_ENV", "development"],
    ["PORT", 3000],
    ["HOST", "0.0.0.0"],
    ["DATA_DIR", "./data"],
    ["DATABASE_POOL_SIZE", 4],
    ["DATABASE_STATEMENT_TIMEOUT_MS", 5000],
    ["DATABASE_CONNECT_TIMEOUT_MS", 2000],
    ["LOG_LEVEL", "info"],
    ["GUEST_PAGE_CACHE_SECONDS", 10],
    ["SEED_DEMO_DATA", false],
    ["TRUST_PROXY", 0],
    ["APP_ORIGIN", undefined],
    ["appOrigin", "http://localhost:3000"],
    ["originFromRequest", true],
    ["DATABASE_URL", undefined],
    ["SESSION_SECRET", undefined],
    ["WEB_CONCURRENCY", undefined],
    ["isProduction", false],
    ["TEST_CLOCK", false],
  ])("%s defaults to %j", (key, expected) => {
    expect(config[key as keyof typeof config]).toEqual(expected);
  });

  it("uses the embedded database in ./data", () => {
    expect(config.database).toEqual({ kind: "embedded", dataDir: "./data" });
  });

  it("uses a fixed development session secret", () => {
    expect(config.sessionSecret).toBe("development-only-secret-never-used-in-production");
    expect(parseConfig({ NODE_ENV: "test" }).sessionSecret).toBe(config.sessionSecret);
  });

  it("drops variables it does not know", () => {
    const withExtras = parseConfig({ PATH: "/usr/bin", HOME: "/root" });
    expect(withExtras).not.toHaveProperty("PATH");
    expect(withExtras).not.toHaveProperty("HOME");
  });

  it("does not modify the environment it is given", () => {
    const env = { PORT: "", LOG_LEVEL: "debug" };
    parseConfig(env);
    expect(env).toEqual({ PORT: "", LOG_LEVEL: "debug" });
  });
});

describe("parseConfig database selection", () => {
  it.each([
    ["postgres://app:pw@db.internal:5432/marketplace"],
    ["postgresql://localhost/marketplace"],
    ["postgres://localhost"],
  ])("DATABASE_URL %s selects postgres", (url) => {
    expect(parseConfig({ DATABASE_URL: url }).database).toEqual({ kind: "postgres", url });
  });

  it("prefers DATABASE_URL over DATA_DIR", () => {
    const url = "postgres://localhost/app";
    expect(parseConfig({ DATABASE_URL: url, DATA_DIR: "/var/data" }).database).toEqual({ kind: "postgres", url });
  });

  it("uses DATA_DIR for the embedded database", () => {
    expect(parseConfig({ DATA_DIR: "/var/lib/marketplace" }).database).toEqual({ kind: "embedded", dataDir: "/var/lib/marketplace" });
  });

  it("keeps DATA_DIR in the config when postgres is selected", () => {
    expect(parseConfig({ DATABASE_URL: "postgres://localhost/app" }).DATA_DIR).toBe("./data");
  });
});

describe("parseConfig treats empty strings as unset", () => {
  it.each<[string, string, unknown]>([
    ["PORT", "PORT", 3000],
    ["HOST", "HOST", "0.0.0.0"],
    ["DATA_DIR", "DATA_DIR", "./data"],
    ["LOG_LEVEL", "LOG_LEVEL", "info"],
    ["NODE_ENV", "NODE_ENV", "development"],
    ["DATABASE_POOL_SIZE", "DATABASE_POOL_SIZE", 4],
    ["APP_ORIGIN", "APP_ORIGIN", undefined],
    ["WEB_CONCURRENCY", "WEB_CONCURRENCY", undefined],
    ["SEED_DEMO_DATA", "SEED_DEMO_DATA", false],
  ])("%s", (variable, key, expected) => {
    const config = parseConfig({ [variable]: "" });
    expect(config[key as keyof typeof config]).toEqual(expected);
  });

  it("an empty DATABASE_URL selects the embedded database", () => {
    expect(parseConfig({ DATABASE_URL: "" }).database).toEqual({ kind: "embedded", dataDir: "./data" });
  });

  it("an empty SESSION_SECRET in development uses the development secret", () => {
    expect(parseConfig({ SESSION_SECRET: "" }).sessionSecret).toBe("development-only-secret-never-used-in-production");
  });

  it("an empty SESSION_SECRET in production on PostgreSQL is missing", () => {
    expect(configError({ NODE_ENV: "production", DATABASE_URL: "postgresql://db.internal/app", SESSION_SECRET: "" }).message).toContain(
      "SESSION_SECRET",
    );
  });

  it("without SESSION_SECRET the embedded database keeps its own secret in its data folder", () => {
    const folders: string[] = [];
    const local = (dataDir: string) => {
      folders.push(dataDir);
      return "s".repeat(64);
    };
    expect(parseConfig({ NODE_ENV: "production", DATA_DIR: "/srv/data" }, local).sessionSecret).toBe("s".repeat(64));
    expect(folders).toEqual(["/srv/data"]);
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) }, local).sessionSecret).toBe("x".repeat(40));
    expect(parseConfig({ DATABASE_URL: "postgresql://localhost/app" }, local).sessionSecret).toBe("development-only-secret-never-used-in-production");
    expect(folders).toHaveLength(1);
  });

  it("undefined values are unset too", () => {
    expect(parseConfig({ PORT: undefined, DATABASE_URL: undefined }).PORT).toBe(3000);
  });
});

describe("parseConfig accepts valid values", () => {
  it.each<[Record<string, string>, string, unknown]>([
    [{ NODE_ENV: "test" }, "NODE_ENV", "test"],
    [{ NODE_ENV: "production", SESSION_SECRET: productionSecret }, "NODE_ENV", "production"],
    [{ PORT: "8080" }, "PORT", 8080],
    [{ PORT: "0" }, "PORT", 0],
    [{ PORT: "65535" }, "PORT", 65535],
    [{ HOST: "127.0.0.1" }, "HOST", "127.0.0.1"],
    [{ APP_ORIGIN: "https://example.com" }, "APP_ORIGIN", "https://example.com"],
    [{ APP_ORIGIN: "http://localhost:3000" }, "APP_ORIGIN", "http://localhost:3000"],
    [{ DATABASE_POOL_SIZE: "25" }, "DATABASE_POOL_SIZE", 25],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: "100" }, "DATABASE_STATEMENT_TIMEOUT_MS", 100],
    [{ DATABASE_CONNECT_TIMEOUT_MS: "1" }, "DATABASE_CONNECT_TIMEOUT_MS", 1],
    [{ LOG_LEVEL: "silent" }, "LOG_LEVEL", "silent"],
    [{ LOG_LEVEL: "trace" }, "LOG_LEVEL", "trace"],
    [{ WEB_CONCURRENCY: "1" }, "WEB_CONCURRENCY", 1],
    [{ WEB_CONCURRENCY: "64" }, "WEB_CONCURRENCY", 64],
    [{ GUEST_PAGE_CACHE_SECONDS: "0" }, "GUEST_PAGE_CACHE_SECONDS", 0],
    [{ GUEST_PAGE_CACHE_SECONDS: "3600" }, "GUEST_PAGE_CACHE_SECONDS", 3600],
    [{ SEED_DEMO_DATA: "true" }, "SEED_DEMO_DATA", true],
    [{ SEED_DEMO_DATA: "1" }, "SEED_DEMO_DATA", true],
    [{ SEED_DEMO_DATA: "false" }, "SEED_DEMO_DATA", false],
    [{ SEED_DEMO_DATA: "0" }, "SEED_DEMO_DATA", false],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY", 1],
    [{ TRUST_PROXY: "1" }, "TRUST_PROXY", 1],
    [{ TRUST_PROXY: "2" }, "TRUST_PROXY", 2],
    [{ TRUST_PROXY: "0" }, "TRUST_PROXY", 0],
    [{ TRUST_PROXY: "false" }, "TRUST_PROXY", 0],
    [{ APP_ORIGIN: "https://example.com/some/path" }, "appOrigin", "https://example.com"],
    [{ APP_ORIGIN: "https://example.com" }, "originFromRequest", false],
    [{ PORT: "4173", HOST: "127.0.0.1" }, "appOrigin", "http://127.0.0.1:4173"],
    [{ PORT: "8080", HOST: "::" }, "appOrigin", "http://localhost:8080"],
    [{ PORT: "8080", HOST: "::1" }, "appOrigin", "http://[::1]:8080"],
    // Production never takes the origin from a request, APP_ORIGIN or not.
    [{ NODE_ENV: "production", SESSION_SECRET: productionSecret }, "originFromRequest", false],
    [{ NODE_ENV: "production", SESSION_SECRET: productionSecret }, "appOrigin", "http://localhost:3000"],
  ])("%j → %s = %j", (env, key, expected) => {
    const config = parseConfig(env);
    expect(config[key as keyof typeof config]).toEqual(expected);
  });

  it("uses the given session secret in production", () => {
    const config = parseConfig({ NODE_ENV: "production", SESSION_SECRET: productionSecret });
    expect(config.isProduction).toBe(true);
    expect(config.sessionSecret).toBe(productionSecret);
  });

  it("uses a given session secret outside production too", () => {
    expect(parseConfig({ NODE_ENV: "test", SESSION_SECRET: productionSecret }).sessionSecret).toBe(productionSecret);
  });

  it.each(["development", "test"])("isProduction is false for %s", (NODE_ENV) => {
    expect(parseConfig({ NODE_ENV }).isProduction).toBe(false);
  });

  it("accepts a secret of exactly 32 characters", () => {
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).sessionSecret).toHaveLength(32);
  });
});

describe("parseConfig rejects bad values with a ConfigError naming the variable", () => {
  it.each<[string, Record<string, string>, string]>([
    ["a non-numeric PORT", { PORT: "abc" }, "PORT"],
    ["a PORT above 65535", { PORT: "70000" }, "PORT"],
    ["a negative PORT", { PORT: "-1" }, "PORT"],
    ["a fractional PORT", { PORT: "80.5" }, "PORT"],
    ["a mysql DATABASE_URL", { DATABASE_URL: "mysql://localhost/app" }, "DATABASE_URL"],
    ["a bare host DATABASE_URL", { DATABASE_URL: "localhost:5432" }, "DATABASE_URL"],
    ["a sqlite DATABASE_URL", { DATABASE_URL: "sqlite://./db.sqlite" }, "DATABASE_URL"],
    ["a LOG_LEVEL typo", { LOG_LEVEL: "inof" }, "LOG_LEVEL"],
    ["an upper-case LOG_LEVEL", { LOG_LEVEL: "INFO" }, "LOG_LEVEL"],
    ["an unknown NODE_ENV", { NODE_ENV: "prod" }, "NODE_ENV"],
    ["a missing SESSION_SECRET in production on PostgreSQL", { NODE_ENV: "production", DATABASE_URL: "postgresql://db.internal/app", APP_ORIGIN: "https://m.example" }, "SESSION_SECRET"],
    ["a missing APP_ORIGIN in production on PostgreSQL", { NODE_ENV: "production", DATABASE_URL: "postgresql://db.internal/app", SESSION_SECRET: productionSecret }, "APP_ORIGIN"],
    ["a TRUST_PROXY that is neither a flag nor a hop count", { TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    ["a two-digit TRUST_PROXY", { TRUST_PROXY: "10" }, "TRUST_PROXY"],
    ["a short SESSION_SECRET", { SESSION_SECRET: "too-short" }, "SESSION_SECRET"],
    ["an ftp APP_ORIGIN", { APP_ORIGIN: "ftp://example.com" }, "APP_ORIGIN"],
    ["a non-URL APP_ORIGIN", { APP_ORIGIN: "example.com" }, "APP_ORIGIN"],
    ["a zero DATABASE_POOL_SIZE", { DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE"],
    ["a non-numeric DATABASE_STATEMENT_TIMEOUT_MS", { DATABASE_STATEMENT_TIMEOUT_MS: "5s" }, "DATABASE_STATEMENT_TIMEOUT_MS"],
    ["a negative DATABASE_CONNECT_TIMEOUT_MS", { DATABASE_CONNECT_TIMEOUT_MS: "-5" }, "DATABASE_CONNECT_TIMEOUT_MS"],
    ["a zero WEB_CONCURRENCY", { WEB_CONCURRENCY: "0" }, "WEB_CONCURRENCY"],
    ["a WEB_CONCURRENCY above 64", { WEB_CONCURRENCY: "65" }, "WEB_CONCURRENCY"],
    ["a GUEST_PAGE_CACHE_SECONDS above an hour", { GUEST_PAGE_CACHE_SECONDS: "3601" }, "GUEST_PAGE_CACHE_SECONDS"],
    ["a yes/no SEED_DEMO_DATA", { SEED_DEMO_DATA: "yes" }, "SEED_DEMO_DATA"],
    ["an upper-case TRUST_PROXY", { TRUST_PROXY: "TRUE" }, "TRUST_PROXY"],
  ])("%s", (_label, env, variable) => {
    const error = configError(env);
    expect(error.name).toBe("ConfigError");
    expect(error.message).toMatch(/^Invalid environment:\n/);
    expect(error.message).toContain(`  - ${variable}: `);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(new RegExp(`^${variable}: `));
  });

  it("shows the bad value of an ordinary variable", () => {
    expect(configError({ PORT: "abc" }).problems[0]).toContain('(got "abc")');
    expect(configError({ LOG_LEVEL: "inof" }).problems[0]).toContain('(got "inof")');
  });

  it("explains what a DATABASE_URL must be", () => {
    expect(configError({ DATABASE_URL: "mysql://localhost/app" }).problems[0]).toBe("DATABASE_URL: must be a postgres:// or postgresql:// URL");
  });

  it("explains that production needs a session secret", () => {
    expect(configError({ NODE_ENV: "production", DATABASE_URL: "postgresql://db.internal/app", APP_ORIGIN: "https://m.example" }).problems).toEqual([
      "SESSION_SECRET: is required in production with DATABASE_URL (at least 32 random characters)",
    ]);
  });

  it("names every bad variable in one error", () => {
    const error = configError({ PORT: "abc", LOG_LEVEL: "loud", DATABASE_URL: "mysql://x/y" });
    expect(error.problems.map((problem) => problem.split(":")[0]).sort()).toEqual(["DATABASE_URL", "LOG_LEVEL", "PORT"]);
    for (const variable of ["PORT", "LOG_LEVEL", "DATABASE_URL"]) expect(error.message).toContain(`  - ${variable}: `);
  });

  it("names a missing production secret alongside other bad variables", () => {
    const error = configError({ NODE_ENV: "production", DATABASE_URL: "postgresql://db.internal/app", PORT: "abc" });
    expect(error.problems.map((problem) => problem.split(":")[0]).sort()).toEqual(["APP_ORIGIN", "PORT", "SESSION_SECRET"]);
  });

  it("does not name variables that are fine", () => {
    const error = configError({ PORT: "8080", LOG_LEVEL: "loud", HOST: "localhost" });
    expect(error.message).not.toContain("PORT");
    expect(error.message).not.toContain("HOST");
  });

  it("is an Error", () => {
    expect(configError({ PORT: "x" })).toBeInstanceOf(Error);
  });
});

describe("parseConfig never echoes secrets", () => {
  it("does not echo a short SESSION_SECRET", () => {
    const secret = "hunter2-short-secret";
    const error = configError({ SESSION_SECRET: secret });
    expect(error.message).toContain("SESSION_SECRET");
    expect(error.message).not.toContain(secret);
    expect(error.problems.join("\n")).not.toContain(secret);
  });

  it("does not echo a short SESSION_SECRET in production", () => {
    const secret = "prod-but-short";
    const error = configError({ NODE_ENV: "production", SESSION_SECRET: secret });
    expect(error.message).not.toContain(secret);
  });

  it("does not echo a DATABASE_URL, which may carry a password", () => {
    const error = configError({ DATABASE_URL: "mysql://admin:s3cr3t-pa55@db.internal/app" });
    expect(error.message).toContain("DATABASE_URL");
    expect(error.message).not.toContain("s3cr3t-pa55");
    expect(error.message).not.toContain("db.internal");
  });

  it("does not echo secrets that are valid when another variable is bad", () => {
    const error = configError({ NODE_ENV: "production", SESSION_SECRET: productionSecret, DATABASE_URL: "postgres://u:pw-xyz@h/db", PORT: "abc" });
    expect(error.message).not.toContain(productionSecret);
    expect(error.message).not.toContain("pw-xyz");
  });
});

describe("TEST_CLOCK", () => {
  it("is on for a plain-http server (the browser tests') and refused on a site served over https", () => {
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: productionSecret, APP_ORIGIN: "http://127.0.0.1:4173", TEST_CLOCK: "on" }).TEST_CLOCK).toBe(true);
    expect(configError({ NODE_ENV: "production", SESSION_SECRET: productionSecret, APP_ORIGIN: "https://example.com", TEST_CLOCK: "on" }).problems).toEqual([
      "TEST_CLOCK: a site served over https never lets requests choose the time",
    ]);
    expect(configError({ NODE_ENV: "production", SESSION_SECRET: productionSecret, TRUST_PROXY: "true", TEST_CLOCK: "on" }).problems[0]).toMatch(/^TEST_CLOCK/);
    expect(configError({ TEST_CLOCK: "yes" }).problems[0]).toMatch(/^TEST_CLOCK/);
  });
});
