import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { Parser, StaticConfigLoader, type HtmlElement } from "html-validate";

/**
 * A small, bounded crawler for the site guard (tests/system/site-crawl.test.ts): GET only, over
 * HTTP, as one identity at a time (a fixed Cookie header). It follows same-origin `a[href]` links,
 * checks without following what a page points at (canonical and og:url addresses, images, media,
 * scripts, stylesheets and other `link[href]`s), and reports every address that answers ≥ 400
 * (after its redirects), every address longer than the limit, and every link that nests a return
 * address inside itself (a crawler trap: the address grows on each visit).
 *
 * Bounds, so a new screen with thousands of links (or a trap) cannot make it run for long:
 * - a page is *visited* (read whole: its links followed, its images, scripts, stylesheets and
 *   canonical address checked, handed to `onPage` for validation) while its route id has had
 *   fewer than `visitsPerRoute` visits and the role fewer than `maxVisits`;
 * - any other link is *checked*: its status, and the links of the page it answers are followed
 *   in turn (so a broken link three pages deep is still found), while its route has had fewer
 *   than `checksPerRoute` checks and its path fewer than `queryVariantsPerPath` query strings,
 *   up to `maxChecks` for the role;
 * - everything else is counted as left out, and addresses past `maxUrlLength` fail unfetched.
 * A trap therefore costs at most a few requests of its route before its report.
 */

export interface CrawlLimits {
  visitsPerRoute: number;
  maxVisits: number;
  checksPerRoute: number;
  queryVariantsPerPath: number;
  maxChecks: number;
  maxUrlLength: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Redirect hops followed before an answer counts as a redirect loop. */
  maxRedirects: number;
}

export const DEFAULT_LIMITS: CrawlLimits = {
  visitsPerRoute: 3,
  maxVisits: 250,
  checksPerRoute: 25,
  queryVariantsPerPath: 3,
  maxChecks: 400,
  maxUrlLength: 2_000,
  concurrency: 4,
  maxRedirects: 8,
};

/** Which address kinds a page points at, for the report ("image", "canonical", …). */
export type LinkKind = "link" | "canonical" | "og:url" | "image" | "media" | "script" | "asset";

export interface Reference {
  kind: LinkKind;
  url: string;
}

export interface CrawlFailure {
  role: string;
  url: string;
  /** The HTTP status of the final answer, or what is wrong without one ("too long", …). */
  status: string;
  kind: LinkKind | "seed";
  /** The page that points at it (the first one found), how many others do too, and the first few of them. */
  from: string;
  alsoFrom: number;
  others: string[];
}

export interface CrawledPage {
  role: string;
  url: string;
  /** After redirects. */
  finalUrl: string;
  status: number;
  routeId: string | undefined;
  contentType: string;
  html: string;
}

export interface RoleCrawl {
  role: string;
  visited: number;
  checked: number;
  /** Links neither visited nor checked because a bound was reached. */
  unchecked: number;
  /** The addresses visited and checked, and how many links each path had left out (for CRAWL_REPORT). */
  visitedUrls: string[];
  checkedUrls: string[];
  uncheckedPaths: Map<string, number>;
  /** Distinct links to other sites (not fetched). */
  external: number;
  routeIds: Set<string>;
  failures: CrawlFailure[];
}

// ── Route ids ─────────────────────────────────────────────────────────────────────────────────

/** The part of a Remix server build's route manifest the crawler reads (`build.routes`). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/**
 * Matches a pathname against the build's routes as the server does, and answers the id of the
 * deepest route (e.g. "routes/courses+/$idOrSlug"), or undefined when nothing matches.
 */
export function routeMatcher(routes: Record<string, ManifestRoute | undefined>) {
  const all = Object.values(routes).filter((route): route is ManifestRoute => Boolean(route));
  const childrenOf = (parentId: string | undefined): AgnosticRouteObject[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  const tree = childrenOf(undefined);
  return (pathname: string) => matchRoutes(tree, pathname)?.at(-1)?.route.id;
}

// ── Reading pages ─────────────────────────────────────────────────────────────────────────────

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the character references React and hand-written markup put in attribute values. */
export function decodeEntities(value: string) {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

let sharedParser: Parser | undefined;

/** html-validate's parser (already a dev dependency), with only the HTML5 element table. */
async function parser() {
  if (!sharedParser) {
    const config = await new StaticConfigLoader({ elements: ["html5"] }).getConfigFor("crawl.html");
    sharedParser = new Parser(config);
  }
  return sharedParser;
}

/** A page's element tree, as html-validate parses it (querySelector, getAttributeValue, textContent). */
export async function parseHtml(html: string) {
  return (await parser()).parseHtml(html);
}

const attribute = (element: HtmlElement, name: string) => {
  const value = element.getAttributeValue(name);
  return value === null ? undefined : decodeEntities(value).trim();
};

/** The address of every candidate of a srcset ("a.webp 1x, b.webp 2x" → a.webp, b.webp). */
const srcsetUrls = (srcset: string) =>
  srcset
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0])
    .filter((url): url is string => Boolean(url));

// Rels that name an origin, not a resource (nothing to fetch).
const ORIGIN_RELS = new Set(["preconnect", "dns-prefetch"]);

/** What a page links to (`follow`) and points at (`check`), as written (not yet resolved). */
export async function readReferences(html: string): Promise<{ follow: string[]; check: Reference[] }> {
  const root = (await parser()).parseHtml(html);
  const follow: string[] = [];
  const check: Reference[] = [];
  for (const anchor of root.querySelectorAll("a[href], area[href]")) {
    const href = attribute(anchor, "href");
    if (href !== undefined) follow.push(href);
  }
  for (const link of root.querySelectorAll("link[href]")) {
    const rels = (attribute(link, "rel") ?? "").toLowerCase().split(/\s+/);
    if (rels.some((rel) => ORIGIN_RELS.has(rel))) continue;
    check.push({ kind: rels.includes("canonical") ? "canonical" : "asset", url: attribute(link, "href")! });
  }
  for (const meta of root.querySelectorAll('meta[property="og:url"], meta[property="og:image"], meta[name="twitter:image"]')) {
    const content = attribute(meta, "content");
    if (content) check.push({ kind: meta.getAttributeValue("property") === "og:url" ? "og:url" : "image", url: content });
  }
  for (const element of root.querySelectorAll("img, source, video, audio, track, input[type=image], script[src], iframe[src], embed[src], object[data]")) {
    const kind: LinkKind = element.tagName === "script" ? "script" : element.tagName === "img" || element.tagName === "input" ? "image" : "media";
    for (const name of ["src", "poster", "data"]) {
      const value = attribute(element, name);
      if (value) check.push({ kind: name === "poster" ? "image" : kind, url: value });
    }
    const srcset = attribute(element, "srcset");
    if (srcset) for (const url of srcsetUrls(srcset)) check.push({ kind: "image", url });
  }
  return { follow, check };
}

/**
 * Query parameters of `url` whose value is itself an address carrying the same parameter (a
 * return address that nests return addresses: `?from=/a?from=/b…`). A page that links to
 * itself that way makes a new, longer address on every visit.
 */
export function nestedReturnParameters(url: URL): string[] {
  const nested: string[] = [];
  for (const [name, value] of url.searchParams) {
    if (!value.startsWith("/") && !/^https?:\/\//i.test(value)) continue;
    let inner: URL;
    try {
      inner = new URL(value, url.origin);
    } catch {
      continue;
    }
    if (inner.searchParams.has(name)) nested.push(name);
  }
  return nested;
}

/** A stable shuffle of the links, different for each role (FNV-1a of role and link). */
export function inRoleOrder(links: readonly string[], role: string) {
  const hash = (text: string) => {
    let value = 0x811c9dc5;
    for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193) >>> 0;
    return value;
  };
  return links.map((link) => ({ link, key: hash(`${role} ${link}`) })).sort((a, b) => a.key - b.key).map(({ link }) => link);
}

// ── Crawling ──────────────────────────────────────────────────────────────────────────────────

export interface CrawlRoleOptions {
  role: string;
  origin: string;
  /** The Cookie header every request carries (the session, preferences). */
  cookie?: string;
  seeds: string[];
  routeIdOf: (pathname: string) => string | undefined;
  /** Why this address must not be fetched at all (signs out, takes only mutations), or undefined. */
  skip: (url: URL, routeId: string | undefined) => string | undefined;
  /** The build's client folder: addresses of files in it are static assets, checked once for every role. */
  clientDir?: string;
  /** Results of static asset checks, shared between roles. */
  assetCache?: Map<string, Promise<string>>;
  /**
   * Pages visited by the roles crawled before, shared between roles (this role adds its own). A
   * link to one of them, on a route `shared` says every role sees alike, waits until this role's
   * other links run out: each role's bounded visits go to pages no role has read yet first.
   */
  visitedByOthers?: Set<string>;
  shared?: (routeId: string | undefined) => boolean;
  limits?: Partial<CrawlLimits>;
  /** Called with every HTML page visited. */
  onPage?: (page: CrawledPage) => void;
}

interface Answer {
  status: number;
  finalUrl: string;
  contentType: string;
  body?: string;
  /** Why the answer is a failure without an HTTP error (redirect loop, too long, network). */
  problem?: string;
}

const isStaticFile = (clientDir: string | undefined, pathname: string) => {
  if (!clientDir || pathname === "/") return false;
  let file: string;
  try {
    file = path.join(clientDir, decodeURIComponent(pathname));
  } catch {
    return false;
  }
  if (!file.startsWith(clientDir)) return false;
  return existsSync(file) && statSync(file).isFile();
};

const withoutHash = (url: URL) => {
  const copy = new URL(url);
  copy.hash = "";
  return copy.href;
};

/** A relative form of a same-origin address, for the report. */
const shown = (url: string, origin: string) => (url.startsWith(origin) ? url.slice(origin.length) || "/" : url);

export async function crawlRole(options: CrawlRoleOptions): Promise<RoleCrawl> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { origin, role } = options;
  const headers: Record<string, string> = { Accept: "text/html,application/xhtml+xml,*/*;q=0.8", "User-Agent": "site-crawl-guard" };
  if (options.cookie) headers.Cookie = options.cookie;

  /** One request and its redirects (same origin only); the body is read only when asked for. */
  async function get(href: string, readBody: boolean, sendCookie = true): Promise<Answer> {
    const seen = new Set<string>();
    let current = href;
    for (let hop = 0; hop <= limits.maxRedirects; hop++) {
      if (current.length > limits.maxUrlLength) return { status: 0, finalUrl: current, contentType: "", problem: `redirects to an address of ${current.length} characters` };
      seen.add(current);
      let response: Response;
      try {
        response = await fetch(current, { redirect: "manual", headers: sendCookie ? headers : { "User-Agent": headers["User-Agent"]! } });
      } catch (error) {
        return { status: 0, finalUrl: current, contentType: "", problem: `request failed: ${(error as Error).message}` };
      }
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        const next = new URL(location, current);
        // A redirect off the site (a payment page, a provider's sign-in) is not followed.
        if (next.origin !== origin) return { status: response.status, finalUrl: next.href, contentType: "" };
        next.hash = "";
        if (seen.has(next.href)) return { status: response.status, finalUrl: next.href, contentType: "", problem: "redirect loop" };
        current = next.href;
        continue;
      }
      const contentType = response.headers.get("content-type") ?? "";
      const wanted = readBody && response.status < 500 && contentType.includes("text/html");
      const body = wanted ? await response.text() : undefined;
      if (!wanted) await response.body?.cancel();
      return { status: response.status, finalUrl: current, contentType, body };
    }
    return { status: 0, finalUrl: current, contentType: "", problem: `more than ${limits.maxRedirects} redirects` };
  }

  // One failure per address and problem, with every page that points at it.
  const failures = new Map<string, { failure: CrawlFailure; referrers: Set<string> }>();
  const fail = (url: string, status: string, kind: CrawlFailure["kind"], from: string, key = `${url} ${status}`) => {
    const known = failures.get(key);
    if (known) known.referrers.add(shown(from, origin));
    else failures.set(key, { failure: { role, url: shown(url, origin), status, kind, from: shown(from, origin), alsoFrom: 0, others: [] }, referrers: new Set([shown(from, origin)]) });
  };

  // Each address's outcome is settled once; later referrers only add to the failure's count.
  const outcomes = new Map<string, Promise<string | undefined>>();
  const visitsPerRoute = new Map<string, number>();
  const variantsPerPath = new Map<string, number>();
  const checksPerRoute = new Map<string, number>();
  const routeIds = new Set<string>();
  let visits = 0;
  let checks = 0;
  let unchecked = 0;
  const uncheckedPaths = new Map<string, number>();
  const visitedUrls: string[] = [];
  const checkedUrls: string[] = [];
  const external = new Set<string>();
  /** Links to pages an earlier role visited, kept for when this role's own links run out. */
  const deferred = new Map<string, Candidate>();

  interface Candidate {
    href: string;
    url: URL;
    routeId: string | undefined;
    kind: LinkKind | "seed";
    from: string;
  }

  // A small pool: `queue` holds tasks, at most `concurrency` run at once. When it drains, the
  // deferred links get their turn; the crawl ends when both are empty.
  const queue: (() => Promise<void>)[] = [];
  let running = 0;
  let settle!: () => void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  const pump = () => {
    for (;;) {
      while (running < limits.concurrency && queue.length > 0) {
        const task = queue.shift()!;
        running++;
        void task()
          .catch((error) => fail("(crawler)", `crashed: ${(error as Error).stack ?? error}`, "link", "(crawler)"))
          .finally(() => {
            running--;
            pump();
          });
      }
      if (running > 0 || queue.length > 0) return;
      if (deferred.size === 0) return settle();
      const turn = [...deferred.values()];
      deferred.clear();
      for (const candidate of turn) decide(candidate, false);
    }
  };

  /** Whether the outcome is a failure worth reporting: its status text, or undefined when fine. */
  const verdict = (answer: Answer) => {
    if (answer.problem) return answer.problem;
    if (answer.status >= 400) return String(answer.status);
    return undefined;
  };

  const routeKey = (routeId: string | undefined) => routeId ?? "(no route)";
  const wantsVisit = (routeId: string | undefined) => visits < limits.maxVisits && (visitsPerRoute.get(routeKey(routeId)) ?? 0) < limits.visitsPerRoute;

  /** A reference found on `from`: resolve, vet, then visit, check or count it as left out. */
  function consider(raw: string, from: string, kind: LinkKind | "seed") {
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    let url: URL;
    try {
      url = new URL(trimmed, from);
    } catch {
      fail(trimmed, "not a valid address", kind, from);
      return;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") return;
    const href = withoutHash(url);
    if (href.length > limits.maxUrlLength) {
      fail(`${href.slice(0, 120)}… (${href.length} characters)`, `longer than ${limits.maxUrlLength} characters`, kind, from, `too-long ${url.pathname}`);
      return;
    }
    if (url.origin !== origin) {
      external.add(href);
      return;
    }
    const nested = nestedReturnParameters(url);
    if (nested.length > 0) {
      // One report per route and parameter: the trap repeats on every page that has the link.
      fail(href, `nests its own "${nested.join('", "')}" parameter (a new, longer address on every visit)`, kind, from, `nested ${url.pathname} ${nested.join()}`);
    }
    const routeId = options.routeIdOf(url.pathname);
    if (options.skip(url, routeId)) return;

    const known = outcomes.get(href);
    if (known) {
      void known.then((status) => status && fail(href, status, kind, from));
      return;
    }
    if (deferred.has(href)) return;

    if (options.assetCache && isStaticFile(options.clientDir, url.pathname)) {
      let shared = options.assetCache.get(href);
      if (!shared) {
        shared = get(href, false, false).then((answer) => verdict(answer) ?? "");
        options.assetCache.set(href, shared);
      }
      const outcome = shared.then((status) => status || undefined);
      outcomes.set(href, outcome);
      void outcome.then((status) => status && fail(href, status, kind, from));
      return;
    }
    decide({ href, url, routeId, kind, from }, true);
  }

  /** Visit (within the route's bound), else check (within the path's), else count as left out. */
  function decide(candidate: Candidate, mayDefer: boolean) {
    const { href, url, routeId, kind } = candidate;
    if ((kind === "link" || kind === "seed") && wantsVisit(routeId)) {
      if (mayDefer && kind === "link" && options.shared?.(routeId) && options.visitedByOthers?.has(href)) {
        deferred.set(href, candidate);
        return;
      }
      visits++;
      visitsPerRoute.set(routeKey(routeId), (visitsPerRoute.get(routeKey(routeId)) ?? 0) + 1);
      variantsPerPath.set(url.pathname, (variantsPerPath.get(url.pathname) ?? 0) + 1);
      return start(candidate, "visit");
    }
    const variants = variantsPerPath.get(url.pathname) ?? 0;
    // A canonical or og:url address is what search engines keep: always checked.
    const always = kind === "canonical" || kind === "og:url";
    const routeChecks = checksPerRoute.get(routeKey(routeId)) ?? 0;
    const withinBounds = always || (variants < limits.queryVariantsPerPath && (kind !== "link" || routeChecks < limits.checksPerRoute));
    if (!withinBounds || checks >= limits.maxChecks) {
      unchecked++;
      uncheckedPaths.set(url.pathname, (uncheckedPaths.get(url.pathname) ?? 0) + 1);
      return;
    }
    variantsPerPath.set(url.pathname, variants + 1);
    if (kind === "link") checksPerRoute.set(routeKey(routeId), routeChecks + 1);
    checks++;
    start(candidate, "check");
  }

  function start({ href, kind, from }: Candidate, mode: "visit" | "check") {
    let resolveOutcome!: (status: string | undefined) => void;
    const outcome = new Promise<string | undefined>((resolve) => (resolveOutcome = resolve));
    outcomes.set(href, outcome);
    void outcome.then((status) => status && fail(href, status, kind, from));
    if (mode === "check") checkedUrls.push(shown(href, origin));
    if (mode === "visit") {
      visitedUrls.push(shown(href, origin));
      options.visitedByOthers?.add(href);
    }
    queue.push(async () => {
      // A checked link's page is read too: its links are followed in turn (only a visit checks
      // what the page embeds and hands the page on for validation).
      const answer = await get(href, mode === "visit" || kind === "link");
      resolveOutcome(verdict(answer));
      if (answer.body === undefined) return;
      const references = await readReferences(answer.body);
      if (mode === "visit") {
        const finalRoute = options.routeIdOf(new URL(answer.finalUrl).pathname);
        if (finalRoute) routeIds.add(finalRoute);
        options.onPage?.({ role, url: href, finalUrl: answer.finalUrl, status: answer.status, routeId: finalRoute, contentType: answer.contentType, html: answer.body });
      }
      // In an order of this role's own: where a page lists more links to one route than its
      // bound (twenty courses, three visits), each role takes a different few.
      for (const link of inRoleOrder(references.follow, role)) consider(link, answer.finalUrl, "link");
      if (mode === "visit") for (const reference of references.check) consider(reference.url, answer.finalUrl, reference.kind);
    });
  }

  for (const seed of options.seeds) consider(seed, `${origin}/`, "seed");
  pump();
  await done;
  // Let the last outcomes report their referrers.
  await Promise.all(outcomes.values());
  await new Promise((resolve) => setImmediate(resolve));

  const reported = [...failures.values()].map(({ failure, referrers }) => {
    const others = [...referrers].filter((page) => page !== failure.from);
    return { ...failure, alsoFrom: others.length, others: others.slice(0, 5) };
  });
  return { role, visited: visits, checked: checks, unchecked, visitedUrls, checkedUrls, uncheckedPaths, external: external.size, routeIds, failures: reported };
}

/** "role: url (status) ← linked from page", one line per failure (what kind of reference, when not a link). */
export function formatFailure(failure: CrawlFailure) {
  const others = failure.alsoFrom > 0 ? ` (and ${failure.alsoFrom} more ${failure.alsoFrom === 1 ? "page" : "pages"})` : "";
  const kind = failure.kind === "link" || failure.kind === "seed" ? "" : ` [${failure.kind}]`;
  const from = failure.kind === "seed" ? "a start page" : `linked from ${failure.from}`;
  return `${failure.role}: ${failure.url} (${failure.status}) ← ${from}${others}${kind}`;
}
