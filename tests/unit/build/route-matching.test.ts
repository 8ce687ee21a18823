import { createRequire } from "node:module";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import * as esmRouter from "@remix-run/router";
import { flatRoutes } from "remix-flat-routes";
import { describe, expect, it } from "vitest";

/**
 * Route matching costs in proportion to the URL, not to the number of routes: the patch of
 * @remix-run/router (patches/, docs/decisions/010-route-matching-patch.md) flattens and ranks a
 * route tree once per shape and keeps compiled patterns. The server loads the package as
 * CommonJS, the browser bundle as ES modules: both copies are checked.
 */
const cjsRouter = createRequire(import.meta.url)("@remix-run/router") as typeof esmRouter;
const FLATTENED = Symbol.for("@remix-run/router:flattened-route-trees");
const flattenedSoFar = () => ((globalThis as Record<symbol, number | undefined>)[FLATTENED] ?? 0);

interface TreeRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: TreeRoute[];
}

/** This app's route tree, nested as Remix nests it (vite.config.ts's route discovery). */
const manifest = await flatRoutes("routes", defineRoutes, {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/__*.*", "**/*.server.{ts,tsx}"],
});
function appRoutes(probe?: string): TreeRoute[] {
  const nodes = new Map<string, TreeRoute>([["root", { id: "root", path: "", children: probe ? [{ id: probe, path: probe, children: [] }] : [] }]]);
  for (const route of Object.values(manifest)) nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: [] });
  for (const route of Object.values(manifest)) nodes.get(route.parentId ?? "root")!.children.push(nodes.get(route.id)!);
  return [nodes.get("root")!];
}

const EXPECTED: [string, string, Record<string, string>][] = [
  ["/", "routes/_index", {}],
  ["/courses", "routes/courses+/_index", {}],
  ["/courses/waterloo-math-137", "routes/courses+/$idOrSlug", { idOrSlug: "waterloo-math-137" }],
  ["/online-courses/5/manager/editor", "routes/online-courses+/$id_.manager.editor", { id: "5" }],
  ["/in-course-experience/calc/chapter/2", "routes/in-course-experience+/$idOrSlug.$", { idOrSlug: "calc", "*": "chapter/2" }],
  ["/api/v1/schools/3", "routes/api+/v1+/schools+/$id", { id: "3" }],
  ["/api/v1/no-such-endpoint", "routes/api+/v1+/$", { "*": "no-such-endpoint" }],
  ["/robots.txt", "routes/robots[.txt]", {}],
  ["/no-such-page/at-all", "routes/$", { "*": "no-such-page/at-all" }],
];

describe.each([
  ["CommonJS (server)", cjsRouter],
  ["ES modules (browser)", esmRouter],
])("route matching, %s", (_name, router) => {
  const matchRoutes = (routes: TreeRoute[], url: string) => router.matchRoutes(routes as unknown as esmRouter.AgnosticRouteObject[], url);
  it.each(EXPECTED)("matches %s to %s", (url, routeId, params) => {
    const matches = matchRoutes(appRoutes(), url)!;
    expect(matches.at(-1)!.route.id).toBe(routeId);
    expect(matches.at(-1)!.params).toEqual(params);
  });

  it("flattens a route tree once, however many requests match against it or against copies of it", () => {
    // A route only this test adds makes a shape no other test has matched yet.
    const probe = `probe-${Math.random().toString(36).slice(2)}`;
    const routes = appRoutes(probe);
    const before = flattenedSoFar();
    matchRoutes(routes, "/");
    expect(flattenedSoFar()).toBe(before + 1);
    for (let request = 0; request < 100; request++) {
      // The render builds its tree afresh per request: the same shape, other objects.
      const fresh = request % 2 === 0 ? routes : appRoutes(probe);
      const [url, routeId] = EXPECTED[request % EXPECTED.length]!;
      const matches = matchRoutes(fresh, url)!;
      expect(matches.at(-1)!.route.id).toBe(routeId);
      // The answer holds the route objects of the tree it was asked about.
      expect(matches[0]!.route).toBe(fresh[0]);
    }
    expect(flattenedSoFar()).toBe(before + 1);
  });

  it("matches a route added to a tree in place (lazy route discovery) at once", () => {
    const routes: TreeRoute[] = [{ id: "root", path: "", children: [{ id: "home", index: true, children: [] }] }];
    expect(matchRoutes(routes, "/late")).toBeNull();
    routes[0]!.children.push({ id: "late", path: "late", children: [] });
    expect(matchRoutes(routes, "/late")!.at(-1)!.route.id).toBe("late");
  });

  it("ranks as before: static over dynamic over splat, earlier sibling first on a tie", () => {
    const routes: TreeRoute[] = [
      {
        id: "root",
        path: "",
        children: [
          { id: "splat", path: "*", children: [] },
          { id: "dynamic", path: ":slug", children: [] },
          { id: "static", path: "about", children: [] },
          { id: "first", path: "same", children: [] },
          { id: "second", path: "same", children: [] },
        ],
      },
    ];
    const leaf = (url: string) => matchRoutes(routes, url)!.at(-1)!.route.id;
    expect([leaf("/about"), leaf("/other"), leaf("/a/b"), leaf("/same")]).toEqual(["static", "dynamic", "splat", "first"]);
  });
});
