import { sql, type Kysely } from "kysely";
import { config } from "~/config/env.server";
import type { Database } from "~/db/schema";
import type { JobHandler } from "~/jobs/types";
import { sendMail } from "~/mail/mailer.server";
import { tutoringSessionReminderMail } from "~/mail/templates";
import { createNotification } from "~/notifications/notifications.server";
import { dueReminder, REMINDER_HORIZON_MS, type ReminderLead } from "~/study-sessions/reminders";
import { reminderTimeZone } from "~/tutoring/reminders";
import { logger } from "~/utils/logger.server";

/**
 * Reminders of booked tutoring sessions, to the student and to the tutor, by mail and in-app
 * notification, when the live study sessions' rule says one is due (24 hours and 1 hour before
 * the start). A recurring job looks at the booked sessions of paid contracts starting within the
 * next day. Each reminder is claimed by inserting its tutoring_session_reminders row (session,
 * lead, start time) in the transaction that writes both people's mail and notification: a second
 * or concurrent run finds the row taken and sends nothing, a cancelled session cannot be claimed,
 * and a session that moved has a new start time and so is reminded again.
 */

export const TUTORING_REMINDERS_QUEUE = "tutoring-session-reminders";
/** One job per five minutes: a reminder goes out at most a few minutes after its moment. */
export const TUTORING_REMINDERS_EVERY_SECONDS = 5 * 60;

export const TUTORING_SESSION_REMINDER_NOTIFICATION = "TutoringSessionReminder";

interface Candidate {
  session_id: number;
  contract_id: number;
  starts_at: Date;
  ends_at: Date;
  booked_at: Date;
  course_code: string | null;
  student_id: number;
  student_email: string;
  student_first_name: string;
  student_last_name: string;
  student_time_zone: string | null;
  tutor_id: number;
  tutor_email: string;
  tutor_first_name: string;
  tutor_last_name: string;
  tutor_time_zone: string | null;
  sent: ReminderLead[];
}

/** Booked sessions of paid contracts starting within the horizon, with both people and the leads already sent for the current start. */
async function candidates(db: Kysely<Database>, now: Date): Promise<Candidate[]> {
  return db
    .selectFrom("tutoring_sessions as ts")
    .innerJoin("student_tutor_contracts as k", "k.id", "ts.contract_id")
    .innerJoin("users as s", "s.id", "ts.student_id")
    .innerJoin("users as t", "t.id", "ts.tutor_id")
    .leftJoin("courses as c", "c.id", "k.course_id")
    // A student who also tutors gave a zone on their profile too; users have no zone of their own.
    .leftJoin("tutor_profiles as sp", "sp.user_id", "ts.student_id")
    .leftJoin("tutor_profiles as tp", "tp.user_id", "ts.tutor_id")
    .where("ts.status", "=", "booked")
    .where("k.purchase_status", "=", "paid")
    .where("ts.starts_at", ">", now)
    .where("ts.starts_at", "<=", new Date(now.getTime() + REMINDER_HORIZON_MS))
    .select([
      "ts.id as session_id",
      "ts.contract_id",
      "ts.starts_at",
      "ts.ends_at",
      "ts.created_at as booked_at",
      "c.code as course_code",
      "ts.student_id",
      "s.email as student_email",
      "s.first_name as student_first_name",
      "s.last_name as student_last_name",
      "sp.time_zone as student_time_zone",
      "ts.tutor_id",
      "t.email as tutor_email",
      "t.first_name as tutor_first_name",
      "t.last_name as tutor_last_name",
      "tp.time_zone as tutor_time_zone",
    ])
    .select((eb) =>
      eb
        .selectFrom("tutoring_session_reminders as r")
        .whereRef("r.tutoring_session_id", "=", "ts.id")
        .whereRef("r.starts_at", "=", "ts.starts_at")
        .select(sql<ReminderLead[]>`coalesce(json_agg(r.lead), '[]'::json)`.as("sent"))
        .as("sent"),
    )
    .orderBy("ts.starts_at")
    .orderBy("ts.id")
    .execute() as Promise<Candidate[]>;
}

/**
 * Claims and sends one reminder, to both people, in one transaction. The claim only succeeds while
 * the session is still booked under a paid contract and still starts when the candidate said
 * (checked by the insert itself), and only once: a row already there means another run sent it.
 * One row covers both people, so either both are reminded or neither is (and the next run tries again).
 */
async function sendReminder(db: Kysely<Database>, candidate: Candidate, lead: ReminderLead, origin: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("tutoring_session_reminders")
      .columns(["tutoring_session_id", "lead", "starts_at"])
      .expression((eb) =>
        eb
          .selectFrom("tutoring_sessions as ts")
          .innerJoin("student_tutor_contracts as k", "k.id", "ts.contract_id")
          .where("ts.id", "=", candidate.session_id)
          .where("ts.status", "=", "booked")
          .where("ts.starts_at", "=", candidate.starts_at)
          .where("k.purchase_status", "=", "paid")
          .select(["ts.id", sql<ReminderLead>`${lead}::text`.as("lead"), "ts.starts_at"]),
      )
      .onConflict((oc) => oc.doNothing())
      .returning("tutoring_session_id")
      .executeTakeFirst();
    if (!claimed) return false;

    const path = `/my-tutoring/contracts/${candidate.contract_id}`;
    const url = new URL(path, origin).toString();
    const date = { start_time: candidate.starts_at, end_time: candidate.ends_at };
    const people = [
      {
        userId: candidate.student_id,
        email: candidate.student_email,
        name: candidate.student_first_name,
        timeZone: reminderTimeZone(candidate.student_time_zone),
        withName: `${candidate.tutor_first_name} ${candidate.tutor_last_name}`,
      },
      {
        userId: candidate.tutor_id,
        email: candidate.tutor_email,
        name: candidate.tutor_first_name,
        timeZone: reminderTimeZone(candidate.tutor_time_zone),
        withName: `${candidate.student_first_name} ${candidate.student_last_name}`,
      },
    ];
    for (const person of people) {
      const mail = tutoringSessionReminderMail({ name: person.name, withName: person.withName, courseCode: candidate.course_code, date, timeZone: person.timeZone, lead, url });
      await sendMail({ to: person.email, ...mail, kind: "tutoring_session_reminder" }, { executor: trx });
      await createNotification(trx, {
        userId: person.userId,
        type: TUTORING_SESSION_REMINDER_NOTIFICATION,
        groupKey: `tutoring-session-${candidate.session_id}`,
        notifiable: { type: "TutoringSession", id: candidate.session_id },
        data: {
          path,
          tutoring_session_id: candidate.session_id,
          contract_id: candidate.contract_id,
          with_name: person.withName,
          course_code: candidate.course_code,
          starts_at: candidate.starts_at.toISOString(),
          lead,
        },
      });
    }
    return true;
  });
}

export interface TutoringReminderRun {
  /** Sessions reminded (each reminder goes to two people). */
  sent: number;
  failed: number;
}

/** One pass: sends every reminder due at `now` that no earlier pass sent. Safe to run twice, or twice at once. */
export async function sendDueTutoringReminders(db: Kysely<Database>, options: { now: Date; origin: string }): Promise<TutoringReminderRun> {
  const run: TutoringReminderRun = { sent: 0, failed: 0 };
  for (const candidate of await candidates(db, options.now)) {
    // The booking's own mail stands in for any reminder whose moment had passed when it was made.
    const lead = dueReminder({ startTime: candidate.starts_at, enrolledAt: candidate.booked_at, sent: candidate.sent }, options.now);
    if (!lead) continue;
    try {
      if (await sendReminder(db, candidate, lead, options.origin)) run.sent += 1;
    } catch (error) {
      // One bad row (an address the mailer refuses, say) must not hold back the others; the next pass tries it again.
      run.failed += 1;
      logger().warn({ err: error, tutoringSessionId: candidate.session_id, lead }, "tutoring session reminder not sent");
    }
  }
  return run;
}

export function tutoringRemindersJobHandler(options: { db: () => Kysely<Database>; now?: () => Date; origin?: () => string }): JobHandler {
  return {
    async run() {
      await sendDueTutoringReminders(options.db(), { now: options.now?.() ?? new Date(), origin: options.origin?.() ?? config().appOrigin });
    },
  };
}
