import { Link } from "@remix-run/react";

export interface PagerProps {
  page: number;
  pageCount: number;
  /** The list's other query parameters (filters, search words); empty values are left out of the links. */
  query?: Record<string, string | number | null | undefined>;
  previousLabel?: string;
  nextLabel?: string;
}

/** Builds the query string of one page of a list, keeping its filters. */
export function pageHref(query: PagerProps["query"], page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined && value !== "") params.set(name, String(value));
  }
  params.set("page", String(page));
  return `?${params}`;
}

/** "Previous page · Page n of m · Next page" under a paged list: plain links, so it works without JavaScript. */
export function Pager({ page, pageCount, query, previousLabel = "Previous page", nextLabel = "Next page" }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="pager">
      {page > 1 ? (
        <Link to={pageHref(query, page - 1)} rel="prev">
          {previousLabel}
        </Link>
      ) : null}
      <span className="pager__status">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={pageHref(query, page + 1)} rel="next">
          {nextLabel}
        </Link>
      ) : null}
    </nav>
  );
}
