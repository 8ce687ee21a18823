import type { MetaDescriptor } from "@remix-run/node";

export const SITE_NAME = "Marketplace";

export interface PageMetaInput {
  /** The page's own title; the site name is added after it. */
  title: string;
  description: string;
  /** The canonical path (and query, when it names a distinct page), e.g. "/courses/waterloo-math-137". */
  path: string;
  /** An absolute or site-relative picture for link previews. */
  image?: string | null;
  type?: "website" | "article";
  /** Pages that must stay out of search results (forms, personal pages). */
  noindex?: boolean;
}

/**
 * Title, description, Open Graph and Twitter tags and the canonical link for a public page.
 * `siteOrigin` comes from the root loader (APP_ORIGIN, else the request's origin) so canonical
 * URLs are absolute as search engines and link previews expect.
 */
export function pageMeta(siteOrigin: string, input: PageMetaInput): MetaDescriptor[] {
  const url = new URL(input.path, siteOrigin).toString();
  const title = input.title === SITE_NAME ? SITE_NAME : `${input.title} — ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: input.image ? "summary_large_image" : "summary" },
  ];
  if (input.image) tags.push({ property: "og:image", content: new URL(input.image, siteOrigin).toString() });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

interface MatchWithData {
  id: string;
  data?: unknown;
}

/** The site origin published by the root loader, for use inside a route's `meta` function. */
export function siteOriginFrom(matches: readonly MatchWithData[]): string {
  const root = matches.find((match) => match.id === "root")?.data as { siteOrigin?: unknown } | undefined;
  return typeof root?.siteOrigin === "string" ? root.siteOrigin : "http://localhost";
}

/** `pageMeta` for a route's `meta` function: `meta = ({ matches }) => metaFor(matches, {...})`. */
export function metaFor(matches: readonly MatchWithData[], input: PageMetaInput): MetaDescriptor[] {
  return pageMeta(siteOriginFrom(matches), input);
}
