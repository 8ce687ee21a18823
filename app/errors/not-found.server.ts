/**
 * The 404 a route throws when what its URL names does not exist; the root's ErrorBoundary shows
 * the not-found page. Domain functions answer "none" (undefined), routes turn that into this.
 */
export function notFound(message = "Page not found"): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** What the lookup found, or a thrown 404 when it found nothing. */
export async function orNotFound<T>(lookup: Promise<T | null | undefined>, message?: string): Promise<T> {
  const found = await lookup;
  if (found === null || found === undefined) throw notFound(message);
  return found;
}
