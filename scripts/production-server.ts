import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The environment the measuring scripts start the production build with: loopback on `port`,
 * its own origin, quiet logs; on PostgreSQL when DATABASE_URL is set (seeded if empty), else
 * on an embedded database in a fresh temporary folder (`dataDir`, for the caller to remove).
 */
export function productionServerEnv(port: number, options: { tmpPrefix: string; extra?: Record<string, string> }) {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), options.tmpPrefix));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_ORIGIN: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    SESSION_SECRET: process.env.SESSION_SECRET ?? "benchmark-secret-benchmark-secret-00",
    ...(databaseUrl ? { SEED_DEMO_DATA: "true" } : { DATA_DIR: dataDir }),
    ...options.extra,
  };
  if (!databaseUrl) delete env.DATABASE_URL;
  return { env, databaseUrl, dataDir };
}
