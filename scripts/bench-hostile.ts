/**
 * npm run bench:hostile — whether a flood of hostile form posts still hurts the server. A
 * 150-byte sign-in POST carrying the field `x[30000000]=1` once froze the whole process for
 * 12 s (the form parser built a 30-million-slot array); the server now refuses such field names
 * with 400 before any route runs (app/security/request-input.ts). This starts the production
 * server (one process), has autocannon send that POST in a loop over N connections for D
 * seconds while a separate process asks GET /healthz one request after another, and reports
 * the hostile requests' status codes and rate, the probe's latency, and the server's memory
 * (RSS) before, during and after the flood. Exits 1 when a check fails (printed with the table).
 *
 *   npm run bench:hostile                             embedded database in a temporary folder
 *   DATABASE_URL=postgres://… npm run bench:hostile   real PostgreSQL (seeded if empty)
 *   npm run bench:hostile -- --duration 30 --connections 20 --settle 10 [--build] [--control]
 *
 * --control floods with the same POST carrying a stale CSRF token and an ordinary field `x=1`
 * instead: refused with 400 at the same point, after the same body parsing, so it shows what any
 * flood of refused posts costs on this machine and how much of that the hostile field adds.
 * Uses the build in build/ (BUILD_DIR) as it is; --build rebuilds first. Linux only: memory is
 * read from /proc/<pid>/status.
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import autocannon from "autocannon";
import pg from "pg";
import { FIELD_INDEX_TOO_LARGE } from "../app/security/request-input";
import { productionServerEnv } from "./production-server";
import { freePort } from "../tests/support/net";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const duration = Number(option("duration", "30"));
const connections = Number(option("connections", "20"));
const settleSeconds = Number(option("settle", "10"));
const quietSeconds = 5;
const control = args.includes("--control");
// The checks: the flood must not make the server slow for everyone else, nor leave memory behind.
const P99_LIMIT_MS = 100;
const RSS_TOLERANCE_MB = 50;
const buildDir = process.env.BUILD_DIR ?? "build";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The resident memory of a process, in MB (what the machine actually gives it, heap and native alike). */
function rssMb(pid: number) {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function waitForHealthy(origin: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${origin}/healthz`).then((r) => r.ok).catch(() => false)) return;
    await sleep(250);
  }
  throw new Error("server did not become healthy");
}

/** A guest's CSRF token (from the page's meta tag) and the cookie that carries it, as a browser would hold them. */
async function guestCsrf(origin: string) {
  const response = await fetch(`${origin}/users/sign_in`, { headers: { accept: "text/html" }, redirect: "manual" });
  const html = await response.text();
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("csrf_token="))?.split(";")[0];
  if (response.status !== 200 || !token || !cookie) throw new Error(`GET /users/sign_in gave ${response.status} without a CSRF token and cookie`);
  return { token, cookie };
}

interface ProbeResult {
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
}

/**
 * GET /healthz one request after another for `seconds`, in a process of its own so its timings
 * are not delayed by autocannon's work in this one. It starts as soon as its process is up
 * (`ready`); `done` gives every latency (failures and timeouts count, at the time they took).
 */
function startProbe(port: number, seconds: number) {
  const code = `
    const http = require("node:http");
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const result = { latencies: [], statuses: {}, errors: 0 };
    const once = () => new Promise((resolve) => {
      const start = process.hrtime.bigint();
      const took = () => Number(process.hrtime.bigint() - start) / 1e6;
      const request = http.get({ host: "127.0.0.1", port: ${port}, path: "/healthz", agent, timeout: 10000 }, (response) => {
        response.resume();
        response.on("end", () => {
          result.latencies.push(took());
          result.statuses[response.statusCode] = (result.statuses[response.statusCode] || 0) + 1;
          resolve();
        });
      });
      request.on("timeout", () => request.destroy(new Error("timeout")));
      request.on("error", () => { result.errors += 1; result.latencies.push(took()); resolve(); });
    });
    process.once("message", async () => {
      const end = Date.now() + ${seconds * 1000};
      while (Date.now() < end) await once();
      agent.destroy();
      process.send(result, () => process.exit(0));
    });
    process.send("ready");`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const ready = new Promise<void>((resolve) => child.once("message", () => resolve()));
  const done = ready.then(
    () =>
      new Promise<ProbeResult>((resolve, reject) => {
        child.once("message", (message) => resolve(message as ProbeResult));
        child.once("exit", (code) => reject(new Error(`the /healthz probe exited with ${code}`)));
        child.send("go");
      }),
  );
  return { ready, done };
}

function summarize(probe: ProbeResult) {
  const sorted = [...probe.latencies].sort((a, b) => a - b);
  const ok = probe.statuses["200"] ?? 0;
  return { count: sorted.length, ok, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN, failed: sorted.length - ok };
}

async function postgresVersion(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>("show server_version");
  await client.end();
  return `PostgreSQL ${rows[0]!.server_version}`;
}

async function main() {
  if (args.includes("--build")) execSync("npm run build --silent", { stdio: "inherit" });
  if (!existsSync(`${buildDir}/server.js`)) throw new Error(`no ${buildDir}/server.js: run npm run build first (or pass --build)`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Each refusal is logged at warn, as in production; the log goes nowhere here. On PostgreSQL
  // the server would fork one process per core: one, so its memory is the child's.
  const { env, databaseUrl, dataDir } = productionServerEnv(port, { tmpPrefix: "mkt-bench-hostile-", extra: { WEB_CONCURRENCY: "1" } });
  const app = spawn(process.execPath, [`${buildDir}/server.js`], { env, stdio: ["ignore", "ignore", "inherit"] });
  const checks: { name: string; ok: boolean }[] = [];
  try {
    await waitForHealthy(origin, app);
    const pid = app.pid!;
    const { token, cookie } = await guestCsrf(origin);
    const hostileBody = `csrf_token=${encodeURIComponent(token)}&email=bad&password=x&x%5B30000000%5D=1`;
    const controlBody = "csrf_token=stale&email=bad&password=x&x=1";
    const floodBody = control ? controlBody : hostileBody;
    const floodHeaders = { cookie, "content-type": "application/x-www-form-urlencoded", accept: "text/html" };

    // One POST first: the hostile one must be refused for its field name, not for a stale CSRF
    // token (also a 400), or the flood would measure the wrong refusal; the control the other way.
    const first = await fetch(`${origin}/users/sign_in`, { method: "POST", headers: floodHeaders, body: floodBody, redirect: "manual" });
    const expected = control ? "security token" : FIELD_INDEX_TOO_LARGE;
    if (first.status !== 400 || !(await first.text()).includes(expected)) {
      throw new Error(`the ${control ? "control" : "hostile"} POST was answered ${first.status} without "${expected}": the refusal is not in this build, or the CSRF token was refused`);
    }

    // Warm-up with ordinary requests (JIT, caches, database connections) and 5 s of the flood
    // itself, so the baseline is the heap's working size under this traffic (V8 keeps pages it
    // has grown into): memory left above it after a flood six times as long would be a leak.
    // Then the server's quiet /healthz latency for comparison, then its memory once settled.
    for (const url of [`${origin}/healthz`, `${origin}/users/sign_in`]) {
      await autocannon({ url, connections: 4, amount: 300, headers: { accept: "text/html" } });
    }
    await autocannon({ url: `${origin}/users/sign_in`, method: "POST", headers: floodHeaders, body: floodBody, connections, duration: 5 });
    const quietProbe = startProbe(port, quietSeconds);
    await quietProbe.ready;
    const quiet = summarize(await quietProbe.done);
    await sleep(2_000);
    const rssBaseline = rssMb(pid);

    // The flood, with the probe alongside and memory sampled every 500 ms.
    const loadBefore = os.loadavg()[0]!;
    let rssPeak = rssBaseline;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(pid));
    }, 500);
    const probe = startProbe(port, duration);
    await probe.ready;
    const [flood, probed] = await Promise.all([
      autocannon({ url: `${origin}/users/sign_in`, method: "POST", headers: floodHeaders, body: floodBody, connections, duration }),
      probe.done,
    ]);
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, rssMb(pid));
    const loadAfter = os.loadavg()[0]!;
    if (app.exitCode !== null) throw new Error(`the server exited with ${app.exitCode} during the flood`);

    // Memory once things settle: a few ordinary requests, one a second, as a quiet site would see.
    for (let i = 0; i < settleSeconds; i += 1) {
      await fetch(`${origin}/healthz`).then((r) => r.arrayBuffer());
      await fetch(`${origin}/users/sign_in`, { headers: { accept: "text/html" } }).then((r) => r.arrayBuffer());
      await sleep(1_000);
    }
    const rssAfter = rssMb(pid);

    const health = summarize(probed);
    const statusCodes = Object.entries(flood.statusCodeStats ?? {})
      .map(([status, stats]) => `${status}: ${stats.count ?? 0}`)
      .join(", ");
    // Sent counts the requests still in flight when the time ran out (up to one per connection).
    const answered = flood.requests.total;
    const refused = flood.statusCodeStats?.["400"]?.count ?? 0;
    const failures = flood.errors + flood.timeouts;
    checks.push(
      { name: `every flood POST answered 400 (${refused} of ${answered} answered; ${failures} errors/timeouts)`, ok: refused > 0 && refused === answered && failures === 0 },
      { name: `every /healthz answered 200 (${health.ok} of ${health.count})`, ok: health.failed === 0 },
      { name: `/healthz p99 ≤ ${P99_LIMIT_MS} ms (${health.p99.toFixed(1)} ms)`, ok: health.p99 <= P99_LIMIT_MS },
      { name: `RSS after ≤ baseline + ${RSS_TOLERANCE_MB} MB (${rssAfter.toFixed(0)} ≤ ${(rssBaseline + RSS_TOLERANCE_MB).toFixed(0)} MB)`, ok: rssAfter <= rssBaseline + RSS_TOLERANCE_MB },
    );
    const passed = checks.every((check) => check.ok);

    const database = databaseUrl ? await postgresVersion(databaseUrl) : "embedded PGlite";
    const report = [
      `Date: ${new Date().toISOString().slice(0, 10)} · Machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version}`,
      `Database: ${database} · app processes: 1 · autocannon ${connections} connections × ${duration} s of the ${control ? "control" : "hostile"} POST, one /healthz probe at a time alongside, same machine`,
      `Machine load (1-min average) at start ${loadBefore.toFixed(1)}, at end ${loadAfter.toFixed(1)} · /healthz before the flood (${quietSeconds} s): ${quiet.count} requests, p50 ${quiet.p50.toFixed(1)} ms, p99 ${quiet.p99.toFixed(1)} ms, max ${quiet.max.toFixed(1)} ms`,
      control
        ? `Control request: POST /users/sign_in, ${Buffer.byteLength(controlBody)}-byte body \`${controlBody}\` with the guest's CSRF cookie (refused for its stale token)`
        : `Hostile request: POST /users/sign_in, ${Buffer.byteLength(hostileBody)}-byte body \`csrf_token=…&email=bad&password=x&x%5B30000000%5D=1\` with the guest's CSRF cookie and token`,
      `Checks: /healthz p99 ≤ ${P99_LIMIT_MS} ms; RSS ${settleSeconds} s after the flood ≤ baseline + ${RSS_TOLERANCE_MB} MB; flood POSTs all 400; /healthz all 200`,
      `Command: ${databaseUrl ? "DATABASE_URL=… " : ""}npm run bench:hostile${args.length ? ` -- ${args.join(" ")}` : ""}`,
      "",
      "| database | flood | POSTs sent | status codes | POSTs/s | /healthz requests | /healthz p50 ms | p99 ms | max ms | RSS baseline MB | RSS peak MB | RSS after MB | checks |",
      "|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
      `| ${database} | ${control ? "control (stale CSRF token)" : "hostile `x[30000000]`"} | ${flood.requests.sent} | ${statusCodes}${failures ? `, errors/timeouts: ${failures}` : ""} | ${Math.round(flood.requests.average)} | ${health.count} | ${health.p50.toFixed(1)} | ${health.p99.toFixed(1)} | ${health.max.toFixed(1)} | ${rssBaseline.toFixed(0)} | ${rssPeak.toFixed(0)} | ${rssAfter.toFixed(0)} | ${passed ? "pass" : "FAIL"} |`,
      "",
      ...checks.map((check) => `- ${check.ok ? "ok" : "FAILED"}: ${check.name}`),
    ].join("\n");
    console.log(`\n${report}\n`);
    if (!passed) process.exitCode = 1;
  } finally {
    // SIGTERM lets the server finish and close its database (the embedded one writes its folder).
    app.kill("SIGTERM");
    const exited = await Promise.race([
      new Promise((resolve) => (app.exitCode !== null ? resolve(true) : app.once("exit", () => resolve(true)))),
      sleep(15_000).then(() => false),
    ]);
    if (!exited) {
      console.error("the server did not stop within 15 s of SIGTERM; killing it");
      app.kill("SIGKILL");
      process.exitCode = 1;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
