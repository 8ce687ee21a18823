/** The public pages with fixed addresses, listed in /sitemap.xml (pages with ids come from the database). */
export const STATIC_PUBLIC_PATHS = [
  "/",
  "/about",
  "/our-story",
  "/careers",
  "/job-application",
  "/class-rep-positions",
  "/contest",
  "/for-educators",
  "/for-parents",
  "/high-school",
  "/university",
  "/on-demand",
  "/pricing",
  "/faq",
  "/university-plus",
  "/high-school-plus",
  "/mcat-plus",
  "/lsat-plus",
  "/pre-med-plus",
  "/partnerships",
  "/scholarships",
  "/lp",
  "/live-prep",
  "/mcat",
  "/mcat/free-resources",
  "/mcat/events",
  "/mcat/exam-dates",
  "/med-school-calculator",
  "/lsat",
  "/courses",
  "/instructors",
  "/tutors",
  "/blog",
  "/textbooks",
  "/textbooks/undergrad",
  "/textbooks/high-school",
  "/textbooks/ap",
  "/search",
  "/contact-us",
  "/terms-and-conditions",
  "/privacy-policy",
] as const;

export interface SitemapEntry {
  path: string;
  lastModified?: Date | null;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** A sitemap document (sitemaps.org 0.9) for absolute URLs under `origin`. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const loc = new URL(path, origin).toString().replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : "";
    return `  <url><loc>${loc}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
