import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { FileSystemConfigLoader, HtmlValidate } from "html-validate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../app/accounts/session.server";
import { isKnownRoute, ROUTE_RULES, type RouteRule } from "../../app/accounts/policy/route-rules";
import { crawlRole, formatFailure, routeMatcher, type CrawledPage, type CrawlLimits, type ManifestRoute, type RoleCrawl } from "../support/crawl";
import { useTestDatabase } from "../support/database";
import { freePort, waitFor } from "../support/net";
import { ROUTE_SAMPLES } from "../support/route-samples";
import { sessionCookieFor } from "../support/route-visitor";

/**
 * Guards of issue "WCAG 2.2 AA and a clean crawl", over the production build (`npm run build`)
 * started as in production, on this file's copy of the demo database:
 *
 * 1. a bounded crawl of the demo site as a guest, a student, an instructor and an admin (GET
 *    only): no link, image, script, stylesheet, canonical or og:url address that answers ≥ 400,
 *    no address longer than 2,000 characters, no link that nests its own return address;
 * 2. html-validate (rules and their reasons in .htmlvalidate.mjs and docs/accessibility.md) over one
 *    HTML page of every route the crawl reached.
 *
 * Bounds and how the crawler reads pages: tests/support/crawl.ts. The axe-core check of every
 * page is tests/e2e/axe-pages.spec.ts.
 */

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const serverEntry = path.join(buildDir, "server.js");
const database = useTestDatabase();

/** The crawled identities, in order, with where each starts (their home path, SPEC §2) and the roles they hold. */
const ROLES = [
  { role: "guest", email: undefined, roles: undefined, seeds: ["/"] },
  { role: "student", email: "student@demo.test", roles: [], seeds: ["/", "/dashboard"] },
  { role: "instructor", email: "instructor@demo.test", roles: ["instructor"], seeds: ["/", "/instructor-dashboard"] },
  { role: "admin", email: "admin@demo.test", roles: ["admin"], seeds: ["/", "/admin"] },
] as const;

/**
 * Besides following links, each role starts from the sample URL (tests/support/route-samples.ts)
 * of every page the role may open and that answers 2xx: a screen nothing links to yet is still
 * validated and has its links checked.
 */
function sampleSeeds(roles: readonly string[] | undefined) {
  return Object.entries(ROUTE_SAMPLES)
    .filter(([routeId, sample]) => {
      // The development mailbox is off in production, as here.
      if (!isKnownRoute(routeId) || routeId.startsWith("routes/dev+/")) return false;
      const rule: RouteRule = ROUTE_RULES[routeId];
      if (rule.api || sample.get) return false;
      if (rule.access === "public") return true;
      if (!roles) return false;
      return rule.access === "signed-in" || rule.access.roles.some((role) => roles.includes(role));
    })
    .map(([, sample]) => sample.url);
}

/** Routes that only take mutations (their GET answers 405): never requested. */
const MUTATION_ONLY = new Set(
  Object.entries(ROUTE_SAMPLES)
    .filter(([, sample]) => sample.get && "status" in sample.get && sample.get.status === 405)
    .map(([routeId]) => routeId),
);

function skip(url: URL, routeId: string | undefined) {
  if (/sign_?out|log_?out/i.test(url.pathname)) return "signs out";
  if (routeId && MUTATION_ONLY.has(routeId)) return "takes only mutations";
  return undefined;
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let origin = "";
let routeIdOf: (pathname: string) => string | undefined;
const crawls: RoleCrawl[] = [];
/** One HTML page of each route id, from the first role that reached it. */
const pagesByRoute = new Map<string, CrawledPage>();
/** html-validate's findings on those pages, each validated as soon as the crawl reads it (in the crawl's idle time). */
const validations: Promise<string[]>[] = [];
let validationMs = 0;
const validator = new HtmlValidate(new FileSystemConfigLoader());
// A file name at the repository root, so the root's .htmlvalidate.mjs applies.
const validatedAs = path.resolve("crawled-page.html");

async function validate(page: CrawledPage): Promise<string[]> {
  const started = performance.now();
  const report = await validator.validateString(page.html, validatedAs);
  validationMs += performance.now() - started;
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${page.routeId} (${page.url.slice(origin.length)} as ${page.role}): ${message.ruleId}: ${message.message}${message.selector ? ` at ${message.selector}` : ""}`),
  );
}
const timings: string[] = [];

/**
 * CRAWL_LIMITS (JSON, e.g. '{"checksPerRoute":500,"maxChecks":5000}') widens the bounds for an
 * audit by hand; CRAWL_REPORT=<file> writes what each role visited and what the bounds left out.
 */
const limits: Partial<CrawlLimits> = process.env.CRAWL_LIMITS ? JSON.parse(process.env.CRAWL_LIMITS) : {};
const crawlTimeout = process.env.CRAWL_LIMITS ? 1_800_000 : 240_000;

beforeAll(async () => {
  if (!existsSync(serverEntry)) throw new Error("No production build: run `npm run build` first (npm test does).");
  const build = (await import(path.join(buildDir, "server", "index.js"))) as { routes: Record<string, ManifestRoute> };
  routeIdOf = routeMatcher(build.routes);

  // On PostgreSQL the server shares this file's database; the embedded one is a file a single
  // process opens, so the server gets a fresh one (seeded by itself) and users sign in by form.
  // Either way its files (the demo lesson clips, stored at start) go to a folder of its own.
  const url = database().url;
  dataDir = mkdtempSync(path.join(tmpdir(), "mkt-crawl-"));
  // A port found free can be taken by another test's server before this one listens: a server
  // that exits while starting is started again on another port.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const started = spawn(process.execPath, [serverEntry], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: "site-crawl-secret-site-crawl-secret-0000",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_ORIGIN: origin,
        WEB_CONCURRENCY: "2",
        LOG_LEVEL: "silent",
        DATA_DIR: dataDir,
        ...(url ? { DATABASE_URL: url, SEED_DEMO_DATA: "true" } : {}),
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    server = started;
    // Generous: on a busy two-core machine the other test worker competes for the CPU.
    await waitFor(async () => started.exitCode !== null || (await fetch(`${origin}/healthz`)).ok, 180_000);
    if (started.exitCode === null) break;
    if (attempt === 3) throw new Error(`the server exited with ${started.exitCode} while starting, three times`);
  }
}, 240_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) server.kill("SIGKILL");
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (timings.length) console.info(`site crawl: ${timings.join("; ")}`);
});

/** The Cookie header of a signed-in session for this demo account. */
async function sessionFor(email: string): Promise<string> {
  if (database().url) {
    const { id } = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    return `${SESSION_COOKIE}=${await sessionCookieFor(id)}`;
  }
  // Through the sign-in form, as a browser without JavaScript.
  const form = await fetch(`${origin}/users/sign_in`, { headers: { Accept: "text/html" } });
  const csrfCookie = form.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await form.text())?.[1];
  const answer = await fetch(`${origin}/users/sign_in`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Origin: origin, Cookie: csrfCookie.join("; ") },
    body: new URLSearchParams({ csrf_token: token ?? "", email, password: "demo-password" }),
  });
  const session = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error(`could not sign in as ${email} (${answer.status})`);
  return session.split(";")[0]!;
}

describe("the demo site, crawled as a guest, a student, an instructor and an admin", () => {
  it("has no broken link, media or canonical address, no address over 2,000 characters and no crawler trap", async () => {
    const assetCache = new Map<string, Promise<string>>();
    const visitedByOthers = new Set<string>();
    for (const { role, email, roles, seeds } of ROLES) {
      const started = performance.now();
      const cookie = email ? await sessionFor(email) : undefined;
      const crawl = await crawlRole({
        role,
        origin,
        cookie,
        seeds: [...seeds, ...sampleSeeds(roles)],
        routeIdOf,
        skip,
        limits,
        clientDir: path.join(buildDir, "client"),
        assetCache,
        visitedByOthers,
        // Public pages look alike to every role: each role visits ones the others have not first.
        shared: (routeId) => routeId !== undefined && isKnownRoute(routeId) && ROUTE_RULES[routeId].access === "public",
        onPage: (page) => {
          if (!page.routeId || !page.contentType.includes("text/html") || pagesByRoute.has(page.routeId)) return;
          pagesByRoute.set(page.routeId, page);
          validations.push(validate(page));
        },
      });
      crawls.push(crawl);
      if (process.env.CRAWL_REPORT) {
        const lines = [`# ${role}`, "## failures", ...crawl.failures.map((failure) => `${formatFailure(failure)}${failure.others.length ? ` — also ${failure.others.join(", ")}` : ""}`), "## visited", ...crawl.visitedUrls, "## checked", ...crawl.checkedUrls, "## over the bounds (path: links)", ...[...crawl.uncheckedPaths].sort((a, b) => b[1] - a[1]).map(([pathname, count]) => `${pathname}: ${count}`)];
        appendFileSync(process.env.CRAWL_REPORT, `${lines.join("\n")}\n`);
      }
      timings.push(`${role} ${crawl.visited} visited + ${crawl.checked} checked (${crawl.unchecked} links left out by the bounds, ${crawl.external} to other sites) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const failures = crawls.flatMap((crawl) => crawl.failures);
    expect(failures.map(formatFailure).sort(byRoleThenUrl), "broken or unbounded addresses").toEqual([]);
  }, crawlTimeout);

  it("reaches every role's home page (the crawl is not silently empty)", () => {
    const reached = new Set(crawls.flatMap((crawl) => [...crawl.routeIds]));
    for (const routeId of ["routes/courses+/_index", "routes/dashboard", "routes/instructor-dashboard", "routes/admin+/_index"]) expect(reached, routeId).toContain(routeId);
  });

  it("serves valid HTML on one page of every route reached (rules: .htmlvalidate.mjs)", async () => {
    expect(pagesByRoute.size, "pages collected by the crawl").toBeGreaterThan(10);
    const problems = (await Promise.all(validations)).flat().sort();
    timings.push(`html-validate ${pagesByRoute.size} pages in ${(validationMs / 1000).toFixed(1)} s`);
    expect(problems, "html-validate").toEqual([]);
  }, 120_000);
});

describe("the crawler's bounds", () => {
  it("fails fast on a link that nests its own return address, on over-long addresses and on broken links and images", async () => {
    // A site whose every page links to itself with its own address in `from`: without bounds the
    // addresses grow without end.
    const site = createServer((request, response) => {
      const url = new URL(request.url!, "http://x");
      if (url.pathname === "/broken" || url.pathname === "/missing.png") return void response.writeHead(404).end();
      const here = `${url.pathname}${url.search}`;
      response.writeHead(200, { "Content-Type": "text/html" }).end(
        `<!doctype html><a href="/trap?from=${encodeURIComponent(here)}">tour</a><a href="/long?q=${"x".repeat(2_100)}">long</a><a href="/broken">broken</a><img src="/missing.png" alt="">`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      const started = performance.now();
      const crawl = await crawlRole({ role: "guest", origin: siteOrigin, seeds: ["/"], routeIdOf: (pathname) => pathname, skip: () => undefined });
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(crawl.visitedUrls.filter((url) => url.startsWith("/trap")).length).toBeLessThanOrEqual(3);
      const lines = crawl.failures.map(formatFailure);
      expect(lines).toContainEqual(expect.stringMatching(/^guest: \/trap\?from=.* \(nests its own "from" parameter/));
      expect(lines).toContainEqual(expect.stringMatching(/^guest: .*\/long\?q=x+… \(2\d{3} characters\) \(longer than 2000 characters\)/));
      expect(lines).toContainEqual(expect.stringMatching(/^guest: \/broken \(404\) ← linked from \/( \(and \d+ more pages?\))?$/));
      expect(lines).toContainEqual(expect.stringMatching(/^guest: \/missing\.png \(404\) ← linked from \/.* \[image\]$/));
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it("names the route of an address as the server matches it", () => {
    expect(routeIdOf("/courses/waterloo-math-137")).toBe("routes/courses+/$idOrSlug");
    expect(routeIdOf("/online-courses/3/manager/editor")).toBe("routes/online-courses+/$id_.manager.editor");
    expect(routeIdOf("/no/such/page")).toBe("routes/$");
  });
});

const ROLE_ORDER: string[] = ROLES.map((role) => role.role);
function byRoleThenUrl(a: string, b: string) {
  const roleOf = (line: string) => ROLE_ORDER.indexOf(line.slice(0, line.indexOf(":")));
  return roleOf(a) - roleOf(b) || a.localeCompare(b);
}

