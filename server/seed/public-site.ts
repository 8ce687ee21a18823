import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { announcements, blogAuthors, blogCategories, jobPositions, mcatEvents, mcatExamDateOffsets, medSchools, partners, scholarships, textbooks } from "./data/site-content";
import { sitePages } from "./data/site-pages";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The public site's content (pages, blog categories and authors, careers, announcements,
 * scholarships, partners, textbooks with their chapters and the courses that use them, MCAT
 * events and dates, medical schools), one bulk insert per table. Ids of already-seeded rows come
 * in through the lookups.
 */
export async function seedPublicSite(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number; school: (slug: string) => number; course: (slug: string) => number; onlineCourse: (slug: string) => number },
  now: Date,
) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  await trx
    .insertInto("site_pages")
    .values(
      sitePages.map((page) => ({
        slug: page.slug,
        kind: page.kind,
        title: page.title,
        description: page.description,
        headline: page.headline,
        intro: page.intro,
        sections: JSON.stringify(page.sections),
        cta_label: page.cta?.label ?? null,
        cta_href: page.cta?.href ?? null,
        updated_at: daysAgo(7),
      })),
    )
    .execute();
  await trx
    .insertInto("blog_categories")
    .values(blogCategories.map((category, position) => ({ ...category, position })))
    .execute();
  await trx
    .insertInto("blog_authors")
    .values(blogAuthors.map((author) => ({ user_id: ids.user(author.email), slug: author.slug, headline: author.headline })))
    .execute();
  await trx
    .insertInto("job_positions")
    .values(
      jobPositions.map((job) => ({
        title: job.title,
        department: job.department,
        location: job.location,
        employment_type: job.employmentType,
        summary: job.summary,
        responsibilities: job.responsibilities,
        qualifications: job.qualifications,
        open: job.open,
        posted_at: daysAgo(job.postedDaysAgo),
      })),
    )
    .execute();

  const staffId = ids.user("admin@demo.test");
  const announcementRows = await trx
    .insertInto("announcements")
    .values(
      announcements.map((announcement) => ({
        title: announcement.title,
        body: announcement.body,
        audience: announcement.audience,
        created_by: staffId,
        created_at: daysAgo(announcement.daysAgo),
      })),
    )
    .returning(["id", "title", "audience"])
    .execute();
  // The class rep has already answered the oldest announcement; everything else is pending.
  const classRepId = ids.user("class_rep@demo.test");
  const oldest = announcementRows[announcementRows.length - 1]!;
  const responseRows = await trx
    .insertInto("announcement_responses")
    .values({ announcement_id: oldest.id, user_id: classRepId, reply_status: "question", created_at: daysAgo(8), updated_at: daysAgo(8) })
    .returning("id")
    .execute();
  await trx
    .insertInto("announcement_comments")
    .values({
      announcement_response_id: responseRows[0]!.id,
      user_id: classRepId,
      body: "Does the 15% apply to subscriptions referred before the winter term that renew after it?",
      created_at: daysAgo(8),
    })
    .execute();
  for (const [email, role] of [
    ["class_rep@demo.test", "class_rep"],
    ["marketing_rep@demo.test", "marketing_rep"],
  ] as const) {
    const pending = announcementRows.filter((row) => row.audience.includes(role)).length - (role === "class_rep" ? 1 : 0);
    await trx.updateTable("users").set({ pending_announcements: pending }).where("id", "=", ids.user(email)).execute();
  }

  await trx
    .insertInto("scholarships")
    .values(
      scholarships.map((scholarship) => ({
        slug: scholarship.slug,
        name: scholarship.name,
        amount_cents: scholarship.amountCents,
        currency: scholarship.currency,
        summary: scholarship.summary,
        eligibility: scholarship.eligibility,
        how_to_apply: scholarship.howToApply,
        deadline: isoDate(today + scholarship.deadlineInDays * DAY_MS),
        winners_count: scholarship.winners,
      })),
    )
    .execute();
  await trx
    .insertInto("partners")
    .values(
      partners.map((partner) => ({
        slug: partner.slug,
        name: partner.name,
        partner_type: partner.partnerType,
        summary: partner.summary,
        description: partner.description,
        member_benefit: partner.memberBenefit,
        website_url: partner.websiteUrl,
        school_id: partner.schoolSlug ? ids.school(partner.schoolSlug) : null,
      })),
    )
    .execute();
  const textbookRows = await trx
    .insertInto("textbooks")
    .values(
      textbooks.map((book) => ({
        slug: book.slug,
        title: book.title,
        level: book.level,
        subject: book.subject,
        summary: book.summary,
        authors: book.authors,
        edition: book.edition,
        publisher: book.publisher,
        publication_year: book.publicationYear,
        isbn13: book.isbn13,
        online_course_id: book.onlineCourseSlug ? ids.onlineCourse(book.onlineCourseSlug) : null,
      })),
    )
    .returning(["id", "slug"])
    .execute();
  const textbookId = new Map(textbookRows.map((row) => [row.slug, row.id]));
  const chapterRows = await trx
    .insertInto("textbook_chapters")
    .values(textbooks.flatMap((book) => book.chapters.map((chapter, position) => ({ textbook_id: textbookId.get(book.slug)!, position, title: chapter.title }))))
    .returning(["id", "textbook_id", "position"])
    .execute();
  const chapterId = new Map(chapterRows.map((row) => [`${row.textbook_id}/${row.position}`, row.id]));
  // Courses and online courses are looked up by slug, never by id.
  const chapterCourseValues = textbooks.flatMap((book) =>
    book.chapters.flatMap((chapter, position) => {
      const textbook_chapter_id = chapterId.get(`${textbookId.get(book.slug)}/${position}`)!;
      return [
        ...(chapter.courses ?? []).map((slug) => ({ textbook_chapter_id, course_id: ids.course(slug), online_course_id: null })),
        ...(chapter.onlineCourses ?? []).map((slug) => ({ textbook_chapter_id, course_id: null, online_course_id: ids.onlineCourse(slug) })),
      ];
    }),
  );
  await trx.insertInto("textbook_chapter_courses").values(chapterCourseValues).execute();
  const hosts = await trx
    .selectFrom("users")
    .where("id", "in", [...new Set(mcatEvents.map((event) => ids.user(event.hostEmail)))])
    .select(["id", "first_name", "last_name"])
    .execute();
  const hostName = (email: string) => {
    const host = hosts.find((row) => row.id === ids.user(email))!;
    return `${host.first_name} ${host.last_name}`;
  };
  await trx
    .insertInto("mcat_events")
    .values(
      mcatEvents.map((event) => {
        const start = today + event.dayOffset * DAY_MS + event.startHourUtc * HOUR_MS;
        return {
          event_type: event.eventType,
          title: event.title,
          description: event.description,
          host_name: hostName(event.hostEmail),
          starts_at: new Date(start),
          ends_at: new Date(start + event.hours * HOUR_MS),
        };
      }),
    )
    .execute();
  await trx
    .insertInto("mcat_exam_dates")
    .values(
      mcatExamDateOffsets.map((offset) => ({
        exam_date: isoDate(today + offset * DAY_MS),
        scheduling_closes_on: isoDate(today + (offset - 8) * DAY_MS),
        scores_released_on: isoDate(today + (offset + 30) * DAY_MS),
      })),
    )
    .execute();
  await trx
    .insertInto("med_schools")
    .values(
      medSchools.map((school) => ({
        name: school.name,
        city: school.city,
        region_code: school.regionCode,
        country_code: school.countryCode,
        median_gpa: school.medianGpa,
        median_mcat: school.medianMcat,
        class_size: school.classSize,
      })),
    )
    .execute();

  return {
    site_pages: sitePages.length,
    blog_categories: blogCategories.length,
    blog_authors: blogAuthors.length,
    job_positions: jobPositions.length,
    announcements: announcementRows.length,
    announcement_responses: responseRows.length,
    scholarships: scholarships.length,
    partners: partners.length,
    textbooks: textbookRows.length,
    textbook_chapters: chapterRows.length,
    textbook_chapter_courses: chapterCourseValues.length,
    mcat_events: mcatEvents.length,
    mcat_exam_dates: mcatExamDateOffsets.length,
    med_schools: medSchools.length,
  };
}
