import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { freePort, waitFor } from "../support/net";

const serverEntry = `${process.env.BUILD_DIR ?? "build"}/server.js`;

const database = useTestDatabase();

describe("graceful shutdown", () => {
  it("finishes the requests in flight and on the wire, stops listening and exits 0 on SIGTERM", async () => {
    const port = await freePort();
    const dataDir = database().url ? undefined : mkdtempSync(path.join(tmpdir(), "mkt-shutdown-"));
    const server = spawn(process.execPath, [serverEntry], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: "shutdown-test-secret-shutdown-test-secret",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_ORIGIN: `http://127.0.0.1:${port}`,
        WEB_CONCURRENCY: "2",
        LOG_LEVEL: "silent",
        ...(database().url ? { DATABASE_URL: database().url } : { DATA_DIR: dataDir }),
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    try {
      const origin = `http://127.0.0.1:${port}`;
      await waitFor(async () => (await fetch(`${origin}/healthz`)).ok, 30_000);
      const inFlight = fetch(`${origin}/courses?query=shutdown`, { headers: { Accept: "text/html", Cookie: "session=x" } });
      const opened = connect(port, "127.0.0.1");
      await once(opened, "connect");
      const lateAnswer = new Promise<string>((resolve, reject) => {
        let text = "";
        opened.on("data", (chunk) => (text += chunk));
        opened.on("end", () => resolve(text));
        opened.on("error", reject);
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
      server.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 300));
      opened.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
      const response = await inFlight;
      expect(response.status).toBe(200);
      // A client whose connection opened just before the signal still gets its answer, told to reconnect elsewhere.
      const late = await lateAnswer;
      expect(late).toMatch(/^HTTP\/1\.1 200 /);
      expect(late).toMatch(/^connection: close$/im);
      expect(await exited).toBe(0);
      await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
    } finally {
      if (server.exitCode === null) server.kill("SIGKILL");
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
