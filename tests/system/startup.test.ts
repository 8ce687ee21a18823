import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";

const serverEntry = `${process.env.BUILD_DIR ?? "build"}/server.js`;

function runServer(env: Record<string, string>) {
  if (!existsSync(serverEntry)) throw new Error("No production build: run `npm run build` first");
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [serverEntry], {
      env: { PATH: process.env.PATH ?? "", ...env } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.on("exit", (code: number | null) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe("configuration at start", () => {
  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/app" }, "DATABASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ NODE_ENV: "production", DATABASE_URL: "postgresql://127.0.0.1:5432/x" }, "SESSION_SECRET"],
  ])("refuses %o with a message naming %s and a non-zero exit", async (env, variable) => {
    const { code, stderr } = await runServer(env);
    expect(code).toBe(1);
    expect(stderr).toContain("Cannot start");
    expect(stderr).toContain(variable);
  });

  it("never prints a secret it refuses", async () => {
    const { code, stderr } = await runServer({ SESSION_SECRET: "short-secret-value" });
    expect(code).toBe(1);
    expect(stderr).toContain("SESSION_SECRET");
    expect(stderr).not.toContain("short-secret-value");
  });
});
