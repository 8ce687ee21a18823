import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { saveFile, storedFileSize } from "../../app/files/storage.server";
import { renderBookletPdf } from "../../app/online-courses/booklet-pdf.server";
import { loadPrintableCourse } from "../../app/online-courses/printable.server";
import { studentEdition } from "../../app/online-courses/student-booklets";

/**
 * The students' booklet of MATH 137 Exam Prep, ready, so the demo student finds one booklet to
 * open at /courses/waterloo-math-137/booklet (their other courses' booklets are not made yet).
 * The row is seeded with the rest; its PDF is rendered from the course at start when missing.
 */
export const DEMO_READY_BOOKLET_COURSE = "waterloo-math-137-exam-prep";
const demoFileName = (slug: string) => `demo-student-booklet-${slug}.pdf`;

export async function seedBooklets(trx: Transaction<Database>, ids: { user: (email: string) => number }, now: Date) {
  const course = await trx.selectFrom("online_courses").select(["id", "content_version"]).where("slug", "=", DEMO_READY_BOOKLET_COURSE).executeTakeFirstOrThrow();
  const made = new Date(now.getTime() - 2 * 24 * 60 * 60 * 1000);
  await trx
    .insertInto("online_course_booklets")
    .values({
      online_course_id: course.id,
      requested_by_id: ids.user("student@demo.test"),
      edition: "student",
      status: "ready",
      content_version: course.content_version,
      file_name: demoFileName(DEMO_READY_BOOKLET_COURSE),
      duration_ms: 4200,
      created_at: made,
      finished_at: new Date(made.getTime() + 4200),
    })
    .execute();
  return { online_course_booklets: 1 };
}

/** Renders and stores the seeded booklets' PDFs that the storage does not have (a fresh DATA_DIR). */
export async function storeDemoBooklets(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("online_course_booklets")
    .innerJoin("online_courses", "online_courses.id", "online_course_booklets.online_course_id")
    .select(["online_course_booklets.online_course_id", "online_course_booklets.file_name", "online_courses.slug"])
    .where("online_course_booklets.edition", "=", "student")
    .where("online_course_booklets.status", "=", "ready")
    .execute();
  for (const row of rows) {
    if (row.file_name !== demoFileName(row.slug) || (await storedFileSize("booklets", row.file_name)) !== null) continue;
    const printable = await loadPrintableCourse(db, row.online_course_id);
    if (printable) await saveFile("booklets", row.file_name, await renderBookletPdf(studentEdition(printable), new Date()));
  }
}
