import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type BrowserContextOptions, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { TOUR_PROMPTS_COOKIE } from "../../app/site-tours/tours";
import { THEME_COOKIE, type Appearance } from "../../app/theme/theme";
import { DEMO_PASSWORD } from "./support/accounts";
import { AXE_PAGES, type AxePage, type AxeRole } from "./support/axe-pages";

/**
 * WCAG 2.2 A and AA as axe-core checks them (issue "WCAG 2.2 AA and a clean crawl"): one page of
 * every page route, as the role that lives there (which pages, and as whom:
 * tests/e2e/support/axe-pages.ts), in the light and the dark theme, at a desktop width (1280 px)
 * and a phone's (390 px). Any violation fails, whatever its impact.
 *
 * Kept fast for CI (AXE_TIMING=1 prints where the time goes):
 * - each worker signs each role in once (the sign-in form's POST, no browser) and keeps one page
 *   per role for all its tests; tests spread over the workers;
 * - a page is loaded once per theme and scanned at both widths (the layout follows the viewport
 *   through CSS, so resizing is enough), with axe put in the page once per load;
 * - the dark page runs only the rules colours can change (COLOUR_RULES) when its markup is the
 *   light page's, element for element; if the markup differs, every rule runs again.
 *
 * Each page also hydrates without an error in the console, so this is where every page route
 * is loaded with JavaScript at least once.
 */

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const THEMES: Appearance[] = ["light", "dark"];
const VIEWPORTS = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
] as const;

interface Sessions {
  /** This worker's page for the role (signed in once, reused by every test of the role). */
  pageFor(role: AxeRole): Promise<Page>;
}

/** Console errors and uncaught exceptions of each page since the test that uses it began. */
const consoleErrors = new WeakMap<Page, string[]>();

const test = base.extend<object, { sessions: Sessions }>({
  sessions: [
    async ({ browser, playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const pages = new Map<AxeRole, Promise<Page>>();

      async function open(role: AxeRole): Promise<Page> {
        let storageState: BrowserContextOptions["storageState"];
        if (role !== "guest") {
          // The sign-in form's POST, as a browser without JavaScript sends it.
          const request = await playwright.request.newContext({ baseURL });
          const form = await request.get("/users/sign_in");
          const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await form.text())?.[1];
          const answer = await request.post("/users/sign_in", {
            form: { csrf_token: token ?? "", email: `${role}@demo.test`, password: DEMO_PASSWORD },
            headers: { Origin: baseURL },
            maxRedirects: 0,
          });
          expect(answer.status(), `signing in as ${role}@demo.test`).toBe(302);
          storageState = await request.storageState();
          await request.dispose();
        }
        const context = await browser.newContext({ baseURL, storageState, viewport: VIEWPORTS[0], reducedMotion: "reduce" });
        // The "Want a tour?" toast would come up over the page a second after it loads.
        await context.addCookies([{ name: TOUR_PROMPTS_COOKIE, value: "off", url: baseURL }]);
        const page = await context.newPage();
        const errors: string[] = [];
        consoleErrors.set(page, errors);
        page.on("console", (message) => {
          if (message.type() === "error") errors.push(message.text());
        });
        page.on("pageerror", (error) => errors.push(error.message));
        return page;
      }

      await use({
        pageFor(role) {
          if (!pages.has(role)) pages.set(role, open(role));
          return pages.get(role)!;
        },
      });
      for (const page of pages.values()) await (await page).context().close();
    },
    { scope: "worker" },
  ],
});

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs as a script in the page; the js-off project gets the same markup");
// A trace would record every DOM snapshot of axe's runs (slow, and large); the failure lists the
// violations with their elements instead.
test.use({ trace: "off" });

/** The page's address: as written, or found by following links from a page of the role. */
async function addressOf(page: Page, target: AxePage): Promise<string> {
  if (typeof target.url === "string") return target.url;
  let here = target.url.from;
  for (const link of target.url.links) {
    const answer = await page.request.get(here);
    expect(answer.ok(), `${here} answers`).toBe(true);
    const anchors = [...(await answer.text()).matchAll(/<a\b[^>]*\shref="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({ href: match[1]!.replace(/&amp;/g, "&"), text: match[2]! }));
    const next = anchors.find((anchor) => (link instanceof RegExp ? link.test(anchor.href) : link.href.test(anchor.href) && anchor.text.includes(link.text)))?.href;
    if (!next) throw new Error(`no link matching ${link} on ${here}: the demo data or the page changed; update EXTRA_PAGES`);
    here = next;
  }
  return here;
}

/** One line per violation: where, which rule, its impact and up to five elements (with colours for contrast). */
function describe(violations: AxeResults["violations"], where: string): string[] {
  return violations.map((violation) => {
    const nodes = violation.nodes.slice(0, 5).map((node) => {
      const data = node.any.find((check) => check.id === "color-contrast")?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string } | undefined;
      const colours = data?.fgColor ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}, needs ${data.expectedContrastRatio}]` : "";
      return `${node.target.join(" ")}${colours}`;
    });
    const more = violation.nodes.length > 5 ? ` (+${violation.nodes.length - 5} more)` : "";
    return `${where}: ${violation.id} (${violation.impact}): ${violation.help} — ${nodes.join("; ")}${more}`;
  });
}

/**
 * axe-core's own build, as @axe-core/playwright bundles it (the same 4.14 release), put in the page
 * once per load and run with `axe.run` for each width: AxeBuilder would inject its 500 KB twice
 * per scan, and in its default mode finish each scan in a new blank page.
 */
const AXE_SOURCE = readFileSync(createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"), "utf8");

/** Rules whose outcome can change with colours alone; the rest see the same markup in either theme. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

async function scan(page: Page, rules: "all" | string[]): Promise<AxeResults["violations"]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const runOnly = rules === "all" ? { type: "tag" as const, values: TAGS } : { type: "rule" as const, values: rules };
  return page.evaluate(async (options) => (await (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, options)).violations, { runOnly, resultTypes: ["violations" as const] });
}

for (const target of AXE_PAGES) {
  test(`${target.name} as ${target.role}`, async ({ sessions, baseURL }) => {
    const page = await sessions.pageFor(target.role);
    const errors = consoleErrors.get(page)!;
    errors.length = 0;
    const url = await addressOf(page, target);
    const problems: string[] = [];
    const timing = process.env.AXE_TIMING ? (label: string, started: number) => console.info(`${target.name} ${label} ${Math.round(performance.now() - started)} ms`) : () => {};
    let lightMarkup: string | undefined;
    for (const theme of THEMES) {
      let started = performance.now();
      await page.context().addCookies([{ name: THEME_COOKIE, value: theme, url: baseURL! }]);
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize(VIEWPORTS[0]);
      const response = await page.goto(url);
      if (target.status) expect(response?.status(), `${url} answers`).toBe(target.status);
      else expect(response?.ok(), `${url} answers ${response?.status()}`).toBe(true);
      await expect(page.locator("html"), "the theme cookie is applied").toHaveClass(new RegExp(`\\b${theme}\\b`));
      // Hydrated (the router is up), then a frame so effects have painted.
      await page.waitForFunction(() => "__remixRouter" in window);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
      // The dark page runs only the colour rules when its markup is the light page's (the same
      // elements in the same order); otherwise every rule again.
      const markup = await page.evaluate(() => [...document.body.querySelectorAll("*")].map((element) => element.tagName).join());
      const rules = theme === "light" || markup !== lightMarkup ? "all" : COLOUR_RULES;
      lightMarkup ??= markup;
      timing(`${theme} load`, started);
      for (const viewport of VIEWPORTS) {
        started = performance.now();
        if (viewport !== VIEWPORTS[0]) await page.setViewportSize(viewport);
        problems.push(...describe(await scan(page, rules), `${url} ${theme} ${viewport.name}px`));
        timing(`${theme} ${viewport.name} axe (${rules === "all" ? "all rules" : rules.join(", ")})`, started);
      }
    }
    expect(problems, `axe-core (${TAGS.join(", ")}) on ${url} as ${target.role}`).toEqual([]);
    // A page that answers 403 or 404 on purpose logs the failed load of its own document.
    const unexpected = errors.filter((error) => !(target.status && error.includes(`status of ${target.status}`)));
    expect(unexpected, `console errors on ${url} as ${target.role}`).toEqual([]);
  });
}
