import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

// Debian's Chromium (playwright cannot download browsers here); flags keep it off the network
// and give it a fake camera and microphone.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    // Study rooms' video: a fake camera and microphone, allowed without asking.
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two browsers at once on every machine (Playwright's default is half the cores: one here);
  // E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Generous for a busy two-core machine, where the browser, the server and PostgreSQL share the
  // CPU: the longest flows take ≈20 s on a quick host and three times that on a slow one, which
  // must fail on a broken page, not on a slow machine.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: { baseURL, trace: "retain-on-failure", launchOptions: chromium },
  projects: [
    { name: "js-on", use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
    { name: "js-off", use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    // The production build (npm run build) on a database of its own with demo data.
    command: "node tests/e2e/support/start-server.mjs",
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { E2E_PORT: String(port) },
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
