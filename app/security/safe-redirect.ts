/**
 * A redirect target is accepted only when it resolves to this app's own origin; anything else
 * (absolute URLs, protocol-relative //host, backslash and control-character tricks such as
 * /\\evil.example or /%09/evil.example) falls back. Compares parsed origins, never prefixes.
 */
export function safeRedirectPath(target: unknown, appOrigin: string, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return fallback;
  // Browsers strip tabs and newlines from URLs and treat \\ as /; decide on what they will see.
  if (/[\u0000-\u001f\u007f\\]/.test(target) || /%(?:0[0-9a-f]|1[0-9a-f]|5c|7f)/i.test(target)) return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(target, appOrigin);
  } catch {
    return fallback;
  }
  if (resolved.origin !== new URL(appOrigin).origin) return fallback;
  // Dot segments can collapse into a protocol-relative path ("/.//evil.example" → "//evil.example").
  if (resolved.pathname.startsWith("//")) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
