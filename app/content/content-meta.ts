import type { MetaFunction } from "@remix-run/node";
import { metaFor } from "~/seo/page-meta";

/**
 * `meta` for a route whose loader returns `{ page }` (a content page): its title, description,
 * Open Graph tags and canonical URL at `path`.
 */
export function contentPageMeta(path: string | ((params: Record<string, string | undefined>) => string)): MetaFunction {
  return ({ data, matches, params }) => {
    const page = (data as { page?: { title: string; description: string } } | undefined)?.page;
    if (!page) return [{ title: "Page not found" }];
    return metaFor(matches, { title: page.title, description: page.description, path: typeof path === "string" ? path : path(params) });
  };
}
