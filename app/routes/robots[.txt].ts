export async function loader() {
  const body = ["User-agent: *", "Disallow: /api/", "Disallow: /admin", "Allow: /", ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
