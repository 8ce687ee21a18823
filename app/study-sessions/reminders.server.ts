import { sql, type Kysely } from "kysely";
import { config } from "~/config/env.server";
import type { Database } from "~/db/schema";
import type { JobHandler } from "~/jobs/types";
import { sendMail } from "~/mail/mailer.server";
import { studySessionReminderMail } from "~/mail/templates";
import { createNotification } from "~/notifications/notifications.server";
import { studySessionPath } from "~/study-sessions/calendar";
import { dueReminder, REMINDER_HORIZON_MS, type ReminderLead } from "~/study-sessions/reminders";
import { logger } from "~/utils/logger.server";

/**
 * Reminders of live study session dates (rules in ./reminders.ts): a recurring job looks at the
 * dates starting within the next day and reminds every student with an active enrolment, by mail
 * and in-app notification. Each reminder is claimed by inserting its study_session_reminders row
 * (enrolment, date, lead, start time) in the transaction that writes the mail and the
 * notification: a second or concurrent run finds the row taken and sends nothing, a date that
 * moved has a new start time and so is reminded again.
 */

export const STUDY_SESSION_REMINDERS_QUEUE = "study-session-reminders";
/** One job per five minutes: a reminder goes out at most a few minutes after its moment. */
export const STUDY_SESSION_REMINDERS_EVERY_SECONDS = 5 * 60;
/** Processes ask for the slot's job this often (app/jobs/recurring.server.ts). */
export const STUDY_SESSION_REMINDERS_ASK_EVERY_MS = 60_000;

export const STUDY_SESSION_REMINDER_NOTIFICATION = "StudySessionReminder";

interface Candidate {
  enrolment_id: number;
  user_id: number;
  enrolled_at: Date;
  date_id: number;
  start_time: Date;
  end_time: Date;
  session_id: number;
  title: string;
  email: string;
  first_name: string;
  sent: ReminderLead[];
}

/** Students with an active enrolment and a date starting within the horizon, with the leads already sent for its current start. */
async function candidates(db: Kysely<Database>, now: Date): Promise<Candidate[]> {
  return db
    .selectFrom("study_session_dates")
    .innerJoin("study_sessions", "study_sessions.id", "study_session_dates.study_session_id")
    .innerJoin("study_session_users", "study_session_users.study_session_id", "study_sessions.id")
    .innerJoin("users", "users.id", "study_session_users.user_id")
    .where("study_session_users.status", "=", "active")
    .where("study_session_users.role", "=", "student")
    .where("study_session_dates.start_time", ">", now)
    .where("study_session_dates.start_time", "<=", new Date(now.getTime() + REMINDER_HORIZON_MS))
    .select([
      "study_session_users.id as enrolment_id",
      "study_session_users.user_id",
      "study_session_users.created_at as enrolled_at",
      "study_session_dates.id as date_id",
      "study_session_dates.start_time",
      "study_session_dates.end_time",
      "study_sessions.id as session_id",
      "study_sessions.title",
      "users.email",
      "users.first_name",
    ])
    .select((eb) =>
      eb
        .selectFrom("study_session_reminders")
        .whereRef("study_session_reminders.study_session_user_id", "=", "study_session_users.id")
        .whereRef("study_session_reminders.study_session_date_id", "=", "study_session_dates.id")
        .whereRef("study_session_reminders.start_time", "=", "study_session_dates.start_time")
        .select(sql<ReminderLead[]>`coalesce(json_agg(study_session_reminders.lead), '[]'::json)`.as("sent"))
        .as("sent"),
    )
    .orderBy("study_session_dates.start_time")
    .orderBy("study_session_users.id")
    .execute() as Promise<Candidate[]>;
}

/**
 * Claims and sends one reminder in one transaction. The claim only succeeds while the enrolment
 * is still active and the date still starts when the candidate said (both checked by the insert
 * itself), and only once: a row already there means another run sent it.
 */
async function sendReminder(db: Kysely<Database>, candidate: Candidate, lead: ReminderLead, origin: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("study_session_reminders")
      .columns(["study_session_user_id", "study_session_date_id", "lead", "start_time"])
      .expression((eb) =>
        eb
          .selectFrom("study_session_users")
          .innerJoin("study_session_dates", "study_session_dates.study_session_id", "study_session_users.study_session_id")
          .where("study_session_users.id", "=", candidate.enrolment_id)
          .where("study_session_users.status", "=", "active")
          .where("study_session_dates.id", "=", candidate.date_id)
          .where("study_session_dates.start_time", "=", candidate.start_time)
          .select([
            "study_session_users.id",
            "study_session_dates.id",
            sql<ReminderLead>`${lead}::text`.as("lead"),
            "study_session_dates.start_time",
          ]),
      )
      .onConflict((oc) => oc.doNothing())
      .returning("study_session_user_id")
      .executeTakeFirst();
    if (!claimed) return false;

    const path = studySessionPath(candidate.session_id);
    const date = { start_time: candidate.start_time, end_time: candidate.end_time };
    const mail = studySessionReminderMail({ name: candidate.first_name, sessionTitle: candidate.title, date, lead, url: new URL(path, origin).toString() });
    await sendMail({ to: candidate.email, ...mail, kind: "study_session_reminder" }, { executor: trx });
    await createNotification(trx, {
      userId: candidate.user_id,
      type: STUDY_SESSION_REMINDER_NOTIFICATION,
      groupKey: String(candidate.session_id),
      notifiable: { type: "StudySession", id: candidate.session_id },
      data: { study_session_id: candidate.session_id, title: candidate.title, start_time: candidate.start_time.toISOString(), lead, path },
    });
    return true;
  });
}

export interface ReminderRun {
  sent: number;
  failed: number;
}

/** One pass: sends every reminder due at `now` that no earlier pass sent. Safe to run twice, or twice at once. */
export async function sendDueReminders(db: Kysely<Database>, options: { now: Date; origin: string }): Promise<ReminderRun> {
  const run: ReminderRun = { sent: 0, failed: 0 };
  for (const candidate of await candidates(db, options.now)) {
    const lead = dueReminder({ startTime: candidate.start_time, enrolledAt: candidate.enrolled_at, sent: candidate.sent }, options.now);
    if (!lead) continue;
    try {
      if (await sendReminder(db, candidate, lead, options.origin)) run.sent += 1;
    } catch (error) {
      // One bad row (an address the mailer refuses, say) must not hold back the others; the next pass tries it again.
      run.failed += 1;
      logger().warn({ err: error, enrolmentId: candidate.enrolment_id, dateId: candidate.date_id, lead }, "study session reminder not sent");
    }
  }
  return run;
}

export function studySessionRemindersJobHandler(options: { db: () => Kysely<Database>; now?: () => Date; origin?: () => string }): JobHandler {
  return {
    async run() {
      await sendDueReminders(options.db(), { now: options.now?.() ?? new Date(), origin: options.origin?.() ?? config().appOrigin });
    },
  };
}
