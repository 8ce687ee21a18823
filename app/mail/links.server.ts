/**
 * An absolute link for a mail: path plus query parameters (encoded here). `origin` is the site's
 * origin: `siteOrigin(request)` for mail sent while answering a request, `config().appOrigin`
 * for mail sent by a background job.
 */
export function mailLink(pathname: string, query: Record<string, string>, origin: string): string {
  const url = new URL(pathname, origin);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
