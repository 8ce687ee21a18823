import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { freePort, waitFor } from "../support/net";
import { startTcpProxy } from "../support/tcp-proxy";
import { metaCsrfToken } from "../support/http-app";

const serverEntry = `${process.env.BUILD_DIR ?? "build"}/server.js`;

/**
 * The production server behind a TCP proxy to its database: the test cuts the connection
 * while requests run and checks that the process lives, answers 503 meanwhile, recovers
 * within 5 s, and loses no write it acknowledged.
 */
const database = useTestDatabase();

// An embedded database lives inside the process: there is no connection to lose.
describe.runIf(inject("testDatabase").kind === "postgres")("losing the database", () => {
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let server: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    const url = database().url;
    if (!url) throw new Error("this test needs a PostgreSQL database");
    const target = new URL(url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(url);
    proxied.host = `127.0.0.1:${proxy.port}`;
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    if (!existsSync(serverEntry)) throw new Error("No production build: run `npm run build` first");
    server = spawn(process.execPath, [serverEntry], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: "outage-test-secret-outage-test-secret",
        DATABASE_URL: proxied.toString(),
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_ORIGIN: origin,
        WEB_CONCURRENCY: "1",
        LOG_LEVEL: process.env.OUTAGE_LOG_LEVEL ?? "silent",
        DATABASE_CONNECT_TIMEOUT_MS: "1000",
        DATABASE_STATEMENT_TIMEOUT_MS: "2000",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    await waitFor(async () => (await fetch(`${origin}/healthz`)).status === 200, 30_000);
  }, 60_000);

  afterAll(async () => {
    server?.kill("SIGTERM");
    await proxy?.close();
  });

  it("answers 503 while the database is gone, survives and recovers with every acknowledged write kept", async () => {
    const page = await fetch(`${origin}/`, { headers: { Accept: "text/html" } });
    // The visitor allowed analytics: tracking events are refused without it.
    const cookie = [...page.headers.getSetCookie().map((c) => c.split(";")[0]), "cookie_consent=accepted"].join("; ");
    const token = metaCsrfToken(await page.text())!;
    const runId = `outage-${Date.now()}`;
    const acknowledged: number[] = [];
    const statuses: number[] = [];
    let sequence = 0;
    let writing = true;

    const writer = (async () => {
      while (writing) {
        const seq = sequence++;
        const response = await fetch(`${origin}/tracking_events`, {
          method: "PUT",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": token, Cookie: cookie },
          body: JSON.stringify({ tracking_event: { type: "outage_probe", device_uuid: runId, parameters: { seq } } }),
        }).catch(() => undefined);
        if (response) statuses.push(response.status);
        if (response?.status === 201) acknowledged.push(seq);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 500));
    proxy.cut();
    await waitFor(async () => (await fetch(`${origin}/healthz`)).status === 503, 10_000);
    const pageDuringOutage = await fetch(`${origin}/courses?query=during-outage`, { headers: { Accept: "text/html", Cookie: "session=x" } });
    expect(pageDuringOutage.status).toBe(503);
    expect(await pageDuringOutage.text()).toContain("Uh oh! There was an error on this page");
    const apiDuringOutage = await fetch(`${origin}/api/v1/schools`);
    expect(apiDuringOutage.status).toBe(503);
    expect((await apiDuringOutage.json()).errors[0].code).toBe("service_unavailable");
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const restoredAt = Date.now();
    proxy.restore();
    await waitFor(async () => (await fetch(`${origin}/healthz`)).status === 200, 5_000);
    await waitFor(async () => statuses.at(-1) === 201, 5_000);
    expect(Date.now() - restoredAt).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    writing = false;
    await writer;

    expect(server.exitCode).toBeNull();
    expect(statuses).toContain(503);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    const stored = await database()
      .db.selectFrom("tracking_events")
      .where("device_uuid", "=", runId)
      .select(sql<number>`(parameters->>'seq')::int`.as("seq"))
      .execute();
    const storedSeqs = new Set(stored.map((row) => row.seq));
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(acknowledged.filter((seq) => !storedSeqs.has(seq))).toEqual([]);
  }, 60_000);
});
