import { sql, type Kysely, type Transaction } from "kysely";
import { config } from "~/config/env.server";
import type { Executor } from "~/db/executor";
import type { Database } from "~/db/schema";
import type { JobHandler } from "~/jobs/queue.server";
import { mailLink } from "~/mail/links.server";
import { sendMail } from "~/mail/mailer.server";
import { coursePublishedMail } from "~/mail/templates";
import { createNotification } from "~/notifications/notifications.server";
import { COURSE_PUBLISHED_NOTIFICATION, coursePublishedNotificationData } from "~/online-courses/pre-registration";

/**
 * Pre-registrations (SPEC §4) and telling pre-registered students that their course opened.
 * Publishing a course marks every pre-registration not yet told (notified_at) and enqueues one
 * job per student in the transaction of the status change, so the news goes out exactly when
 * the course is published, and never twice. Each job creates the notification and sends the
 * mail; a retried job does not repeat a notification it already made.
 */


export const COURSE_PUBLISHED_QUEUE = "online-course-published";

/** Pre-registers the user; pre-registering again changes nothing. */
export async function preRegister(executor: Executor, courseId: number, userId: number) {
  await executor
    .insertInto("online_course_pre_registrations")
    .values({ online_course_id: courseId, user_id: userId })
    .onConflict((oc) => oc.columns(["online_course_id", "user_id"]).doNothing())
    .execute();
}

/** Withdraws the user's pre-registration, if any. */
export async function withdrawPreRegistration(executor: Executor, courseId: number, userId: number) {
  await executor.deleteFrom("online_course_pre_registrations").where("online_course_id", "=", courseId).where("user_id", "=", userId).execute();
}

export async function isPreRegistered(executor: Executor, courseId: number, userId: number): Promise<boolean> {
  const row = await executor
    .selectFrom("online_course_pre_registrations")
    .select("id")
    .where("online_course_id", "=", courseId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countPreRegistrations(executor: Executor, courseId: number): Promise<number> {
  const row = await executor
    .selectFrom("online_course_pre_registrations")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("online_course_id", "=", courseId)
    .executeTakeFirstOrThrow();
  return row.count;
}

const LIST_LIMIT = 200;

/** The newest pre-registrations with who made them, for the course manager. */
export async function listPreRegistrations(executor: Executor, courseId: number, limit = LIST_LIMIT) {
  return executor
    .selectFrom("online_course_pre_registrations")
    .innerJoin("users", "users.id", "online_course_pre_registrations.user_id")
    .select([
      "online_course_pre_registrations.id",
      "online_course_pre_registrations.created_at",
      "online_course_pre_registrations.notified_at",
      "users.first_name",
      "users.last_name",
      "users.email",
    ])
    .where("online_course_pre_registrations.online_course_id", "=", courseId)
    .orderBy("online_course_pre_registrations.created_at", "desc")
    .orderBy("online_course_pre_registrations.id", "desc")
    .limit(limit)
    .execute();
}

/**
 * Inside the transaction that publishes the course: marks every pre-registration not yet told
 * and enqueues one job per student. Two statements whatever the number of students. Answers
 * how many will be told.
 */
export async function notifyPreRegistrants(trx: Transaction<Database>, courseId: number): Promise<number> {
  const now = new Date();
  const told = await trx
    .updateTable("online_course_pre_registrations")
    .set({ notified_at: now })
    .where("online_course_id", "=", courseId)
    .where("notified_at", "is", null)
    .returning("user_id")
    .execute();
  if (told.length === 0) return 0;
  await trx
    .insertInto("background_jobs")
    .values(told.map(({ user_id }) => ({ queue: COURSE_PUBLISHED_QUEUE, data: JSON.stringify({ online_course_id: courseId, user_id }), max_attempts: 5 })))
    .execute();
  return told.length;
}

/** Tells one pre-registered student that the course opened: a notification, then a mail. */
export function coursePublishedJobHandler(options: { db: () => Kysely<Database> }): JobHandler {
  return {
    async run(data) {
      const courseId = Number(data.online_course_id);
      const userId = Number(data.user_id);
      const db = options.db();
      const [course, user] = await Promise.all([
        db.selectFrom("online_courses").select(["id", "name", "status"]).where("id", "=", courseId).executeTakeFirst(),
        db.selectFrom("users").select(["id", "email", "first_name"]).where("id", "=", userId).executeTakeFirst(),
      ]);
      // A course or account deleted since publishing: there is no one to tell.
      if (!course || !user) return;
      const notified = await db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom("notifications")
          .select("id")
          .where("user_id", "=", userId)
          .where("type", "=", COURSE_PUBLISHED_NOTIFICATION)
          .where("notifiable_type", "=", "OnlineCourse")
          .where("notifiable_id", "=", String(courseId))
          .executeTakeFirst();
        if (existing) return false;
        await createNotification(trx, {
          userId,
          type: COURSE_PUBLISHED_NOTIFICATION,
          groupKey: String(courseId),
          notifiable: { type: "OnlineCourse", id: courseId },
          data: coursePublishedNotificationData(course),
        });
        return true;
      });
      // A retry after the notification was made (the mail failed to record) still sends the mail.
      if (!notified && (await mailAlreadySent(db, user.email, course.name))) return;
      const mail = coursePublishedMail({ name: user.first_name, courseName: course.name, url: mailLink(`/online-courses/${course.id}`, {}, config().appOrigin) });
      await sendMail({ to: user.email, ...mail, kind: "course_published" }, { waitForDelivery: false });
    },
  };
}

async function mailAlreadySent(db: Kysely<Database>, email: string, courseName: string): Promise<boolean> {
  const mail = coursePublishedMail({ courseName, url: "" });
  const row = await db
    .selectFrom("outbox_emails")
    .select("id")
    .where("kind", "=", "course_published")
    .where(sql<string>`lower(to_address)`, "=", email.trim().toLowerCase())
    .where("subject", "=", mail.subject)
    .executeTakeFirst();
  return row !== undefined;
}
