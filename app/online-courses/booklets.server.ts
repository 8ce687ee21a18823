import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { newFileName, readStoredFile, saveFile } from "~/files/storage.server";
import { enqueueJob, type JobHandler } from "~/jobs/queue.server";
import { createNotification } from "~/notifications/notifications.server";
import { renderBookletPdf } from "~/online-courses/booklet-pdf.server";
import { loadPrintableCourse } from "~/online-courses/printable.server";
import { studentBookletDownloadPath, studentEdition } from "~/online-courses/student-booklets";
import { logger } from "~/utils/logger.server";

/**
 * Course booklets (issue 5 item 7, SPEC §2 booklet banner): "Generate booklet" stores a
 * generating booklet and enqueues a job in one transaction; the job renders the PDF, stores it,
 * marks the booklet ready and notifies the person who asked (OnlineCoursePdfReady with
 * data.download_path), in one transaction. A job slower than 90 s records a slow event.
 * The same job makes the students' edition (student-booklets.server.ts): without answers, and
 * announced to everyone who asked for it while it was being made.
 */

export const BOOKLET_QUEUE = "online-course-booklet";
export const BOOKLET_READY_NOTIFICATION = "OnlineCoursePdfReady";
/** SPEC timing: booklet slow threshold 90 s. */
export const BOOKLET_SLOW_THRESHOLD_MS = 90_000;
export const BOOKLET_SLOW_EVENT = "booklet_slow";

export function bookletDownloadPath(courseId: number, bookletId: number) {
  return `/online-courses/${courseId}/booklets/${bookletId}`;
}

/** Asks for a new booklet; a booklet already being made for the course is reused rather than doubled. */
export async function requestBooklet(db: Kysely<Database>, courseId: number, userId: number) {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("online_courses").select("id").where("id", "=", courseId).forUpdate().executeTakeFirstOrThrow();
    const pending = await trx
      .selectFrom("online_course_booklets")
      .select("id")
      .where("online_course_id", "=", courseId)
      .where("edition", "=", "manager")
      .where("status", "=", "generating")
      .executeTakeFirst();
    if (pending) return { id: pending.id, created: false };
    const booklet = await trx
      .insertInto("online_course_booklets")
      .values({ online_course_id: courseId, requested_by_id: userId, edition: "manager" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, BOOKLET_QUEUE, { bookletId: booklet.id });
    return { id: booklet.id, created: true };
  });
}

export interface BookletView {
  id: number;
  status: "generating" | "ready" | "failed";
  downloadPath: string | null;
  createdAt: Date;
}

/** The course's newest booklet, for the banner. */
export async function latestBooklet(db: Kysely<Database>, courseId: number): Promise<BookletView | null> {
  const row = await db
    .selectFrom("online_course_booklets")
    .select(["id", "status", "created_at"])
    .where("online_course_id", "=", courseId)
    .where("edition", "=", "manager")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, status: row.status, downloadPath: row.status === "ready" ? bookletDownloadPath(courseId, row.id) : null, createdAt: row.created_at };
}

/** The PDF of a ready booklet of this course, or null. */
export async function readBookletFile(db: Kysely<Database>, courseId: number, bookletId: number) {
  const row = await db
    .selectFrom("online_course_booklets")
    .select(["file_name", "status"])
    .where("id", "=", bookletId)
    .where("online_course_id", "=", courseId)
    .where("edition", "=", "manager")
    .executeTakeFirst();
  if (!row || row.status !== "ready" || !row.file_name) return null;
  return readStoredFile("booklets", row.file_name);
}

export interface BookletJobOptions {
  db: () => Kysely<Database>;
  /** The clock the job's duration is measured with (tests pass their own). */
  now?: () => number;
  slowThresholdMs?: number;
  /** Stands in for the PDF renderer in tests (e.g. to make it slow or fail). */
  render?: typeof renderBookletPdf;
}

export function bookletJobHandler(options: BookletJobOptions): JobHandler {
  const now = options.now ?? Date.now;
  const threshold = options.slowThresholdMs ?? BOOKLET_SLOW_THRESHOLD_MS;
  const render = options.render ?? renderBookletPdf;
  return {
    async run(data) {
      const bookletId = Number(data.bookletId);
      const db = options.db();
      const started = now();
      const booklet = await db.selectFrom("online_course_booklets").selectAll().where("id", "=", bookletId).executeTakeFirst();
      if (!booklet || booklet.status !== "generating") return;
      // Read before the content: a change made while rendering leaves the booklet marked older, so it is made again.
      const version = await db.selectFrom("online_courses").select("content_version").where("id", "=", booklet.online_course_id).executeTakeFirst();
      const loaded = await loadPrintableCourse(db, booklet.online_course_id);
      const printable = loaded && booklet.edition === "student" ? studentEdition(loaded) : loaded;
      if (!printable) {
        await db.updateTable("online_course_booklets").set({ status: "failed", finished_at: new Date() }).where("id", "=", bookletId).execute();
        return;
      }
      const pdf = await render(printable, new Date());
      const fileName = newFileName(`course-${booklet.online_course_id}`, "pdf");
      await saveFile("booklets", fileName, pdf);
      const durationMs = Math.max(0, Math.round(now() - started));
      const downloadPath =
        booklet.edition === "student" ? studentBookletDownloadPath(booklet.online_course_id, bookletId) : bookletDownloadPath(booklet.online_course_id, bookletId);
      await db.transaction().execute(async (trx) => {
        // Only the run that turns it ready tells anyone: a retried or repeated job notifies nobody twice.
        const finished = await trx
          .updateTable("online_course_booklets")
          .set({ status: "ready", file_name: fileName, duration_ms: durationMs, finished_at: new Date(), content_version: version?.content_version ?? null })
          .where("id", "=", bookletId)
          .where("status", "=", "generating")
          .returning("id")
          .executeTakeFirst();
        if (!finished) return;
        const askers = await trx.selectFrom("online_course_booklet_requests").select("user_id").where("booklet_id", "=", bookletId).orderBy("created_at").execute();
        const recipients = new Set([...(booklet.requested_by_id === null ? [] : [booklet.requested_by_id]), ...askers.map((row) => row.user_id)]);
        for (const userId of recipients) {
          await createNotification(trx, {
            userId,
            type: BOOKLET_READY_NOTIFICATION,
            notifiable: { type: "OnlineCourse", id: booklet.online_course_id },
            data: { download_path: downloadPath, online_course_id: booklet.online_course_id, course_name: printable.course.name },
          });
        }
        if (durationMs > threshold) {
          logger().warn({ bookletId, durationMs }, "booklet was slow to generate");
          await trx
            .insertInto("tracking_events")
            .values({
              event_type: BOOKLET_SLOW_EVENT,
              target_type: "OnlineCourse",
              target_id: String(booklet.online_course_id),
              parameters: JSON.stringify({ booklet_id: bookletId, duration_ms: durationMs, threshold_ms: threshold }),
              user_id: booklet.requested_by_id,
            })
            .execute();
        }
      });
    },
    async onFailed(data) {
      await options
        .db()
        .updateTable("online_course_booklets")
        .set({ status: "failed", finished_at: new Date() })
        .where("id", "=", Number(data.bookletId))
        .where("status", "=", "generating")
        .execute();
    },
  };
}
