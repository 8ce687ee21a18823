import type { MetaDescriptor } from "@remix-run/node";

export const SITE_NAME = "Marketplace";

/**
 * Search results show about this many characters of a title and cut the rest, and crawl audits
 * flag longer ones: generated titles are kept to it where the page's name allows.
 */
export const TITLE_LIMIT = 60;

export interface PageMetaInput {
  /** The page's own title; the site name is added after it when both fit TITLE_LIMIT. */
  title: string;
  /** The title with what helps but can go (a course's school), used where it fits and in link previews. */
  fullTitle?: string;
  description: string;
  /** The canonical path (and query, when it names a distinct page), e.g. "/courses/waterloo-math-137"; unused with `noindex`. */
  path: string;
  /** An absolute or site-relative picture for link previews. */
  image?: string | null;
  type?: "website" | "article";
  /**
   * Pages that must stay out of search results (forms, personal pages). They name no canonical
   * URL: search engines would index that address instead, and `path` without the page's own
   * query often answers differently (/checkout without a product is a 400).
   */
  noindex?: boolean;
}

/** A title people wrote (a forum post's) cut at a word to fit TITLE_LIMIT, with an ellipsis. */
export function clippedTitle(text: string, limit = TITLE_LIMIT): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The `<title>`: the first of these within TITLE_LIMIT characters — the full title with the site
 * name, the full title, the title with the site name — else the title alone, however long: the
 * page's name is never cut.
 */
export function documentTitle(input: Pick<PageMetaInput, "title" | "fullTitle">): string {
  if (input.title === SITE_NAME) return SITE_NAME;
  const titles = [input.fullTitle, input.title].filter((title): title is string => Boolean(title));
  const candidates = titles.flatMap((title) => [`${title} — ${SITE_NAME}`, title]);
  return candidates.find((candidate) => candidate.length <= TITLE_LIMIT) ?? input.title;
}

/**
 * Title, description, Open Graph and Twitter tags and the canonical link for a public page.
 * `siteOrigin` comes from the root loader (APP_ORIGIN, else the request's origin) so canonical
 * URLs are absolute as search engines and link previews expect.
 */
export function pageMeta(siteOrigin: string, input: PageMetaInput): MetaDescriptor[] {
  const url = input.noindex ? null : new URL(input.path, siteOrigin).toString();
  const canonical: MetaDescriptor[] = url ? [{ tagName: "link", rel: "canonical", href: url }] : [];
  const tags: MetaDescriptor[] = [
    { title: documentTitle(input) },
    { name: "description", content: input.description },
    ...canonical,
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.fullTitle ?? input.title },
    { property: "og:description", content: input.description },
    ...(url ? [{ property: "og:url", content: url }] : []),
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
