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
 *   run of scripts/bench-realtime.ts that follows, which needs a PostgreSQL server)
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, rmSync } from "node:fs";
import os from "node:os";
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
const wanted = (name: string) => only === "" || name.includes(only);

interface Measurement {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Measurement> {
  const run = (seconds: number) =>
    autocannon({ url, connections, duration: seconds, headers: { accept: "text/html", ...headers } });
  if (warmup > 0) await run(warmup);
  const result = await run(duration);
  return {
    name,
    path: new URL(url).pathname + new URL(url).search,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
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

async function main() {
  if (!args.includes("--skip-build")) execSync("npm run build --silent", { stdio: "inherit" });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const { env, databaseUrl, dataDir } = productionServerEnv(port, { tmpPrefix: "mkt-bench-" });
  const startApp = () => spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server.js`], { env, stdio: ["ignore", "ignore", "inherit"] });
  const stopApp = async (child: ChildProcess) => {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once("exit", resolve)));
  };
  let app = startApp();
  const bare = await bareNodeServer();
  try {
    await waitForHealthy(origin, app);
    // The 30-chapter course and a signed-in student (the embedded folder is written while the server is stopped).
    let fixture: Awaited<ReturnType<typeof prepareInCourseFixture>>;
    if (databaseUrl) {
      fixture = await prepareInCourseFixture({ databaseUrl });
    } else {
      await stopApp(app);
      fixture = await prepareInCourseFixture({ dataDir: dataDir! });
      app = startApp();
      await waitForHealthy(origin, app);
    }
    const signedIn = await fetch(`${origin}/in-course-experience/${BENCH_COURSE_SLUG}`, { headers: { accept: "text/html", cookie: fixture.cookie } }).then((r) => r.text());
    if (!signedIn.includes("Resume where you left off")) throw new Error("the benchmark student's session did not sign in");
    const courseSlug = await fetch(`${origin}/courses`, { headers: { accept: "text/html" } })
      .then((r) => r.text())
      .then((html) => /href="\/courses\/([\w-]+)"/.exec(html)?.[1]);
    const results: Measurement[] = [];
    results.push(await measure("bare node:http hello", `${bare.origin}/`));
    results.push(await measure("minimal Remix route", `${origin}/robots.txt`));
    if (wanted("homepage (guest)")) results.push(await measure("homepage (guest)", `${origin}/`));
    if (wanted("catalogue page (guest)")) results.push(await measure("catalogue page (guest)", `${origin}/courses`));
    if (wanted("catalogue search, uncached (signed-in cookie)")) results.push(await measure("catalogue search, uncached (signed-in cookie)", `${origin}/courses?query=calc`, { cookie: "session=benchmark" }));
    if (courseSlug && wanted("course page (guest)")) results.push(await measure("course page (guest)", `${origin}/courses/${courseSlug}`));
    if (wanted("in-course page, 30 chapters (signed-in student)")) results.push(await measure("in-course page, 30 chapters (signed-in student)", `${origin}/in-course-experience/${BENCH_COURSE_SLUG}`, { cookie: fixture.cookie }));
    if (wanted("in-course chapter page, 30 chapters (signed-in student)")) results.push(await measure("in-course chapter page, 30 chapters (signed-in student)", `${origin}${fixture.chapterPath}`, { cookie: fixture.cookie }));

    const database = databaseUrl ? await postgresVersion(databaseUrl) : "embedded PGlite";
    const workers = databaseUrl ? (process.env.WEB_CONCURRENCY ?? String(os.availableParallelism())) : "1";
    const header = [
      `Date: ${new Date().toISOString().slice(0, 10)} · Machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version}`,
      `Database: ${database} · app processes: ${workers} · autocannon ${connections} connections, ${duration} s (after ${warmup} s warm-up), same machine`,
      `Command: ${databaseUrl ? "DATABASE_URL=… " : ""}npm run bench${args.length ? ` -- ${args.join(" ")}` : ""}`,
    ];
    const bareRps = results[0]!.requestsPerSecond;
    const remixRps = results[1]!.requestsPerSecond;
    const table = [
      "| target | path | req/s | p50 ms | p99 ms | errors | non-2xx | vs bare node | vs minimal Remix |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|",
      ...results.map(
        (r) =>
          `| ${r.name} | \`${r.path}\` | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${(r.requestsPerSecond / bareRps).toFixed(3)} | ${(r.requestsPerSecond / remixRps).toFixed(2)} |`,
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
    await stopApp(app);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
