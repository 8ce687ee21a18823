/**
 * npm run budgets — checks the page-weight and Lighthouse budgets of the public pages on the
 * production build already in build/ (it builds nothing: run `npm run build` first).
 *
 * 1. From the build's route manifest (Remix's view of the Vite manifest), the JavaScript and CSS
 *    each page loads (entry, root and route modules with their imported chunks, the root's
 *    stylesheet), gzipped: JS ≤ 150 KB, CSS ≤ 60 KB.
 * 2. Lighthouse (mobile preset, Debian Chromium at CHROME_PATH) against the production server
 *    started on a seeded database: performance ≥ 95 and accessibility ≥ 95.
 *
 *   npm run budgets                       both parts
 *   npm run budgets -- --no-lighthouse    sizes only (fast, no server)
 *   npm run budgets -- --port 4211 --runs 5  Lighthouse runs per page (3 by default; the median run counts)
 *   npm run budgets -- --page /pricing    one page (repeat --page for more)
 *   npm run budgets -- --report-dir tmp   also writes each page's Lighthouse report (JSON) there
 * Exits 1 when a budget is exceeded.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { productionServerEnv } from "./production-server";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const buildDir = process.env.BUILD_DIR ?? "build";
const clientDir = path.join(buildDir, "client");
const port = Number(option("port", "4211"));
const runs = Number(option("runs", "3"));
const withLighthouse = !args.includes("--no-lighthouse");
const reportDir = option("report-dir", "");
/** Every value of a repeatable option. */
const options = (name: string) => args.flatMap((arg, index) => (arg === `--${name}` && args[index + 1] ? [args[index + 1]!] : []));

export const BUDGETS = { jsKb: 150, cssKb: 60, performance: 95, accessibility: 95 } as const;
/** The pages the budgets apply to (a course page by slug from the seeded catalogue). */
const ALL_PAGES = ["/", "/pricing", "/courses/waterloo-math-137"];
const PAGES = options("page").length > 0 ? options("page") : ALL_PAGES;

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}
interface RemixManifest {
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, ManifestRoute>;
}

function readManifest(): RemixManifest {
  const assets = path.join(clientDir, "assets");
  // The newest: a build into a folder that was not emptied first leaves older manifests there.
  const file = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .sort((a, b) => statSync(path.join(assets, b)).mtimeMs - statSync(path.join(assets, a)).mtimeMs)[0];
  if (!file) throw new Error(`No route manifest in ${assets}: run \`npm run build\` first.`);
  const text = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as RemixManifest;
}

/** The full URL pattern of a route (its parents' paths joined). */
function fullPath(manifest: RemixManifest, route: ManifestRoute): string {
  const parts: string[] = [];
  for (let current: ManifestRoute | undefined = route; current; current = current.parentId ? manifest.routes[current.parentId] : undefined) {
    if (current.path) parts.unshift(current.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

/** The leaf route serving a URL path: static segments beat params, params beat splats. */
function matchRoute(manifest: RemixManifest, pathname: string): ManifestRoute[] | null {
  const segments = pathname.split("/").filter(Boolean);
  let best: { route: ManifestRoute; score: number } | null = null;
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root") continue;
    const isLeaf = !Object.values(manifest.routes).some((other) => other.parentId === route.id && other.index);
    if (!isLeaf && !route.index) continue;
    const pattern = fullPath(manifest, route).split("/").filter(Boolean);
    let score = 0;
    let ok = true;
    let splat = false;
    for (let i = 0; i < Math.max(pattern.length, segments.length); i++) {
      const part = pattern[i];
      if (part === "*") {
        splat = true;
        break;
      }
      if (part === undefined || segments[i] === undefined) {
        ok = false;
        break;
      }
      if (part.startsWith(":")) score += 2;
      else if (part.toLowerCase() === segments[i]!.toLowerCase()) score += 3;
      else {
        ok = false;
        break;
      }
    }
    // A complete match beats any splat.
    if (ok && !splat) score += 100;
    if (ok && (!best || score > best.score)) best = { route, score };
  }
  if (!best) return null;
  const chain: ManifestRoute[] = [];
  for (let current: ManifestRoute | undefined = best.route; current; current = current.parentId ? manifest.routes[current.parentId] : undefined) {
    chain.unshift(current);
  }
  return chain;
}

const gzipCache = new Map<string, number>();
function gzipBytes(assetUrl: string): number {
  const cached = gzipCache.get(assetUrl);
  if (cached !== undefined) return cached;
  const size = gzipSync(readFileSync(path.join(clientDir, assetUrl))).length;
  gzipCache.set(assetUrl, size);
  return size;
}

/** Stylesheets a module links itself (imported with `?url`, e.g. the root's app.css). */
function linkedStylesheets(moduleUrl: string): string[] {
  const source = readFileSync(path.join(clientDir, moduleUrl), "utf8");
  return [...new Set([...source.matchAll(/["'`](\/assets\/[\w.-]+\.css)["'`]/g)].map((match) => match[1]!))];
}

interface Weight {
  page: string;
  routes: string;
  jsKb: number;
  cssKb: number;
}

function pageWeight(manifest: RemixManifest, page: string): Weight | null {
  const chain = matchRoute(manifest, page);
  if (!chain) return null;
  const js = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set<string>(manifest.entry.css);
  for (const route of chain) {
    js.add(route.module);
    for (const file of route.imports ?? []) js.add(file);
    for (const file of route.css ?? []) css.add(file);
    // A `?url` import can land in any chunk of the route (the root's app.css sits in a shared one).
    for (const file of [route.module, ...(route.imports ?? [])]) for (const sheet of linkedStylesheets(file)) css.add(sheet);
  }
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipBytes(file), 0) / 1024;
  return { page, routes: chain.map((route) => route.id).join(" › "), jsKb: sum(js), cssKb: sum(css) };
}

async function waitForHealthy(origin: string, child: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${origin}/healthz`).then((r) => r.ok).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("server did not become healthy");
}

interface Scores {
  performance: number;
  accessibility: number;
  /** First and largest contentful paint, total blocking time (ms), layout shift. */
  metrics: string;
  /** The performance score of every run, in order. */
  runs: number[];
}

type LighthouseResult = Parameters<typeof computeMedianRun>[0][number];

function performanceScore(result: LighthouseResult): number {
  return Math.round((result.categories.performance?.score ?? 0) * 100);
}

async function lighthouseScores(origin: string, pages: string[]): Promise<Map<string, Scores | "missing">> {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const results = new Map<string, Scores | "missing">();
  try {
    for (const page of pages) {
      const status = await fetch(`${origin}${page}`, { headers: { accept: "text/html" } }).then((r) => r.status);
      if (status !== 200) {
        results.set(page, "missing");
        continue;
      }
      const reports: LighthouseResult[] = [];
      for (let run = 0; run < runs; run++) {
        // Lighthouse's default configuration is the mobile preset (Moto G Power, slow 4G, simulated).
        const result = await lighthouse(`${origin}${page}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
        if (!result) continue;
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          const name = `${page.replace(/[^\w]+/g, "_").replace(/^_|_$/g, "") || "home"}-${run + 1}.json`;
          writeFileSync(path.join(reportDir, name), JSON.stringify(result.lhr, null, 1));
        }
        reports.push(result.lhr);
      }
      // Lighthouse's own way to summarise repeated runs: the run closest to the median first
      // paint and time to interactive (scores on a shared two-core machine move between runs).
      const valid = filterToValidRuns(reports);
      if (valid.length === 0) {
        results.set(page, "missing");
        continue;
      }
      const median = computeMedianRun(valid);
      const audit = (id: string) => median.audits[id]?.numericValue ?? Number.NaN;
      results.set(page, {
        performance: performanceScore(median),
        accessibility: Math.round((median.categories.accessibility?.score ?? 0) * 100),
        metrics: `FCP ${(audit("first-contentful-paint") / 1000).toFixed(1)} s, LCP ${(audit("largest-contentful-paint") / 1000).toFixed(1)} s, TBT ${Math.round(audit("total-blocking-time"))} ms, CLS ${audit("cumulative-layout-shift").toFixed(2)}`,
        runs: valid.map(performanceScore),
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

async function main() {
  const manifest = readManifest();
  const weights = PAGES.map((page) => pageWeight(manifest, page) ?? { page, routes: "(no route in this build)", jsKb: Number.NaN, cssKb: Number.NaN });

  let scores = new Map<string, Scores | "missing">();
  if (withLighthouse) {
    const { env, dataDir } = productionServerEnv(port, { tmpPrefix: "mkt-budgets-" });
    const app = spawn(process.execPath, [`${buildDir}/server.js`], { env, stdio: ["ignore", "ignore", "inherit"] });
    try {
      const origin = `http://127.0.0.1:${port}`;
      await waitForHealthy(origin, app);
      scores = await lighthouseScores(origin, PAGES);
    } finally {
      app.kill("SIGTERM");
      await new Promise((resolve) => (app.exitCode !== null ? resolve(undefined) : app.once("exit", resolve)));
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const failures: string[] = [];
  const rows = weights.map((weight) => {
    const score = scores.get(weight.page);
    if (weight.jsKb > BUDGETS.jsKb) failures.push(`${weight.page}: JS ${weight.jsKb.toFixed(1)} KB > ${BUDGETS.jsKb} KB`);
    if (weight.cssKb > BUDGETS.cssKb) failures.push(`${weight.page}: CSS ${weight.cssKb.toFixed(1)} KB > ${BUDGETS.cssKb} KB`);
    if (score && score !== "missing") {
      if (score.performance < BUDGETS.performance) failures.push(`${weight.page}: performance ${score.performance} < ${BUDGETS.performance}`);
      if (score.accessibility < BUDGETS.accessibility) failures.push(`${weight.page}: accessibility ${score.accessibility} < ${BUDGETS.accessibility}`);
    }
    const lh = !withLighthouse
      ? ["–", "–", "–"]
      : score === "missing" || !score
        ? ["no page", "no page", "–"]
        : [`${score.performance} (runs: ${score.runs.join(", ")})`, String(score.accessibility), score.metrics];
    const kb = (value: number) => (Number.isNaN(value) ? "–" : value.toFixed(1));
    return `| \`${weight.page}\` | ${kb(weight.jsKb)} | ${kb(weight.cssKb)} | ${lh[0]} | ${lh[1]} | ${lh[2]} | ${weight.routes} |`;
  });
  const table = [
    `Budgets: JS ≤ ${BUDGETS.jsKb} KB gz, CSS ≤ ${BUDGETS.cssKb} KB gz, Lighthouse (mobile) performance ≥ ${BUDGETS.performance}, accessibility ≥ ${BUDGETS.accessibility}`,
    `Date: ${new Date().toISOString().slice(0, 10)} · Machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim()}) · Node ${process.version}`,
    "",
    "| page | JS KB gz | CSS KB gz | performance | accessibility | metrics (mobile) | routes |",
    "|---|---:|---:|---:|---:|---|---|",
    ...rows,
  ].join("\n");
  console.log(`\n${table}\n`);
  const missing = weights.filter((weight) => Number.isNaN(weight.jsKb)).map((weight) => weight.page);
  if (missing.length) console.log(`Not in this build (not measured): ${missing.join(", ")}`);
  if (failures.length) {
    console.error(`Over budget:\n- ${failures.join("\n- ")}`);
    process.exit(1);
  }
  console.log("All budgets hold.");
}

await main();
