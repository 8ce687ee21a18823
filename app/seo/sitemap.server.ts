import { hasInstructorPage } from "~/catalog/educators.server";
import { textbookHref } from "~/catalog/textbooks";
import { db } from "~/db/db.server";
import { MCAT_EVENT_TYPES } from "~/mcat/mcat";
import { STATIC_PUBLIC_PATHS, type SitemapEntry } from "./sitemap";

/** Every public page: the fixed ones and one per course, school, post, author, position, partner, scholarship, landing page, instructor, tutor and textbook. */
export async function listSitemapEntries(now = new Date()): Promise<SitemapEntry[]> {
  const [courses, schools, posts, authors, positions, partners, scholarships, landing, instructors, tutors, textbooks] = await Promise.all([
    db().selectFrom("courses").select("slug").orderBy("id").execute(),
    db().selectFrom("schools").select("id").orderBy("id").execute(),
    db().selectFrom("blog_posts").where("status", "=", "published").where("published_at", "<=", now).select(["slug", "published_at"]).orderBy("published_at", "desc").execute(),
    db().selectFrom("blog_authors").select("slug").orderBy("slug").execute(),
    db().selectFrom("job_positions").where("open", "=", true).select(["id", "posted_at"]).orderBy("id").execute(),
    db().selectFrom("partners").select("slug").orderBy("slug").execute(),
    db().selectFrom("scholarships").select("slug").orderBy("slug").execute(),
    db().selectFrom("site_pages").where("kind", "=", "landing").where("published", "=", true).select(["slug", "updated_at"]).orderBy("slug").execute(),
    db().selectFrom("users").where(hasInstructorPage).select("id").orderBy("id").execute(),
    db().selectFrom("tutor_profiles").innerJoin("users", "users.id", "tutor_profiles.user_id").where("users.deactivated_at", "is", null).select("users.id").orderBy("users.id").execute(),
    db().selectFrom("textbooks").select(["level", "slug"]).orderBy("slug").execute(),
  ]);
  return [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...Object.keys(MCAT_EVENT_TYPES).map((type) => ({ path: `/mcat/events/${type}` })),
    ...courses.map((row) => ({ path: `/courses/${row.slug}` })),
    ...schools.map((row) => ({ path: `/schools/${row.id}` })),
    ...posts.map((row) => ({ path: `/blog/${row.slug}`, lastModified: row.published_at })),
    ...authors.map((row) => ({ path: `/blog/@${row.slug}` })),
    ...positions.map((row) => ({ path: `/job-positions/${row.id}`, lastModified: row.posted_at })),
    ...partners.map((row) => ({ path: `/partners/${row.slug}` })),
    ...scholarships.map((row) => ({ path: `/scholarships/${row.slug}` })),
    ...landing.map((row) => ({ path: `/lp/${row.slug}`, lastModified: row.updated_at })),
    ...instructors.map((row) => ({ path: `/instructors/${row.id}` })),
    ...tutors.map((row) => ({ path: `/tutors/${row.id}` })),
    ...textbooks.map((row) => ({ path: textbookHref(row) })),
  ];
}
