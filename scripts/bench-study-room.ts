/**
 * npm run bench:study-room — one study room's whiteboard with a busy group: the production
 * server, one room of N members (8 unless told), each holding an SSE stream of the room's channel
 * and posting its edits to the room's board (POST /study-rooms/{slug}/boards/{id}, one element of
 * its own, its version raised each time) R times a second (20 unless told) for D seconds (60
 * unless told). Each edit carries its number in the element's customData, which the board keeps
 * and pushes on as sent. An edit has reached a member when that member holds it or a newer
 * version of the same element (what a whiteboard shows): every member records, for each edit of
 * the others, the delay from its POST starting to that moment, and checks every edit arrived.
 * (The server rightly does not push an edit saved after a newer one of the same element, when two
 * POSTs of one member overtake each other; the newer one delivers it.)
 *
 * Target (docs/benchmarks.md): delivery p99 ≤ 150 ms with every edit delivered. Exits 1 when
 * missed.
 *
 *   npm run bench:study-room                                    embedded database in a temporary folder
 *   DATABASE_URL=postgres://… npm run bench:study-room          real PostgreSQL (or --database-url …)
 *   npm run bench:study-room -- --duration 10 --skip-build --record [--clients 8 --rate 20 --warmup 3 --port 4690]
 *
 * On PostgreSQL the room, its members and their sessions go into the given database (migrated at
 * the server's start, so an empty one will do) and are removed afterwards. The embedded database
 * is written while the server is stopped, since only one process may open it.
 */
import { execSync, spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { appendFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { sql } from "kysely";
import { createUserSession } from "../app/accounts/session.server";
import { closeDatabase, db, openDatabase } from "../app/db/db.server";
import { roomChannel } from "../app/realtime/channels";
import { CSRF_COOKIE, CSRF_HEADER, csrfCookieValue, newCsrfToken } from "../app/security/csrf.server";
import type { BoardPush } from "../app/study-rooms/boards.server";
import type { BoardElement } from "../app/study-rooms/whiteboard";
import { freePort } from "../tests/support/net";
import { processTreeCpuMs, stopApp } from "./bench";
import { openEventStream, percentile, waitForHealthy } from "./bench-realtime";
import { productionServerEnv } from "./production-server";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const memberCount = Number(option("clients", "8"));
const rate = Number(option("rate", "20"));
const duration = Number(option("duration", "60"));
const warmup = Number(option("warmup", "3"));
const TARGET_P99_MS = 150;
/** How long deliveries may still arrive once every POST has been answered. */
const DRAIN_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Member {
  userId: number;
  /** The browser tab's id the server echoes back; also the id of the member's one element. */
  clientId: string;
  csrfToken: string;
  /** The session cookie and the signed CSRF cookie, as the browser would hold them. */
  cookie: string;
}

/**
 * One POST of one member. Its place in the list of edits is the sequence number the element
 * carries; a member's versions rise in that order.
 */
interface Edit {
  member: number;
  version: number;
  sentAt: number;
  measured: boolean;
  postMs?: number;
  /** 0 when the request failed without an answer. */
  status?: number;
  revision?: number;
}

/** What the benchmark stamps into each element; the server keeps unknown fields as they came. */
interface Stamp {
  seq: number;
}

/** The room, its members (the first one hosts), each with a session and a CSRF token, and its one board, in the app's database. */
async function createBenchRoom(slug: string, sessionSecret: string) {
  const users = await db()
    .insertInto("users")
    .values(Array.from({ length: memberCount }, (_, i) => ({ email: `${slug}-${i}@bench.test`, password_hash: "x", first_name: "Bench", last_name: String(i), roles: [] })))
    .returning("id")
    .execute();
  const room = await db().insertInto("study_rooms").values({ slug, name: "Benchmark study room", owner_id: users[0]!.id }).returning("id").executeTakeFirstOrThrow();
  await db()
    .insertInto("study_room_members")
    .values(users.map((user, i) => ({ room_id: room.id, user_id: user.id, role: i === 0 ? "host" : "guest" })))
    .execute();
  const board = await db().insertInto("study_room_whiteboards").values({ room_id: room.id, name: "Benchmark board" }).returning("id").executeTakeFirstOrThrow();
  await db().updateTable("study_rooms").set({ active_whiteboard_id: board.id }).where("id", "=", room.id).execute();
  const members: Member[] = [];
  for (const [i, user] of users.entries()) {
    const session = await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://bench") });
    const csrfToken = newCsrfToken();
    members.push({ userId: user.id, clientId: `bench-${i}`, csrfToken, cookie: `${session.split(";")[0]}; ${CSRF_COOKIE}=${csrfCookieValue(csrfToken, sessionSecret)}` });
  }
  return { slug, boardId: board.id, members };
}

/** Removes what createBenchRoom added (the room, boards, members and sessions go with the users) and the room's events. */
async function removeBenchRoom(slug: string) {
  await db().deleteFrom("users").where("email", "like", `${slug}-%@bench.test`).execute();
  await db().deleteFrom("realtime_events").where("channel", "=", roomChannel(slug)).execute();
}

/** CPU time so far (ms) of each PostgreSQL backend serving this database; none when the server runs on another machine. */
async function backendCpuMs(): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db());
  return new Map(rows.map((row) => [row.pid, processTreeCpuMs(row.pid)]));
}

async function main() {
  if (!args.includes("--skip-build")) execSync("npm run build --silent", { stdio: "inherit" });
  const databaseUrlOption = option("database-url", "");
  if (databaseUrlOption) process.env.DATABASE_URL = databaseUrlOption;
  const port = Number(option("port", "0")) || (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  // The benchmark's room is all it needs: no demo data in a PostgreSQL database it was given.
  const { env, databaseUrl, dataDir } = productionServerEnv(port, { tmpPrefix: "mkt-bench-room-", extra: { SEED_DEMO_DATA: "false" } });
  const start = () => spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server.js`], { env, stdio: ["ignore", "ignore", "inherit"] });
  const databaseConfig = {
    database: databaseUrl ? ({ kind: "postgres", url: databaseUrl } as const) : ({ kind: "embedded", dataDir: dataDir! } as const),
    DATABASE_POOL_SIZE: 2,
    DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
    DATABASE_CONNECT_TIMEOUT_MS: 30_000,
    DATABASE_PREPARED_STATEMENTS: false,
  };
  const slug = `bench-room-${Date.now().toString(36)}`;
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const streams: http.ClientRequest[] = [];
  let app = start();
  let roomCreated = false;
  try {
    // The server migrates the database as it starts.
    await waitForHealthy(origin, app);
    if (!databaseUrl) await stopApp(app);
    await openDatabase(databaseConfig);
    const room = await createBenchRoom(slug, env.SESSION_SECRET!);
    roomCreated = true;
    const database = databaseUrl ? `PostgreSQL ${(await sql<{ server_version: string }>`show server_version`.execute(db())).rows[0]!.server_version}` : "embedded PGlite";
    if (!databaseUrl) {
      await closeDatabase();
      app = start();
      await waitForHealthy(origin, app);
    }
    const workers = databaseUrl ? (process.env.WEB_CONCURRENCY ?? String(os.availableParallelism())) : "1";

    // Each member reads the room as its browser would, skipping its own echo by client id.
    const deliveries = room.members.map(() => new Map<number, number>());
    const edits: Edit[] = [];
    /** Each member's edits, in the order sent (so by version). */
    const editsBy = room.members.map((): number[] => []);
    for (const [i, member] of room.members.entries()) {
      /** How far through each sender's edits this member has got. */
      const reached = room.members.map(() => 0);
      const stream = await openEventStream(agent, port, roomChannel(room.slug), member.cookie, (event) => {
        const board = (event.payload as { study_room?: { board?: BoardPush } }).study_room?.board;
        if (!board || board.client_id === member.clientId) return;
        const now = Date.now();
        for (const element of board.elements) {
          const stamp = element.customData as Stamp | undefined;
          if (!stamp) continue;
          const sender = edits[stamp.seq]!.member;
          const sent = editsBy[sender]!;
          while (reached[sender]! < sent.length && edits[sent[reached[sender]!]!]!.version <= element.version) {
            const seq = sent[reached[sender]!]!;
            deliveries[i]!.set(seq, now - edits[seq]!.sentAt);
            reached[sender]! += 1;
          }
        }
      });
      streams.push(stream);
    }
    console.log(`Room ${room.slug}: ${room.members.length} members listening; each posts ${rate} edits/s for ${duration} s (after ${warmup} s warm-up)`);

    const versions = room.members.map(() => 0);
    let firstError: string | undefined;
    const sendEdit = async (i: number, measured: boolean) => {
      const member = room.members[i]!;
      const seq = edits.length;
      const version = (versions[i]! += 1);
      const sentAt = Date.now();
      const edit: Edit = { member: i, version, sentAt, measured };
      edits.push(edit);
      editsBy[i]!.push(seq);
      const element: BoardElement = { id: member.clientId, type: "rectangle", version, versionNonce: randomInt(2 ** 31), x: (seq * 7) % 800, y: i * 60, width: 40, height: 40, customData: { seq } satisfies Stamp };
      try {
        const response = await fetch(`${origin}/study-rooms/${room.slug}/boards/${room.boardId}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: member.cookie, [CSRF_HEADER]: member.csrfToken },
          body: JSON.stringify({ client_id: member.clientId, elements: [element] }),
        });
        edit.postMs = Date.now() - sentAt;
        edit.status = response.status;
        const body = (await response.json().catch(() => undefined)) as { meta?: { revision?: number } } | undefined;
        edit.revision = body?.meta?.revision;
        if (!response.ok) firstError ??= `POST answered ${response.status}: ${JSON.stringify(body)}`;
      } catch (error) {
        edit.postMs = Date.now() - sentAt;
        edit.status = 0;
        firstError ??= `POST failed: ${String(error)}`;
      }
    };
    // Every member at `rate`, their posts interleaved evenly; late sends catch up rather than drop.
    // Answers the edits per second actually sent (not counting the wait for the last answers).
    const drive = async (seconds: number, measured: boolean) => {
      const interval = 1000 / (rate * room.members.length);
      const total = Math.round(seconds * rate * room.members.length);
      const started = Date.now();
      const inFlight = new Set<Promise<void>>();
      for (let k = 0; k < total; k += 1) {
        const wait = started + k * interval - Date.now();
        if (wait > 0) await sleep(wait);
        const sending = sendEdit(k % room.members.length, measured);
        inFlight.add(sending);
        void sending.finally(() => inFlight.delete(sending));
      }
      const sendingMs = Date.now() - started + interval;
      await Promise.all(inFlight);
      return (total * 1000) / sendingMs;
    };

    // Warm-up at the same rate (not counted): connections, JIT, the board row in cache.
    await drive(warmup, false);
    const loadBefore = os.loadavg()[0]!;
    const appCpuBefore = processTreeCpuMs(app.pid!);
    const backendsBefore = databaseUrl ? await backendCpuMs() : new Map<number, number>();
    const achievedRate = await drive(duration, true);
    const appCpuMs = processTreeCpuMs(app.pid!) - appCpuBefore;
    const backendsAfter = databaseUrl ? await backendCpuMs() : new Map<number, number>();
    const databaseCpuMs = [...backendsAfter].reduce((sum, [pid, ms]) => sum + ms - (backendsBefore.get(pid) ?? 0), 0);

    const others = room.members.length - 1;
    const measured = edits.flatMap((edit, seq) => (edit.measured ? [seq] : []));
    const answered = measured.filter((seq) => edits[seq]!.status === 200).length;
    const deliverable = answered * others;
    const delivered = () => deliveries.reduce((sum, received) => sum + measured.filter((seq) => received.has(seq)).length, 0);
    const drainUntil = Date.now() + DRAIN_MS;
    while (delivered() < deliverable && Date.now() < drainUntil) await sleep(100);

    const latencies = deliveries.flatMap((received) => measured.flatMap((seq) => (received.has(seq) ? [received.get(seq)!] : []))).sort((a, b) => a - b);
    const postLatencies = measured.map((seq) => edits[seq]!.postMs!).sort((a, b) => a - b);
    const expected = measured.length * others;
    const lost = expected - latencies.length;
    const postErrors = measured.length - answered;
    const p99 = percentile(latencies, 99);
    const met = lost === 0 && p99 <= TARGET_P99_MS;
    const perEdit = (ms: number) => (measured.length > 0 ? (ms / measured.length).toFixed(2) : "n/a");
    const shownArgs = args.map((arg, i) => (args[i - 1] === "--database-url" ? "…" : arg));
    const report = [
      `Date: ${new Date().toISOString().slice(0, 10)} · Machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB · Node ${process.version} · 1-minute load at start ${loadBefore.toFixed(2)}, at end ${os.loadavg()[0]!.toFixed(2)}`,
      `Database: ${database} · app processes: ${workers} · one room, ${room.members.length} members each posting ${rate} edits/s to one board and reading the room's SSE stream, ${duration} s (after ${warmup} s warm-up), same machine`,
      `Command: ${databaseUrl && !databaseUrlOption ? "DATABASE_URL=… " : ""}npm run bench:study-room${shownArgs.length ? ` -- ${shownArgs.join(" ")}` : ""}`,
      "",
      "| members | edits/s (achieved) | edits sent | POST errors | deliveries expected | delivered | lost | p50 ms | p95 ms | p99 ms | max ms | POST p50 ms | POST p99 ms | app CPU ms/edit | PostgreSQL CPU ms/edit |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      `| ${room.members.length} | ${rate * room.members.length} (${achievedRate.toFixed(1)}) | ${measured.length} | ${postErrors} | ${expected} | ${latencies.length} | ${lost} | ${percentile(latencies, 50)} | ${percentile(latencies, 95)} | ${p99} | ${latencies.at(-1) ?? "n/a"} | ${percentile(postLatencies, 50)} | ${percentile(postLatencies, 99)} | ${perEdit(appCpuMs)} | ${databaseCpuMs > 0 ? perEdit(databaseCpuMs) : "n/a"} |`,
      "",
      `Target (delivery p99 ≤ ${TARGET_P99_MS} ms, every edit delivered): ${met ? "met" : `missed (p99 ${p99} ms, ${lost} deliveries lost)`}.`,
    ].join("\n");
    console.log(`\n${report}\n`);
    if (firstError) console.log(`First failed POST: ${firstError}`);
    if (args.includes("--record")) {
      appendFileSync("docs/benchmarks.md", `\n### Study-room run of ${new Date().toISOString()}\n\n${report}\n`);
      console.log("Appended to docs/benchmarks.md");
    }
    if (!met) process.exitCode = 1;
  } finally {
    for (const stream of streams) stream.destroy();
    agent.destroy();
    await stopApp(app);
    if (databaseUrl && roomCreated) await removeBenchRoom(slug).catch((error) => console.error("could not remove the benchmark room:", error));
    await closeDatabase();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
