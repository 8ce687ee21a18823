import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import type * as RouterModule from "@remix-run/router";
import { flatRoutes } from "remix-flat-routes";
import { describe, expect, it } from "vitest";

/**
 * Route matching costs in proportion to the URL, not to the number of routes: the patches of
 * @remix-run/router, @remix-run/server-runtime and @remix-run/react (patches/,
 * docs/decisions/010-route-matching-patch.md) rank a route tree once, find the ranking of a tree
 * that never changes without reading the tree again, try only the branches that can match the
 * URL's first segment, and make the server's route trees once per build. The server loads the
 * packages as CommonJS, the browser bundle the router as ES modules: both copies are checked,
 * against the router's UMD copy, which the patch leaves as published (the unpatched ranking).
 */
const require = createRequire(import.meta.url);
type Router = typeof RouterModule & { UNSAFE_cacheRouteBranches?: <T>(routes: T) => T };
const cjsRouter = require("@remix-run/router") as Router;
// Imported by its path: the package has no "exports", so its name alone gives the CommonJS copy.
const esmRouter = (await import("@remix-run/router/dist/router.js")) as unknown as Router;
const unpatchedRouter = require("@remix-run/router/dist/router.umd.js") as Router;
const counter = (name: string) => () => (globalThis as Record<symbol, number | undefined>)[Symbol.for(name)] ?? 0;
const flattenedSoFar = counter("@remix-run/router:flattened-route-trees");
const shapeReadsSoFar = counter("@remix-run/router:route-tree-shape-reads");
const branchesTriedSoFar = counter("@remix-run/router:route-branches-tried");
const serverRoutesMadeSoFar = counter("@remix-run/react:server-routes-created");
const staticDataRoutesMadeSoFar = counter("react-router-dom:static-data-routes-created");

interface TreeRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: TreeRoute[];
}

/** This app's route tree, nested as Remix nests it (vite.config.ts's route discovery). */
const manifest = await flatRoutes("routes", defineRoutes, {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/__*.*", "**/*.server.{ts,tsx}"],
});
function appRoutes(probe?: string): TreeRoute[] {
  const nodes = new Map<string, TreeRoute>([["root", { id: "root", path: "", children: probe ? [{ id: probe, path: probe, children: [] }] : [] }]]);
  for (const route of Object.values(manifest)) {
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, ...(route.index ? {} : { children: [] }) });
  }
  for (const route of Object.values(manifest)) nodes.get(route.parentId ?? "root")!.children!.push(nodes.get(route.id)!);
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

/** URLs for every route of the app (params and splats filled in), in several spellings, and odd ones. */
function appUrls(): string[] {
  const urls = new Set(["/", "", "//", "//courses", "/COURSES", "/courses//x", "/%2Fcourses", "/cour%73es", "/a%2Fb/c", "/%E2%84%AAey", "/\u212Aey", "/x?y", "/.", "/..", "/-"]);
  const walk = (routes: TreeRoute[], prefix: string) => {
    for (const route of routes) {
      const path = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, "/") : prefix;
      const filled = (path || "/").replace(/:[\w-]+\??/g, "x-1").replace(/\*$/, "a/b");
      for (const url of [filled, `${filled}/`, `${filled}/extra`, `${filled}/extra/more`, filled.toUpperCase(), filled.replace(/x-1/g, "caf%C3%A9")]) urls.add(url);
      walk(route.children ?? [], path);
    }
  };
  walk(appRoutes(), "");
  return [...urls];
}

type Match = { route: { id?: string }; params: Record<string, string | undefined>; pathname: string; pathnameBase: string };
const described = (matches: Match[] | null) => matches && matches.map((m) => [m.route.id, m.pathname, m.pathnameBase, JSON.stringify(m.params)].join(" "));

describe.each([
  ["CommonJS (server)", cjsRouter],
  ["ES modules (browser)", esmRouter],
])("route matching, %s", (_name, router) => {
  const matchRoutes = (routes: TreeRoute[], url: string, basename?: string) =>
    router.matchRoutes(routes as unknown as RouterModule.AgnosticRouteObject[], url, basename) as Match[] | null;

  it.each(EXPECTED)("matches %s to %s", (url, routeId, params) => {
    const matches = matchRoutes(appRoutes(), url)!;
    expect(matches.at(-1)!.route.id).toBe(routeId);
    expect(matches.at(-1)!.params).toEqual(params);
  });

  it("matches every URL of the app's routes as the unpatched router does", () => {
    expect(unpatchedRouter.UNSAFE_cacheRouteBranches).toBeUndefined();
    const routes = appRoutes();
    const trusted = router.UNSAFE_cacheRouteBranches!(appRoutes());
    const reference = appRoutes();
    const urls = appUrls();
    expect(urls.length).toBeGreaterThan(500);
    for (const url of urls) {
      const expected = described(unpatchedRouter.matchRoutes(reference as never, url) as Match[] | null);
      expect([url, described(matchRoutes(routes, url))]).toEqual([url, expected]);
      expect([url, described(matchRoutes(trusted, url))]).toEqual([url, expected]);
      const underBasename = described(unpatchedRouter.matchRoutes(reference as never, `/app${url}`, "/app") as Match[] | null);
      expect([url, described(matchRoutes(routes, `/app${url}`, "/app"))]).toEqual([url, underBasename]);
    }
    // The unpatched router ranks the whole table again for each URL: its time grows with routes × URLs.
  }, 180_000);

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

  it("tries only the branches that can match the URL's first segment", () => {
    const routes = router.UNSAFE_cacheRouteBranches!(appRoutes());
    const pages = EXPECTED.filter(([url]) => !url.startsWith("/api/"));
    const before = branchesTriedSoFar();
    for (let request = 0; request < 100; request++) {
      const [url, routeId] = pages[request % pages.length]!;
      expect(matchRoutes(routes, url)!.at(-1)!.route.id).toBe(routeId);
    }
    // In rank order alone, a page's branch comes after every deeper static branch of the app.
    expect(branchesTriedSoFar() - before).toBeLessThanOrEqual(100 * 4);
  });

  it("matches a trusted tree, and the data routes made from it per request, without reading it again", () => {
    const routes = router.UNSAFE_cacheRouteBranches!(appRoutes());
    const handler = router.createStaticHandler(routes as never);
    const [flattened, shapeReads] = [flattenedSoFar(), shapeReadsSoFar()];
    for (let request = 0; request < 100; request++) {
      const [url, routeId, params] = EXPECTED[request % EXPECTED.length]!;
      // As the server render does per request (createStaticRouter): data routes converted afresh.
      const dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes as never, () => ({ hasErrorBoundary: false })) as unknown as TreeRoute[];
      for (const tree of [routes, dataRoutes, handler.dataRoutes as unknown as TreeRoute[]]) {
        const matches = matchRoutes(tree, url)!;
        expect(matches.at(-1)!.route.id).toBe(routeId);
        expect(matches.at(-1)!.params).toEqual(params);
        expect(matches[0]!.route).toBe(tree[0]);
      }
    }
    expect([flattenedSoFar(), shapeReadsSoFar()]).toEqual([flattened, shapeReads]);
  });

  it("matches data routes whose paths the conversion changed by their own paths", () => {
    const routes = router.UNSAFE_cacheRouteBranches!([{ id: "root", path: "", children: [{ id: "about", path: "about" }] }] as TreeRoute[]);
    const renamed = router.UNSAFE_convertRoutesToDataRoutes(routes as never, (route) => ({
      hasErrorBoundary: false,
      ...(route.path === "about" ? { path: "about-us" } : {}),
    })) as unknown as TreeRoute[];
    expect(matchRoutes(renamed, "/about-us")!.at(-1)!.route.id).toBe("about");
    expect(matchRoutes(renamed, "/about")).toBeNull();
    expect(matchRoutes(routes, "/about")!.at(-1)!.route.id).toBe("about");
  });

  it("matches a route added to a tree in place (lazy route discovery) at once", () => {
    const routes: TreeRoute[] = [{ id: "root", path: "", children: [{ id: "home", index: true }] }];
    expect(matchRoutes(routes, "/late")).toBeNull();
    routes[0]!.children!.push({ id: "late", path: "late", children: [] });
    expect(matchRoutes(routes, "/late")!.at(-1)!.route.id).toBe("late");
  });

  it("matches routes patched into a router made from a trusted tree at once", () => {
    const routes = router.UNSAFE_cacheRouteBranches!([{ id: "root", path: "", children: [{ id: "home", index: true }] }] as TreeRoute[]);
    const client = router.createRouter({ routes: routes as never, history: router.createMemoryHistory() });
    // The router's own tree (converted from the trusted one, so trusted too), which patchRoutes
    // changes in place, as lazy route discovery does before matching it again.
    let own = client.routes as unknown as TreeRoute[];
    expect(matchRoutes(own, "/late")).toBeNull();
    client.patchRoutes("root", [{ id: "late", path: "late" }]);
    expect(matchRoutes(own, "/late")!.at(-1)!.route.id).toBe("late");
    own = client.routes as unknown as TreeRoute[];
    client.patchRoutes(null, [{ id: "top", path: "top" }]);
    expect(matchRoutes(own, "/top")!.at(-1)!.route.id).toBe("top");
    expect(matchRoutes(client.routes as unknown as TreeRoute[], "/late")!.at(-1)!.route.id).toBe("late");
    client.dispose();
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
          { id: "exact-case", path: "Case", caseSensitive: true, children: [] },
        ],
      },
    ];
    const leaf = (url: string) => matchRoutes(routes, url)!.at(-1)!.route.id;
    expect([leaf("/about"), leaf("/ABOUT"), leaf("/other"), leaf("/a/b"), leaf("/same"), leaf("/Case"), leaf("/case")]).toEqual([
      "static",
      "static",
      "dynamic",
      "splat",
      "first",
      "exact-case",
      "dynamic",
    ]);
  });
});

describe("route matching of the server runtime and the server render", () => {
  const React = require("react") as typeof import("react");
  const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
  const remix = require("@remix-run/react") as typeof import("@remix-run/react");
  const { createRequestHandler } = require("@remix-run/server-runtime") as typeof import("@remix-run/server-runtime");
  const h = React.createElement;

  /** A small server build, as the dev server hands a new one after every change. */
  function fakeBuild(withLateRoute: boolean) {
    const modules: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: Record<string, unknown> }> = {
      root: { id: "root", path: "", module: { default: () => h(React.Fragment, null, h(remix.Outlet), h(remix.Scripts)) } },
      "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: { default: () => "home" } },
      "routes/page.$slug": {
        id: "routes/page.$slug",
        parentId: "root",
        path: "page/:slug",
        module: { default: () => `page ${remix.useLoaderData<{ slug: string }>().slug}`, loader: ({ params }: { params: { slug: string } }) => ({ slug: params.slug }) },
      },
      ...(withLateRoute ? { "routes/late": { id: "routes/late", parentId: "root", path: "late", module: { default: () => "late" } } } : {}),
    };
    const assetRoutes = Object.fromEntries(
      Object.values(modules).map((route) => [
        route.id,
        {
          id: route.id,
          parentId: route.parentId,
          path: route.path,
          index: route.index,
          module: `/build/${route.id}.js`,
          hasLoader: "loader" in route.module,
          hasAction: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasErrorBoundary: false,
          imports: [],
        },
      ]),
    );
    return {
      mode: "production",
      routes: modules,
      assets: { entry: { module: "/build/entry.js", imports: [] }, routes: assetRoutes, url: "/build/manifest.js", version: "1" },
      future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true },
      entry: {
        module: {
          // The 404s below are expected: nothing to log.
          handleError: () => {},
          default: (request: Request, status: number, headers: Headers, context: unknown) => {
            headers.set("Content-Type", "text/html");
            const html = renderToString(h(remix.RemixServer, { context: context as never, url: request.url }));
            return new Response(`<!DOCTYPE html>${html}`, { status, headers });
          },
        },
      },
      publicPath: "/build/",
      assetsBuildDirectory: "/tmp/no-assets",
      isSpaMode: false,
    };
  }

  it("makes the routes once per build and matches requests without reading the route table", async () => {
    const first = fakeBuild(false);
    const second = fakeBuild(true);
    let current = first;
    // As the dev server does: the build is loaded per request, and is a new object after a change.
    const handle = createRequestHandler((async () => current) as never, "production");
    const get = async (path: string) => {
      const response = await handle(new Request(`http://localhost${path}`));
      return { status: response.status, html: await response.text() };
    };

    expect(await get("/page/one")).toMatchObject({ status: 200, html: expect.stringContaining("page one") });
    const [shapeReads, flattened, serverRoutes, dataRoutes] = [shapeReadsSoFar(), flattenedSoFar(), serverRoutesMadeSoFar(), staticDataRoutesMadeSoFar()];
    for (let request = 0; request < 100; request++) {
      const { status, html } = await get(request % 2 === 0 ? "/" : `/page/${request}`);
      expect(status).toBe(200);
      expect(html).toContain(request % 2 === 0 ? "home" : `page ${request}`);
    }
    expect((await get("/late")).status).toBe(404);
    expect([shapeReadsSoFar(), flattenedSoFar(), serverRoutesMadeSoFar(), staticDataRoutesMadeSoFar()]).toEqual([shapeReads, flattened, serverRoutes, dataRoutes]);

    // A changed build (a route added) is derived and rendered with its own routes.
    current = second;
    expect(await get("/late")).toMatchObject({ status: 200, html: expect.stringContaining("late") });
    expect(serverRoutesMadeSoFar()).toBe(serverRoutes + 1);
    expect(staticDataRoutesMadeSoFar()).toBe(dataRoutes + 1);
    const afterChange = [shapeReadsSoFar(), flattenedSoFar(), serverRoutesMadeSoFar(), staticDataRoutesMadeSoFar()];
    for (let request = 0; request < 20; request++) expect((await get(`/page/${request}`)).status).toBe(200);
    expect([shapeReadsSoFar(), flattenedSoFar(), serverRoutesMadeSoFar(), staticDataRoutesMadeSoFar()]).toEqual(afterChange);

    current = first;
    expect((await get("/late")).status).toBe(404);
  });

  it("keeps the patched files in the packages the server and the browser load", () => {
    const patched = (file: string) => readFileSync(require.resolve(file), "utf8").includes("docs/decisions/010-route-matching-patch.md");
    for (const file of [
      "@remix-run/router/dist/router.cjs.js",
      "@remix-run/router/dist/router.js",
      "@remix-run/server-runtime/dist/server.js",
      "@remix-run/server-runtime/dist/esm/server.js",
      "@remix-run/react/dist/server.js",
      "@remix-run/react/dist/esm/server.js",
      "react-router-dom/server.js",
      "react-router-dom/server.mjs",
    ]) {
      expect([file, patched(file)]).toEqual([file, true]);
    }
    expect(esmRouter.matchRoutes).not.toBe(cjsRouter.matchRoutes);
  });
});
