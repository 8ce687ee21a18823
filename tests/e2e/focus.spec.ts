import type { Page } from "@playwright/test";
import { THEME_COOKIE, type Appearance } from "../../app/theme/theme";
import { signIn } from "./support/accounts";
import { contrastRatio, paintOver, parseColor, ringColors, ringContrast, visibleBackground, type Rgba, type RingStyle } from "./support/contrast";
import { expect, test } from "./support/fixtures";

/**
 * WCAG 2.2 AA for keyboard users (issue "WCAG 2.2 AA", findings 1, 2 and 5): whatever the
 * keyboard focuses is not hidden under anything (2.4.11), its focus ring stands out at least 3:1
 * from what is behind it (1.4.11), and the small text of badges and hovered buttons reaches 4.5:1
 * on their own background (1.4.3). Each page is walked with the Tab key as a person would, a
 * limited number of stops.
 */

// The styles are read by a script in the page; the markup is the same without JavaScript.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "reads computed styles with a script in the page");

const COURSE = "waterloo-math-137-exam-prep";
// Enough for the banner and the whole bar, and for a page's first controls (a stop costs a round trip).
const SHELL_STOPS = 16;
const CONTENT_STOPS = 12;

/** What the page reports about the focused element (gathered in the browser, judged here). */
interface FocusReport {
  name: string;
  /** The element drawn at the centre of the focused one, when it is another (null: the focused one shows). */
  coveredBy: string | null;
  ring: RingStyle;
  /** Background colours at the element's centre, from the element itself down (topmost first). */
  under: string[];
  /** Background colours just outside each side of the element, where its ring is drawn. */
  around: string[][];
  canvas: string;
}

/** Runs in the page: the focused element, whether it is the one seen at its centre, its ring and the colours behind it. */
function reportFocus(): FocusReport | null {
  const element = document.activeElement;
  if (!element || element === document.body || element === document.documentElement) return null;
  const describe = (node: Element) => {
    const label = (node.getAttribute("aria-label") ?? node.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    const classes = (node.getAttribute("class") ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 2);
    return `<${node.tagName.toLowerCase()}${classes.map((name) => `.${name}`).join("")}> “${label}”`;
  };
  const box = element.getBoundingClientRect();
  // A link that wraps onto two lines has a gap at the centre of its box: look at its first line.
  const first = element.getClientRects()[0] ?? box;
  const centre = { x: first.left + first.width / 2, y: first.top + first.height / 2 };
  const onTop = document.elementFromPoint(centre.x, centre.y);
  const coveredBy = onTop && (onTop === element || element.contains(onTop)) ? null : onTop ? describe(onTop) : "nothing: it is off screen";
  const backgrounds = (nodes: Element[]) => nodes.map((node) => getComputedStyle(node).backgroundColor);
  const stack = document.elementsFromPoint(centre.x, centre.y);
  const inViewport = ({ x, y }: { x: number; y: number }) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  // 3 px out: inside a 2 px ring drawn 2 px outside the element, or on a ring drawn closer.
  const middle = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  const sides = [
    { x: box.left - 3, y: middle.y },
    { x: box.right + 3, y: middle.y },
    { x: middle.x, y: box.top - 3 },
    { x: middle.x, y: box.bottom + 3 },
  ].filter(inViewport);
  const style = getComputedStyle(element);
  const scheme = getComputedStyle(document.documentElement).colorScheme;
  return {
    name: describe(element),
    coveredBy,
    ring: { outlineStyle: style.outlineStyle, outlineWidth: style.outlineWidth, outlineColor: style.outlineColor, boxShadow: style.boxShadow },
    under: backgrounds(stack.includes(element) ? stack.slice(stack.indexOf(element)) : [element]),
    around: sides.map((point) => backgrounds(document.elementsFromPoint(point.x, point.y).filter((node) => node !== element && !element.contains(node)))),
    // What the browser paints under a page without a background of its own.
    canvas: scheme === "dark" ? "rgb(18, 18, 18)" : "rgb(255, 255, 255)",
  };
}

const rgb = ({ r, g, b }: Rgba) => `rgb(${[r, g, b].map(Math.round).join(", ")})`;

/** What is wrong with the focused element, in words (nothing: it shows, with a ring of at least 3:1 on all sides). */
function focusProblems(report: FocusReport): string[] {
  const problems: string[] = [];
  if (report.coveredBy) problems.push(`${report.name} is hidden under ${report.coveredBy}`);
  const ring = ringColors(report.ring);
  if (ring.length === 0) return [...problems, `${report.name} shows no focus ring`];
  const canvas = parseColor(report.canvas);
  // The element's own colour (the ring's inner edge touches it) and what is around it.
  const backgrounds = [report.under, ...report.around].map((stack) => visibleBackground(stack.map(parseColor), canvas));
  const [worst] = backgrounds.map((background) => ({ background, ratio: ringContrast(ring, background) })).sort((a, b) => a.ratio - b.ratio);
  if (worst && worst.ratio < 3) problems.push(`${report.name}: focus ring ${ring.map(rgb).join(" + ")} is ${worst.ratio.toFixed(2)}:1 on ${rgb(worst.background)}`);
  return problems;
}

/** Presses Tab up to `stops` times and reports each element the focus stops on. */
async function tabThrough(page: Page, stops: number): Promise<FocusReport[]> {
  const reports: FocusReport[] = [];
  for (let stop = 0; stop < stops; stop++) {
    await page.keyboard.press("Tab");
    // Judged as a person sees it: once the browser has scrolled the focused element into view and painted.
    await nextPaint(page);
    let report = await page.evaluate(reportFocus);
    if (!report) break;
    // The browser scrolls a focused element into view; a scroll the page's own code makes at the
    // same moment (the router settling the skip link's #main, late on a busy machine) can move it
    // off screen or under the sticky header again. Bring it back as the browser would, which stops
    // below the header only if the page's scroll padding is right, and judge it there.
    if (report.coveredBy !== null) {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.scrollIntoView({ block: "nearest" }));
      await nextPaint(page);
      report = (await page.evaluate(reportFocus)) ?? report;
    }
    reports.push(report);
  }
  return reports;
}

const skipLink = (page: Page) => page.getByRole("link", { name: "Skip to content" });

/** The skip link is the first stop. */
async function focusSkipLink(page: Page): Promise<string[]> {
  await page.keyboard.press("Tab");
  await expect(skipLink(page)).toBeFocused();
  return focusProblems((await page.evaluate(reportFocus))!);
}

/** The skip link takes the keyboard to the page's content. */
async function skipToContent(page: Page): Promise<string[]> {
  const problems = await focusSkipLink(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  return problems;
}

/** The page's own content, from the skip link on, and its badges. */
/**
 * Opens a page and, with JavaScript, waits until React has hydrated it and painted: hydration
 * restores the scroll position, which would move an element focused before it off screen.
 */
async function openSettled(page: Page, path: string) {
  await page.goto(path);
  if (test.info().project.name === "js-off") return;
  await page.waitForFunction(() => "__remixRouter" in window);
  await nextPaint(page);
}

/** Two animation frames: whatever the last input changed has been laid out and painted. */
function nextPaint(page: Page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function contentProblems(page: Page, path: string, { stops = CONTENT_STOPS, expectStops = [] as RegExp[] } = {}): Promise<string[]> {
  await openSettled(page, path);
  const problems = await skipToContent(page);
  const reports = await tabThrough(page, stops);
  problems.push(...reports.flatMap(focusProblems), ...(await badgeProblems(page)));
  for (const stop of expectStops) if (!reports.some((report) => stop.test(report.name))) problems.push(`no stop matched ${stop}`);
  return problems.map((problem) => `${path}: ${problem}`);
}

/** The app bar and banner, from the top of the page. */
async function shellProblems(page: Page, path: string): Promise<string[]> {
  await openSettled(page, path);
  return (await tabThrough(page, SHELL_STOPS)).flatMap(focusProblems).map((problem) => `${path}: ${problem}`);
}

interface TextReport {
  text: string;
  color: string;
  /** Background colours from the element itself out to the page (its own first). */
  backgrounds: string[];
  canvas: string;
  /** Has room around its words, as a badge has. */
  padded: boolean;
}

/** Runs in the page: the text colour of every element the selector finds, and the backgrounds behind it. */
function reportText(selector: string): TextReport[] {
  const canvas = getComputedStyle(document.documentElement).colorScheme === "dark" ? "rgb(18, 18, 18)" : "rgb(255, 255, 255)";
  return [...document.querySelectorAll(selector)].map((element) => {
    const backgrounds: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) backgrounds.push(getComputedStyle(node).backgroundColor);
    const style = getComputedStyle(element);
    return { text: element.textContent!.trim(), color: style.color, backgrounds, canvas, padded: parseFloat(style.paddingLeft) > 0 };
  });
}

/** Text under 4.5:1 on what is behind it (badges and buttons are small text). */
function textProblems(reports: TextReport[], what: string): string[] {
  return reports.flatMap((report) => {
    const background = visibleBackground(report.backgrounds.map(parseColor), parseColor(report.canvas));
    const ratio = contrastRatio(paintOver(parseColor(report.color), background), background);
    return ratio < 4.5 ? [`the “${report.text}” ${what} is ${ratio.toFixed(2)}:1 (${report.color} on ${rgb(background)})`] : [];
  });
}

/**
 * Badges with text under 4.5:1, or without a background of their own. The app's and Radix's
 * badges are spans coloured by data-accent-color with room around their words (Radix's coloured
 * text has none).
 */
async function badgeProblems(page: Page): Promise<string[]> {
  const badges = (await page.evaluate(reportText, "span[data-accent-color]")).filter((report) => report.padded);
  const bare = badges.filter((badge) => parseColor(badge.backgrounds[0]!).alpha === 0).map((badge) => `the “${badge.text}” badge has no background`);
  return [...bare, ...textProblems(badges, "badge")];
}

async function useTheme(page: Page, baseURL: string | undefined, appearance: Appearance) {
  await page.context().addCookies([{ name: THEME_COOKIE, value: appearance, url: baseURL! }]);
}

test.describe("the skip link", () => {
  for (const appearance of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      test(`shows at the top, under nothing and over nothing, when focused (${appearance}, ${width} px)`, async ({ page, baseURL }) => {
        await useTheme(page, baseURL, appearance);
        await page.setViewportSize({ width, height: 800 });
        // /courses has the site banner and the sticky bar: the most the skip link could be under.
        await page.goto("/courses");
        await expect(page.locator('[data-shell="site-banner"]')).toBeVisible();
        expect(await focusSkipLink(page)).toEqual([]);
        // Nor does it cover the banner's message: the header starts below it.
        const [link, header] = await Promise.all([skipLink(page).boundingBox(), page.locator(".shell-header").boundingBox()]);
        expect(link!.y + link!.height).toBeLessThanOrEqual(header!.y);
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(/#main$/);
        // The next stop is in the page's content, past the banner and the bar.
        await page.keyboard.press("Tab");
        await expect(page.locator("main :focus")).toHaveCount(1);
      });
    }
  }
});

test.describe("focus is visible", () => {
  test("in the shell and on the guest pages", async ({ page, consoleWatch }) => {
    // The MCAT page asks for a resource this build does not have (as in shell.spec.ts).
    consoleWatch.allow(/status of 404/);
    const problems: string[] = [];
    // The brand-coloured bar (the home page) and the dark one (MCAT); the pages below have the light one.
    for (const path of ["/", "/mcat"]) problems.push(...(await shellProblems(page, path)));
    for (const path of ["/courses", "/courses/waterloo-math-137", "/pricing", `/online-courses/${COURSE}`]) problems.push(...(await contentProblems(page, path)));
    expect(problems).toEqual([]);
  });

  test("in dark mode", async ({ page, baseURL }) => {
    await useTheme(page, baseURL, "dark");
    const problems: string[] = [];
    // The brand-coloured bar and the light one, both in their dark colours.
    for (const path of ["/", "/courses"]) problems.push(...(await shellProblems(page, path)));
    for (const path of ["/pricing", `/online-courses/${COURSE}`]) problems.push(...(await contentProblems(page, path)));
    expect(problems).toEqual([]);
  });

  test("on a student's pages, the lesson's video and disclosures included", async ({ page }) => {
    await signIn(page, "student@demo.test");
    const problems: string[] = [];
    // The medium bar of working screens.
    problems.push(...(await shellProblems(page, "/dashboard")));
    for (const path of ["/dashboard", "/chats"]) problems.push(...(await contentProblems(page, path)));
    // They had the browser's ring, not the site's; the video's controls are inside it.
    problems.push(...(await contentProblems(page, `/in-course-experience/${COURSE}/intro`, { stops: 16, expectStops: [/^<video>/, /^<summary> “All chapters”/] })));
    expect(problems).toEqual([]);
  });

  test("in the course editor", async ({ page }) => {
    await page.goto(`/online-courses/${COURSE}`);
    const buy = await page.getByRole("link", { name: "Buy Learn", exact: true }).getAttribute("href");
    const courseId = /online_course_id=(\d+)/.exec(buy!)![1];
    await signIn(page, "instructor@demo.test");
    expect(await contentProblems(page, `/online-courses/${courseId}/manager/editor`)).toEqual([]);
  });

  test("in the admin area", async ({ page }) => {
    await signIn(page, "admin@demo.test");
    expect(await contentProblems(page, "/admin")).toEqual([]);
  });
});

test.describe("small text", () => {
  for (const appearance of ["light", "dark"] as const) {
    test(`badges have a background and text of at least 4.5:1 on it, buttons too when hovered (${appearance})`, async ({ page, baseURL }) => {
      await useTheme(page, baseURL, appearance);
      const problems: string[] = [];
      // "Free preview" on the course page and in the course (a guest's), "Save n%" on the plans.
      await page.goto(`/online-courses/${COURSE}`);
      await expect(page.getByText("Free preview").first()).toBeVisible();
      problems.push(...(await badgeProblems(page)));
      await page.goto(`/in-course-experience/${COURSE}/intro`);
      await expect(page.getByText("Free preview").first()).toBeAttached();
      problems.push(...(await badgeProblems(page)));
      await page.goto("/pricing");
      await expect(page.getByText(/^Save \d+%$/).first()).toBeVisible();
      problems.push(...(await badgeProblems(page)));
      await page.locator(".button:not(.button--outline)").first().hover();
      const hovered = await page.evaluate(reportText, ".button:hover");
      expect(hovered).toHaveLength(1);
      problems.push(...textProblems(hovered, "hovered button"));
      expect(problems).toEqual([]);
    });
  }
});

test("after following a link in the app, the new page's title is announced and the next Tab starts in its content", async ({ page }) => {
  await openSettled(page, "/");
  const announcer = page.locator('[data-shell="route-announcer"]');
  await expect(announcer).toHaveText("");
  // The footer's links open in the app, as a person's click would.
  await page.locator("footer").getByRole("link", { name: "Pricing", exact: true }).first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator("main")).toBeFocused();
  await expect(announcer).toHaveText(await page.title());
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.querySelector("main")!.contains(document.activeElement))).toBe(true);
  // Going back is not a new page to be taken to: focus stays where the browser keeps it.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("main")).not.toBeFocused();
});
