import { sql, type ExpressionBuilder } from "kysely";
import { db } from "~/db/db.server";
import type { Database, TextbookLevel } from "~/db/schema";

export { TEXTBOOK_LEVELS } from "./textbooks";

/**
 * Online courses a textbook may link to: published and open to everyone, the ones a guest's
 * /online-courses/{id} answers (a hidden, preparing or closed course is named nowhere here). The
 * textbook pages are the same for every visitor (guest-cacheable), so no viewer widens this.
 */
const linkableOnlineCourse = (eb: ExpressionBuilder<Database, "online_courses">) =>
  eb.and([eb("online_courses.status", "=", "published"), eb("online_courses.read_access", "=", "public")]);

/** The textbooks of a level (every level without one), by level and title, with their chapter count. */
export async function listTextbooks(level?: TextbookLevel) {
  let query = db()
    .selectFrom("textbooks")
    .leftJoin("online_courses", (join) => join.onRef("online_courses.id", "=", "textbooks.online_course_id").on(linkableOnlineCourse))
    .select((eb) => [
      "textbooks.id",
      "textbooks.slug",
      "textbooks.title",
      "textbooks.level",
      "textbooks.subject",
      "textbooks.summary",
      "textbooks.authors",
      "textbooks.edition",
      "textbooks.publication_year",
      eb
        .selectFrom("textbook_chapters")
        .whereRef("textbook_chapters.textbook_id", "=", "textbooks.id")
        .select(sql<number>`count(*)::int`.as("count"))
        .as("chapter_count"),
      "online_courses.id as online_course_id",
      "online_courses.name as online_course_name",
    ]);
  if (level) query = query.where("textbooks.level", "=", level);
  const rows = await query.orderBy("textbooks.level").orderBy("textbooks.title").execute();
  return rows.map((row) => ({ ...row, chapter_count: row.chapter_count ?? 0 }));
}

/** A course or online course that uses a chapter, as its link shows it. */
export interface ChapterCourseLink {
  kind: "course" | "online_course";
  href: string;
  /** "MATH 137 Calculus 1 for Honours Mathematics", or the online course's name. */
  name: string;
  /** The school of a catalogue course; null for an online course. */
  school: string | null;
}

/**
 * A textbook's page, by slug: its facts, the interactive edition when it is linkable, and its
 * chapters in order, each with the catalogue courses (by school, then code) and the linkable
 * online courses (by name) that use it. Three queries, run together. Undefined for an unknown slug.
 */
export async function findTextbook(slug: string) {
  const [book, chapters, links] = await Promise.all([
    db()
      .selectFrom("textbooks")
      .leftJoin("online_courses", (join) => join.onRef("online_courses.id", "=", "textbooks.online_course_id").on(linkableOnlineCourse))
      .where("textbooks.slug", "=", slug)
      .select([
        "textbooks.id",
        "textbooks.slug",
        "textbooks.title",
        "textbooks.level",
        "textbooks.subject",
        "textbooks.summary",
        "textbooks.authors",
        "textbooks.edition",
        "textbooks.publisher",
        "textbooks.publication_year",
        "textbooks.isbn13",
        "online_courses.id as online_course_id",
        "online_courses.name as online_course_name",
      ])
      .executeTakeFirst(),
    db()
      .selectFrom("textbook_chapters")
      .innerJoin("textbooks", "textbooks.id", "textbook_chapters.textbook_id")
      .where("textbooks.slug", "=", slug)
      .select(["textbook_chapters.id", "textbook_chapters.title"])
      .orderBy("textbook_chapters.position")
      .execute(),
    chapterLinks(slug),
  ]);
  if (!book) return undefined;
  return {
    textbook: book,
    chapters: chapters.map((chapter, index) => ({
      id: chapter.id,
      number: index + 1,
      title: chapter.title,
      courses: links.get(chapter.id) ?? [],
    })),
  };
}

/** The links of a textbook's chapters, by chapter id: catalogue courses first, by school and code, then online courses by name. */
async function chapterLinks(slug: string): Promise<Map<number, ChapterCourseLink[]>> {
  const rows = await db()
    .selectFrom("textbook_chapter_courses as link")
    .innerJoin("textbook_chapters", "textbook_chapters.id", "link.textbook_chapter_id")
    .innerJoin("textbooks", "textbooks.id", "textbook_chapters.textbook_id")
    .leftJoin("courses", "courses.id", "link.course_id")
    .leftJoin("schools", "schools.id", "courses.school_id")
    .leftJoin("online_courses", (join) => join.onRef("online_courses.id", "=", "link.online_course_id").on(linkableOnlineCourse))
    .where("textbooks.slug", "=", slug)
    .where((eb) => eb.or([eb("courses.id", "is not", null), eb("online_courses.id", "is not", null)]))
    .select([
      "link.textbook_chapter_id as chapterId",
      "courses.slug as course_slug",
      "courses.code as course_code",
      "courses.name as course_name",
      "schools.name as school_name",
      "online_courses.id as online_course_id",
      "online_courses.name as online_course_name",
    ])
    .orderBy(sql`courses.id is null`)
    .orderBy("schools.name")
    .orderBy("courses.code")
    .orderBy("online_courses.name")
    .execute();
  const byChapter = new Map<number, ChapterCourseLink[]>();
  for (const row of rows) {
    const link: ChapterCourseLink =
      row.course_slug !== null
        ? { kind: "course", href: `/courses/${row.course_slug}`, name: `${row.course_code} ${row.course_name}`, school: row.school_name }
        : { kind: "online_course", href: `/online-courses/${row.online_course_id}`, name: row.online_course_name!, school: null };
    byChapter.set(row.chapterId, [...(byChapter.get(row.chapterId) ?? []), link]);
  }
  return byChapter;
}
