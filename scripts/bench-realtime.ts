/**
 * npm run bench:realtime (also run by npm run bench) — the built-in realtime transport under
 * load: the production server (one process per core, so fan-out crosses processes through
 * PostgreSQL LISTEN/NOTIFY), N signed-in users each holding an SSE stream of their own
 * channel, and one publisher storing and publishing M events/s to those per-user channels for
 * D seconds. Reports delivery latency (publish call → event parsed by the client) p50/p99/max
 * and events lost.
 *
 *   npm run bench:realtime -- --clients 1000 --rate 100 --duration 30 [--skip-build] [--record]
 *
 * Needs a PostgreSQL server (TEST_DATABASE_URL or 127.0.0.1:5432): it creates a database of its
 * own and drops it afterwards. The embedded database is one process and cannot be shared with
 * the publisher, so it is not measured here.
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { appendFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { pathToFileURL } from "node:url";
import { Kysely } from "kysely";
import pg from "pg";
import { createUserSession } from "../app/accounts/session.server";
import { closeDatabase, useDatabase } from "../app/db/db.server";
import { createPostgresPool, postgresDialect } from "../app/db/dialect.server";
import type { Database } from "../app/db/schema";
import { userChannel, type RealtimeEvent } from "../app/realtime/channels";
import { publish } from "../app/realtime/events.server";
import { freePort } from "../tests/support/net";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const clientCount = Number(option("clients", "1000"));
const rate = Number(option("rate", "100"));
const duration = Number(option("duration", "30"));
const warmup = Number(option("warmup", "3"));
const adminUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

async function admin(run: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** Resolves once the server answers /healthz; fails if it exits first or takes two minutes. */
export async function waitForHealthy(origin: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${origin}/healthz`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not become healthy");
}

interface Stream {
  userId: number;
  received: Set<number>;
  request: http.ClientRequest;
}

/**
 * Opens one SSE stream of the realtime endpoint (`channels`, comma-separated) as the holder of
 * `cookie`; resolves with the request once the server answered 200, then hands over each event
 * as parsed. Destroy the request to close the stream.
 */
export function openEventStream(agent: http.Agent, port: number, channels: string, cookie: string, onEvent: (event: RealtimeEvent) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, agent, path: `/api/v1/realtime/events?channels=${channels}`, headers: { Cookie: cookie, Accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream of ${channels}: ${response.statusCode}`));
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block.split("\n").find((line) => line.startsWith("data: "));
            if (data) onEvent(JSON.parse(data.slice(6)) as RealtimeEvent);
          }
        });
        resolve(request);
      },
    );
    request.on("error", reject);
  });
}

/** Opens one user's stream of their own channel; records each event's latency. */
async function openStream(agent: http.Agent, port: number, userId: number, cookie: string, latencies: number[]): Promise<Stream> {
  const received = new Set<number>();
  const request = await openEventStream(agent, port, userChannel(userId), cookie, (event) => {
    const payload = event.payload as { seq: number; sent_at: number };
    if (payload.seq < 0) return; // warm-up
    latencies.push(Date.now() - payload.sent_at);
    received.add(payload.seq);
  });
  return { userId, received, request };
}

/** The value at percentile p (nearest rank) of ascending values; NaN when there are none. */
export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  if (!args.includes("--skip-build")) execSync("npm run build --silent", { stdio: "inherit" });
  const name = `mkt_bench_rt_${process.pid}`;
  await admin((client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const workers = process.env.WEB_CONCURRENCY ?? String(os.availableParallelism());
  const app = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server.js`], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", APP_ORIGIN: `http://127.0.0.1:${port}`, LOG_LEVEL: "warn", DATABASE_URL: databaseUrl, WEB_CONCURRENCY: workers, SESSION_SECRET: "benchmark-secret-benchmark-secret-00" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const pool = createPostgresPool({ url: databaseUrl, poolSize: 4, statementTimeoutMs: 30_000, connectTimeoutMs: 30_000 });
  const db = new Kysely<Database>({ dialect: postgresDialect(pool) });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: Stream[] = [];
  try {
    await waitForHealthy(origin, app);
    useDatabase(db, "postgres", databaseUrl);
    const users = await db
      .insertInto("users")
      .values(Array.from({ length: clientCount }, (_, i) => ({ email: `bench-${i}@bench.test`, password_hash: "x", first_name: "Bench", last_name: String(i), roles: [] })))
      .returning("id")
      .execute();
    const cookies: string[] = [];
    for (let i = 0; i < users.length; i += 20) {
      const batch = users.slice(i, i + 20);
      cookies.push(...(await Promise.all(batch.map(async (user) => (await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://bench") })).split(";")[0]!))));
    }
    const latencies: number[] = [];
    const connectStart = Date.now();
    for (let i = 0; i < users.length; i += 50) {
      streams.push(...(await Promise.all(users.slice(i, i + 50).map((user, j) => openStream(agent, port, user.id, cookies[i + j]!, latencies)))));
    }
    const connectSeconds = (Date.now() - connectStart) / 1000;
    console.log(`${streams.length} streams open in ${connectSeconds.toFixed(1)} s; publishing ${rate}/s for ${duration} s`);

    // Warm-up at the same rate (negative sequence numbers, not counted): connections, JIT.
    for (let i = 1; i <= warmup * rate; i += 1) {
      await publish(db, userChannel(users[i % users.length]!.id), "STANDARD_PUSH_UPDATE", { seq: -i, sent_at: Date.now(), data: [], meta: {} });
      await new Promise((resolve) => setTimeout(resolve, 1000 / rate));
    }
    const loadBefore = os.loadavg()[0]!;
    const total = rate * duration;
    const expected = new Map<number, number[]>();
    const started = Date.now();
    let seq = 0;
    const inFlight = new Set<Promise<unknown>>();
    while (seq < total) {
      const due = started + (seq * 1000) / rate;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const user = users[seq % users.length]!;
      const current = seq;
      (expected.get(user.id) ?? expected.set(user.id, []).get(user.id)!).push(current);
      const sending = publish(db, userChannel(user.id), "STANDARD_PUSH_UPDATE", { seq: current, sent_at: Date.now(), data: [], meta: {} });
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
      seq += 1;
    }
    await Promise.all(inFlight);
    const publishSeconds = (Date.now() - started) / 1000;
    // Let the last events arrive.
    const drainUntil = Date.now() + 5_000;
    const receivedCount = () => streams.reduce((sum, stream) => sum + stream.received.size, 0);
    while (receivedCount() < total && Date.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 100));
    let lost = 0;
    for (const stream of streams) for (const sent of expected.get(stream.userId) ?? []) if (!stream.received.has(sent)) lost += 1;
    const sorted = [...latencies].sort((a, b) => a - b);
    const report = [
      `Date: ${new Date().toISOString().slice(0, 10)} · Machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim()}) · Node ${process.version} · app processes: ${workers} · PostgreSQL LISTEN/NOTIFY fan-out`,
      `Machine load (1-min average, ${os.availableParallelism()} cores) at start ${loadBefore.toFixed(1)}, at end ${os.loadavg()[0]!.toFixed(1)}: the machine is shared, so tail latency mostly measures waiting for a core`,
      `Command: npm run bench:realtime -- --clients ${clientCount} --rate ${rate} --duration ${duration} (after ${warmup} s warm-up)`,
      "",
      "| SSE clients | events/s | seconds | events sent | delivered | lost | p50 ms | p99 ms | max ms | streams opened in |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      `| ${streams.length} | ${rate} (achieved ${(total / publishSeconds).toFixed(1)}) | ${duration} | ${total} | ${receivedCount()} | ${lost} | ${percentile(sorted, 50)} | ${percentile(sorted, 99)} | ${sorted.at(-1)} | ${connectSeconds.toFixed(1)} s |`,
    ].join("\n");
    console.log(`\n${report}\n`);
    if (args.includes("--record")) {
      appendFileSync("docs/benchmarks.md", `\n### Realtime run of ${new Date().toISOString()}\n\n${report}\n`);
      console.log("Appended to docs/benchmarks.md");
    }
    if (lost > 0) process.exitCode = 1;
  } finally {
    for (const stream of streams) stream.request.destroy();
    agent.destroy();
    await closeDatabase();
    await db.destroy().catch(() => undefined);
    app.kill("SIGTERM");
    await new Promise((resolve) => (app.exitCode !== null ? resolve(undefined) : app.once("exit", resolve)));
    await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
  }
}

// Other benchmarks import the helpers above; only running this file measures.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
