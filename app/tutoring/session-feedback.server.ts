import { db } from "~/db/db.server";
import { createNotification } from "~/notifications/notifications.server";
import { feedbackContentErrors, feedbackRefusal, type Refusal, type SessionFacts } from "~/tutoring/rules";

/**
 * Feedback on a tutoring session: once it has taken place, its student and its tutor each write
 * theirs once (rules.ts `feedbackRefusal`). The table's unique (session, side) is what makes it
 * once: two saves racing both pass the check, and the database keeps the first.
 */

export const SESSION_FEEDBACK_NOTIFICATION = "TutoringSessionFeedback";

type Side = "student" | "tutor";

export type FeedbackOutcome = { kind: "saved" } | ({ kind: "refused" } & Refusal);

export async function saveSessionFeedback(input: {
  contractId: number;
  sessionId: number;
  by: { id: number; side: Side };
  rating?: number | null;
  wentWell: string;
  toImprove: string;
  now: Date;
}): Promise<FeedbackOutcome> {
  const content = { rating: input.rating ?? null, wentWell: input.wentWell.trim(), toImprove: input.toImprove.trim() };
  return db()
    .transaction()
    .execute(async (trx): Promise<FeedbackOutcome> => {
      const session = await trx
        .selectFrom("tutoring_sessions as s")
        .innerJoin("student_tutor_contracts as k", "k.id", "s.contract_id")
        .innerJoin("users as author", "author.id", input.by.side === "student" ? "k.student_id" : "k.tutor_id")
        .where("s.id", "=", input.sessionId)
        .where("s.contract_id", "=", input.contractId)
        .select(["s.id", "s.status", "s.starts_at", "s.ends_at", "k.student_id", "k.tutor_id", "author.first_name", "author.last_name"])
        .executeTakeFirst();
      if (!session) return { kind: "refused", message: "Session not found", status: 404 };
      const authorId = input.by.side === "student" ? session.student_id : session.tutor_id;
      if (authorId !== input.by.id) return { kind: "refused", message: "Only the student and the tutor of this session leave feedback on it.", status: 403 };
      const written = await trx
        .selectFrom("tutoring_session_feedbacks")
        .select("id")
        .where("tutoring_session_id", "=", session.id)
        .where("author_role", "=", input.by.side)
        .executeTakeFirst();
      const facts = { status: session.status, startsAt: session.starts_at, endsAt: session.ends_at };
      const refusal = feedbackRefusal(facts, input.now, written !== undefined);
      if (refusal) return { kind: "refused", ...refusal };
      const missing = feedbackContentErrors(input.by.side, content);
      if (missing) return { kind: "refused", message: Object.values(missing).flat()[0]!, status: 400 };
      const saved = await trx
        .insertInto("tutoring_session_feedbacks")
        .values({ tutoring_session_id: session.id, author_id: input.by.id, author_role: input.by.side, rating: content.rating, went_well: content.wentWell, to_improve: content.toImprove })
        .onConflict((conflict) => conflict.columns(["tutoring_session_id", "author_role"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      // Another save of the same side committed since the check above.
      if (!saved) return { kind: "refused", ...feedbackRefusal(facts, input.now, true)! };
      await createNotification(trx, {
        userId: input.by.side === "student" ? session.tutor_id : session.student_id,
        type: SESSION_FEEDBACK_NOTIFICATION,
        groupKey: `tutoring-session-${session.id}`,
        notifiable: { type: "TutoringSession", id: session.id },
        data: { path: `/my-tutoring/contracts/${input.contractId}`, author_name: `${session.first_name} ${session.last_name}`.trim(), side: input.by.side },
      });
      return { kind: "saved" };
    });
}

export interface FeedbackView {
  rating: number | null;
  wentWell: string;
  toImprove: string;
}

export interface SessionFeedback {
  student: FeedbackView | null;
  tutor: FeedbackView | null;
  /** Whether the viewing side may write theirs now (a session's two people only, once it has ended, once). */
  mayWrite: boolean;
}

type SessionTiming = { id: number; status: SessionFacts["status"]; starts_at: Date; ends_at: Date };

/**
 * For a contract's sessions, what each side wrote and whether `side` (null: an admin reading) may
 * still write, by session id. One query of one shape whatever the number of sessions.
 */
export async function sessionFeedback(contractId: number, sessions: readonly SessionTiming[], side: Side | null, now: Date): Promise<Map<number, SessionFeedback>> {
  const rows = await db()
    .selectFrom("tutoring_session_feedbacks as f")
    .innerJoin("tutoring_sessions as s", "s.id", "f.tutoring_session_id")
    .where("s.contract_id", "=", contractId)
    .select(["f.tutoring_session_id", "f.author_role", "f.rating", "f.went_well", "f.to_improve"])
    .execute();
  const bySession = new Map<number, SessionFeedback>();
  for (const session of sessions) {
    const view = (role: Side): FeedbackView | null => {
      const row = rows.find((entry) => entry.tutoring_session_id === session.id && entry.author_role === role);
      return row ? { rating: row.rating, wentWell: row.went_well, toImprove: row.to_improve } : null;
    };
    const feedback = { student: view("student"), tutor: view("tutor") };
    const mayWrite = side !== null && feedbackRefusal({ status: session.status, startsAt: session.starts_at, endsAt: session.ends_at }, now, feedback[side] !== null) === null;
    bySession.set(session.id, { ...feedback, mayWrite });
  }
  return bySession;
}
