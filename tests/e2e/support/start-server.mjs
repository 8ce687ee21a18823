// Starts the production server for the browser tests on a fresh database with demo data:
// a database of its own on the PostgreSQL server when one answers, else an embedded one
// in a temporary folder. Drops it again on exit.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const serverEntry = `${process.env.BUILD_DIR ?? "build"}/server.js`;
if (!existsSync(serverEntry)) {
  console.error("No production build: run `npm run build` first (npm test does).");
  process.exit(1);
}

const adminUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const usePostgres = process.env.TEST_DATABASE !== "embedded" && (process.env.TEST_DATABASE_URL || (await portOpen(5432)));
const env = { ...process.env, NODE_ENV: "production", PORT: process.env.E2E_PORT ?? "4173", HOST: "127.0.0.1", APP_ORIGIN: `http://127.0.0.1:${process.env.E2E_PORT ?? "4173"}`, LOG_LEVEL: "warn", SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e", DEV_MAILBOX: "true", SIGN_UP_LIMIT_PER_ADDRESS: "1000", TEST_CLOCK: "on" };
let cleanup = async () => {};

if (usePostgres) {
  const name = `mkt_e2e_${process.pid}`;
  await admin(async (client) => {
    const { rows } = await client.query("select datname from pg_database where datname like 'mkt_e2e_%'");
    for (const { datname } of rows) {
      const pid = Number(datname.slice("mkt_e2e_".length));
      if (!alive(pid)) await client.query(`drop database if exists "${datname}" with (force)`);
    }
    await client.query(`create database "${name}"`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  Object.assign(env, { DATABASE_URL: url.toString(), SEED_DEMO_DATA: "true", WEB_CONCURRENCY: "2" });
  cleanup = () => admin((client) => client.query(`drop database if exists "${name}" with (force)`));
} else {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mkt-e2e-"));
  Object.assign(env, { DATA_DIR: dataDir });
  delete env.DATABASE_URL;
  cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
}

const server = spawn(process.execPath, [serverEntry], { env, stdio: "inherit" });
let exiting = false;
const stop = async (code) => {
  if (exiting) return;
  exiting = true;
  server.kill("SIGTERM");
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
  await cleanup().catch((error) => console.error("cleanup failed:", error.message));
  process.exit(code);
};
process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));
server.on("exit", (code) => {
  if (!exiting) {
    console.error(`server exited with ${code}`);
    exiting = true;
    cleanup().finally(() => process.exit(code ?? 1));
  }
});

async function admin(run) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}
