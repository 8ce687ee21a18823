import { Outlet } from "@remix-run/react";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { HtmlValidate, type ConfigData } from "html-validate";
import siteRules from "../../.htmlvalidate.mjs";

/** What a loader may answer. */
type Answer = NonNullable<unknown> | null;

interface PageData {
  /** What the page's loader answered (useLoaderData). */
  loaderData?: Answer;
  /** The root loader's data components read (the CSRF token, the realtime channel). */
  rootData?: Answer;
  /** The address the page is rendered at (useLocation, relative links). */
  url?: string;
}

/**
 * A page component's server markup for this data, under a root route as in the app: what a
 * browser receives inside <main> (the shell around it is not rendered). The router is React
 * Router's static one, which Remix's server render uses too.
 */
export async function renderPage(Page: ComponentType, { loaderData = null, rootData = { csrfToken: "test-csrf-token" }, url = "/" }: PageData = {}) {
  const handler = createStaticHandler([
    {
      // Pathless, so that every address, "/" too, reaches the page below it.
      id: "root",
      loader: () => rootData,
      element: <Outlet />,
      children: [{ id: "page", path: "*", loader: () => loaderData, element: <Page /> }],
    },
  ]);
  const context = await handler.query(new Request(new URL(url, "http://app.test")));
  if (context instanceof Response) throw new Error(`the test route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

// The site's rules (.htmlvalidate.mjs; JavaScript, so TypeScript reads its severities as mere strings) less the
// document preset: a page component's markup is a fragment, not a document.
const { rules } = siteRules as unknown as ConfigData;
const validator = new HtmlValidate({ extends: ["html-validate:recommended"], rules });

/** html-validate's findings in a piece of markup, one line each: rule, message and where. */
export async function htmlProblems(markup: string): Promise<string[]> {
  const report = await validator.validateString(markup);
  return report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message} at ${message.selector ?? "?"}`));
}
