import cluster from "node:cluster";
import { createServer, type Server } from "node:http";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { config as loadConfig, ConfigError, type AppConfig } from "../app/config/env.server";
import { closeDatabase, openDatabase } from "../app/db/db.server";
import { prepareJobQueues, startJobWorker, stopJobWorker } from "./job-worker";
import { closeRealtime } from "../app/realtime/hub.server";
import { logger } from "../app/utils/logger.server";
import { devMailboxLink } from "../app/mail/outbox.server";
import { applyServerTimeouts, createApp } from "./app";
import { closeHttp, settleConnections } from "./drain";
import { prepareDatabase } from "./database-setup";
import { startEmbeddedStripe } from "./stripe-emulator/start";
import { workerExecArgv } from "./worker-flags";

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** How many HTTP processes: every core on PostgreSQL; one on the embedded database (single-connection). */
function workerCount(config: AppConfig, dev: boolean) {
  if (dev || config.database.kind === "embedded") return 1;
  return config.WEB_CONCURRENCY ?? (config.isProduction ? availableParallelism() : 1);
}

async function startHttp(config: AppConfig, dev: boolean): Promise<Server> {
  let app;
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app = createApp({
      config: { ...config, GUEST_PAGE_CACHE_SECONDS: 0 },
      build: () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
      viteMiddleware: viteServer.middlewares,
    });
  } else {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const build = (await import(path.join(here, "server", "index.js"))) as ServerBuild;
    app = createApp({ config, build, clientDir: path.join(here, "client") });
  }
  const server = createServer(app);
  applyServerTimeouts(server);
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  return server;
}

/** With DEV_MAILBOX=local the mailbox opens only through this link (mail sent on this machine lands there). */
function mailboxNote(config: AppConfig) {
  const link = devMailboxLink(config);
  return link ? { mailbox: link } : {};
}

function onShutdown(stop: () => Promise<void>) {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger().info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger().warn("shutdown grace period over; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    stop()
      .then(() => process.exit(0))
      .catch((error) => {
        logger().error({ err: error }, "shutdown failed");
        process.exit(1);
      });
  };
  process.on("SIGTERM", handler);
  process.on("SIGINT", handler);
}

async function stopHttp(server: Server) {
  await settleConnections(server);
  // Open event streams never go idle: end them (browsers reconnect to another machine) in the
  // same turn as the listener closes, so none opens in between.
  const closingStreams = closeRealtime();
  // The background job in hand finishes while the last requests do; then the job queue's
  // connections and the database close.
  const jobsStopped = stopJobWorker();
  await closeHttp(server);
  await closingStreams;
  await jobsStopped;
  await closeDatabase();
}

async function runSingleProcess(config: AppConfig, dev: boolean) {
  const started = (async () => {
    await prepareDatabase(config);
    const emulator = await startEmbeddedStripe(config);
    const server = await startHttp(config, dev);
    // Not awaited: background jobs that cannot reach the database yet keep trying, without holding up the server.
    void startJobWorker();
    return { server, emulator };
  })();
  // Listening before the handler is in place would let a signal during start-up kill the
  // process with connections it already took; a stop asked for then waits for the start.
  onShutdown(async () => {
    const { server, emulator } = await started;
    await stopHttp(server);
    await emulator?.close();
  });
  await started;
  logger().info({ url: config.appOrigin, database: config.database.kind, ...mailboxNote(config) }, "marketplace is listening");
}

async function runPrimary(config: AppConfig, workers: number) {
  // Migrate once before any worker serves, so workers never race on the schema (nor on the job queue's).
  await prepareDatabase(config);
  await prepareJobQueues(config);
  await closeDatabase();
  // Before forking: workers inherit the emulator's address and webhook secret.
  const emulator = await startEmbeddedStripe(config);
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  for (let i = 0; i < workers; i += 1) cluster.fork();
  let stopping = false;
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    logger().error({ pid: worker.process.pid, code, signal }, "worker died; starting another");
    cluster.fork();
  });
  logger().info({ url: config.appOrigin, workers, database: config.database.kind, ...mailboxNote(config) }, "marketplace is listening");
  onShutdown(async () => {
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    await Promise.all(
      alive.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker!.once("exit", () => resolve());
            worker!.process.kill("SIGTERM");
          }),
      ),
    );
    await emulator?.close();
  });
}

async function runWorker(config: AppConfig) {
  const started = (async () => {
    await openDatabase(config);
    const server = await startHttp(config, false);
    void startJobWorker();
    return server;
  })();
  // As in runSingleProcess: the primary may stop a worker that is still starting.
  onShutdown(async () => stopHttp(await started));
  await started;
}

async function main() {
  const dev = process.argv.includes("--dev");
  const config = readConfig();
  const workers = workerCount(config, dev);
  if (cluster.isPrimary && workers <= 1) return runSingleProcess(config, dev);
  if (cluster.isPrimary) return runPrimary(config, workers);
  return runWorker(config);
}

main().catch((error) => {
  logger().fatal({ err: error }, "failed to start");
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
