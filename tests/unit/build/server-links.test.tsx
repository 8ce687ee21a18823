import { createRequire } from "node:module";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Link as RouterLink } from "react-router-dom";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/**
 * On the server, Remix's Link to a plain absolute path renders its anchor without resolving the
 * path against the route matches (patches/@remix-run+react+*.patch,
 * docs/decisions/011-server-links.md). The anchor must be the one the full Link renders, so the
 * browser hydrates it unchanged. Both copies (CommonJS, which the server loads, and ES modules)
 * are checked.
 */
const require = createRequire(import.meta.url);
type LinkProps = { to: string; className?: string; prefetch?: string; reloadDocument?: boolean; replace?: boolean; state?: unknown; children?: string };
const cjsLink = (require("@remix-run/react") as { Link: ComponentType<LinkProps> }).Link;
const esmCopy: string = "@remix-run/react/dist/esm/components.js";
const esmLink = ((await import(esmCopy)) as { Link: ComponentType<LinkProps> }).Link;

/** Attributes sorted, so that their order (which hydration ignores) does not count. */
function anchor(markup: string) {
  const match = /^<a ([^>]*)>(.*)<\/a>$/.exec(markup);
  if (!match) return markup;
  const attributes = [...match[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => `${m[1]}="${m[2]}"`).sort();
  return `<a ${attributes.join(" ")}>${match[2]}</a>`;
}

/** What the full Link renders: React Router's Link, given Remix's data-discover. */
const fullLink = (to: string, props: Partial<LinkProps> = {}) =>
  anchor(renderToStaticMarkup(createElement(StaticRouter, { location: "/dashboard" }, createElement(RouterLink, { to, "data-discover": "true", className: props.className, replace: props.replace, state: props.state } as Parameters<typeof RouterLink>[0], "go"))));

describe.each([
  ["CommonJS", cjsLink],
  ["ES modules", esmLink],
])("the server's Link (%s)", (_copy, Link) => {
  it.each([
    "/courses",
    "/courses/jefferson-high-ap-calc-ab",
    "/site-tour?tour=site_help&from=%2Fdashboard",
    "/dashboard?view_sheets=true",
    "/help#payments",
    "/a/b/",
    "/search?q=a%20b&page=2#results",
  ])("renders %j as the full Link does, without the router", (to) => {
    const fast = anchor(renderToStaticMarkup(createElement(Link, { to, className: "x", replace: true, state: { from: 1 } }, "go")));
    expect(fast).toBe(fullLink(to, { className: "x", replace: true, state: { from: 1 } }));
    expect(fast).not.toMatch(/replace|state/);
  });

  it.each([
    ["a relative path", "chapter/2"],
    ["a path up", "../courses"],
    ["a protocol-relative URL", "//elsewhere.test/x"],
    ["a URL with a scheme", "https://elsewhere.test/"],
    ["an empty query", "/courses?"],
    ["an empty hash", "/courses#"],
    ["an empty query before a hash", "/courses?#top"],
  ])("leaves %s (%j) to the full Link, which needs the router", (_name, to) => {
    expect(() => renderToStaticMarkup(createElement(Link, { to }, "go"))).toThrow(/useHref|Router/);
  });

  it.each([
    ["prefetch", { prefetch: "intent" }],
    ["reloadDocument", { reloadDocument: true }],
  ])("leaves a link with %s to the full Link", (_name, props) => {
    expect(() => renderToStaticMarkup(createElement(Link, { to: "/courses", ...props }, "go"))).toThrow(/useHref|Router/);
  });
});
