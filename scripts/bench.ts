/**
 * npm run bench — builds, starts the production server on a seeded database, and measures
 * with autocannon, in one run on this machine: the homepage, a database-backed catalogue
 * page, a minimal Remix route (the framework's ceiling) and a bare node:http server (the
 * machine's ceiling). Prints requests/s and p50/p99 latency and the ratios between them.
 *
 *   DATABASE_URL=postgres://… npm run bench   real PostgreSQL (seeded if empty)
 *   npm run bench                             embedded database in a temporary folder
 *   npm run bench -- --duration 10 --connections 50 --skip-build --record
 *   (--record appends the table to docs/benchmarks.md; --skip-realtime leaves out the realtime
 *   run of scripts/bench-realtime.ts that follows, which needs a PostgreSQL server; --only <text>
 *   keeps the rows whose name contains it; on PostgreSQL a last row measures the signed-in
 *   dashboard on the embedded database, one process, --embedded-connections 10 unless told,
 *   and --skip-embedded leaves it out)
 *
 * Each row reports the CPU time of the serving processes per request (the app's primary and
 * its cluster workers, from /proc), so a change's cost shows even when the load generator and
 * the database share the cores.
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import os from "node:os";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { productionServerEnv } from "./production-server";
import { freePort } from "../tests/support/net";
import { BENCH_COURSE_SLUG, prepareInCourseFixture } from "./bench-in-course";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const duration = Number(option("duration", "10"));
const connections = Number(option("connections", "50"));
const warmup = Number(option("warmup", "3"));
const only = option("only", "");
const embeddedConnections = Number(option("embedded-connections", "10"));
const wanted = (name: string) => only === "" || name.includes(only);

interface Measurement {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time of the serving processes (all of them) per answered request. */
  cpuMsPerRequest: number;
  connections: number;
}

/** CPU time (user + system, ms) used so far by a process and its children (the app's cluster workers). */
export function processTreeCpuMs(pid: number): number {
  const ticksPerMs = 100 / 1000; // USER_HZ on Linux
  const own = (id: number) => {
    try {
      const fields = readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]!.split(" ");
      return (Number(fields[11]) + Number(fields[12])) / ticksPerMs;
    } catch {
      return 0;
    }
  };
  const children = (id: number): number[] => {
    try {
      return readdirSync(`/proc/${id}/task`).flatMap((task) => readFileSync(`/proc/${id}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number));
    } catch {
      return [];
    }
  };
  return own(pid) + children(pid).reduce((sum, child) => sum + processTreeCpuMs(child), 0);
}

async function measure(
  name: string,
  url: string,
  serverPid: number,
  options: { headers?: Record<string, string>; accept?: boolean; connections?: number } = {},
): Promise<Measurement> {
  const conns = options.connections ?? connections;
  const headers = { ...(options.accept === false ? {} : { accept: "text/html" }), ...options.headers };
  const run = (seconds: number) => autocannon({ url, connections: conns, duration: seconds, headers });
  if (warmup > 0) await run(warmup);
  const cpuBefore = processTreeCpuMs(serverPid);
  const result = await run(duration);
  const cpuMs = processTreeCpuMs(serverPid) - cpuBefore;
  return {
    name,
    path: new URL(url).pathname + new URL(url).search,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMsPerRequest: result.requests.total > 0 ? cpuMs / result.requests.total : 0,
    connections: conns,
  };
}

async function waitForHealthy(origin: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/healthz`).then((r) => r.ok).catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not become healthy");
}

async function bareNodeServer() {
  // In a child process, like the app, so it has a core of its own.
  const port = await freePort();
  const code = `require("node:http").createServer((q, s) => { s.writeHead(200, { "content-type": "text/plain" }); s.end("hello"); }).listen(${port}, "127.0.0.1", () => process.send("ready"));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  await new Promise((resolve) => child.once("message", resolve));
  return { origin: `http://127.0.0.1:${port}`, child };
}

async function postgresVersion(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>("show server_version");
  await client.end();
  return `PostgreSQL ${rows[0]!.server_version}`;
}

/** The production build on `env`'s database, healthy; with the in-course fixture and a signed-in student. */
async function startBenchServer(port: number, env: NodeJS.ProcessEnv, database: { databaseUrl?: string; dataDir?: string }) {
  const origin = `http://127.0.0.1:${port}`;
  const start = () => spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server.js`], { env, stdio: ["ignore", "ignore", "inherit"] });
  let app = start();
  await waitForHealthy(origin, app);
  // The 30-chapter course and a signed-in student (the embedded folder is written while the server is stopped).
  let fixture: Awaited<ReturnType<typeof prepareInCourseFixture>>;
  if (database.databaseUrl) {
    fixture = await prepareInCourseFixture({ databaseUrl: database.databaseUrl });
  } else {
    await stopApp(app);
    fixture = await prepareInCourseFixture({ dataDir: database.dataDir! });
    app = start();
    await waitForHealthy(origin, app);
  }
  const signedIn = await fetch(`${origin}/in-course-experience/${BENCH_COURSE_SLUG}`, { headers: { accept: "text/html", cookie: fixture.cookie } }).then((r) => r.text());
  if (!signedIn.includes("Resume where you left off")) throw new Error("the benchmark student's session did not sign in");
  return { app, origin, fixture };
}

export async function stopApp(child: ChildProcess) {
  child.kill("SIGTERM");
  await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once("exit", resolve)));
}

async function main() {
  if (!args.includes("--skip-build")) execSync("npm run build --silent", { stdio: "inherit" });
  const port = await freePort();
  const { env, databaseUrl, dataDir } = productionServerEnv(port, { tmpPrefix: "mkt-bench-" });
  const bare = await bareNodeServer();
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  const results: Measurement[] = [];
  try {
    server = await startBenchServer(port, env, { databaseUrl, dataDir });
    const { app, origin, fixture } = server;
    const pid = app.pid!;
    const courseSlug = await fetch(`${origin}/courses`, { headers: { accept: "text/html" } })
      .then((r) => r.text())
      .then((html) => /href="\/courses\/([\w-]+)"/.exec(html)?.[1]);
    const student = { headers: { cookie: fixture.cookie } };
    const rows: [string, string, Parameters<typeof measure>[3]?][] = [
      ["minimal Remix route", "/robots.txt"],
      ["homepage (guest)", "/"],
      ["homepage (guest, no Accept header)", "/", { accept: false }],
      ["catalogue page (guest)", "/courses"],
      ["catalogue search, uncached (cookie naming no session)", "/courses?query=calc", { headers: { cookie: "session=benchmark" } }],
      ...(courseSlug ? [["course page (guest)", `/courses/${courseSlug}`] as [string, string]] : []),
      ["dashboard (signed-in student)", "/dashboard", student],
      ["in-course page, 30 chapters (signed-in student)", `/in-course-experience/${BENCH_COURSE_SLUG}`, student],
      ["in-course chapter page, 30 chapters (signed-in student)", fixture.chapterPath, student],
      ["notifications (signed-in student)", "/notifications", student],
      ["chats (signed-in student)", "/chats", student],
    ];
    results.push(await measure("bare node:http hello", `${bare.origin}/`, bare.child.pid!));
    for (const [name, path, options] of rows) {
      if (name === "minimal Remix route" || wanted(name)) results.push(await measure(name, `${origin}${path}`, pid, options));
    }
    await stopApp(app);
    server = undefined;

    // The README's `npm start`: the embedded database, one process, a smaller crowd.
    if (databaseUrl && !args.includes("--skip-embedded") && wanted("embedded")) {
      const embeddedDir = mkdtempSync(path.join(os.tmpdir(), "mkt-bench-embedded-"));
      const embeddedEnv: NodeJS.ProcessEnv = { ...env, DATA_DIR: embeddedDir, SEED_DEMO_DATA: "true" };
      delete embeddedEnv.DATABASE_URL;
      try {
        server = await startBenchServer(port, embeddedEnv, { dataDir: embeddedDir });
        const embedded = { headers: { cookie: server.fixture.cookie }, connections: embeddedConnections };
        results.push(await measure("dashboard (signed-in student), embedded database, 1 process", `${server.origin}/dashboard`, server.app.pid!, embedded));
        await stopApp(server.app);
        server = undefined;
      } finally {
        rmSync(embeddedDir, { recursive: true, force: true });
      }
    }

    const database = databaseUrl ? await postgresVersion(databaseUrl) : "embedded PGlite";
    const workers = databaseUrl ? (process.env.WEB_CONCURRENCY ?? String(os.availableParallelism())) : "1";
    const header = [
      `Date: ${new Date().toISOString().slice(0, 10)} · Machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version} · 1-minute load at the end: ${os.loadavg()[0]!.toFixed(2)}`,
      `Database: ${database} · app processes: ${workers} · autocannon ${connections} connections unless the row says otherwise, ${duration} s (after ${warmup} s warm-up), same machine`,
      `Command: ${databaseUrl ? "DATABASE_URL=… " : ""}npm run bench${args.length ? ` -- ${args.join(" ")}` : ""}`,
    ];
    const bareRps = results[0]!.requestsPerSecond;
    const remixRps = results[1]!.requestsPerSecond;
    const table = [
      "| target | path | conns | req/s | p50 ms | p99 ms | CPU ms/req | errors | non-2xx | vs bare node | vs minimal Remix |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...results.map(
        (r) =>
          `| ${r.name} | \`${r.path}\` | ${r.connections} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.cpuMsPerRequest.toFixed(2)} | ${r.errors} | ${r.non2xx} | ${(r.requestsPerSecond / bareRps).toFixed(3)} | ${(r.requestsPerSecond / remixRps).toFixed(2)} |`,
      ),
    ];
    const report = [...header, "", ...table].join("\n");
    console.log(`\n${report}\n`);
    if (args.includes("--record")) {
      appendFileSync("docs/benchmarks.md", `\n### Run of ${new Date().toISOString()}\n\n${report}\n`);
      console.log("Appended to docs/benchmarks.md");
    }
    // The realtime transport under load (SSE clients, LISTEN/NOTIFY fan-out): scripts/bench-realtime.ts.
    if (!args.includes("--skip-realtime")) {
      execSync(`npx tsx scripts/bench-realtime.ts --skip-build${args.includes("--record") ? " --record" : ""}`, { stdio: "inherit" });
    }
  } finally {
    bare.child.kill();
    if (server) await stopApp(server.app);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

// Other benchmarks import the helpers above; only running this file measures.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
