import { db } from "~/db/db.server";
import { minutesToBook, startOfMonthUtc, tutorEarnings } from "~/tutoring/ledger";
import { sessionPhase } from "~/tutoring/rules";

/** How many past sessions /my-tutoring lists (the contract pages keep them all). */
const RECENT_PAST = 5;

/**
 * A user's tutoring at a glance for /my-tutoring: their sessions on either side (upcoming and
 * recent), a tutor's earnings, a student's hours left to book and tokens. One query for the
 * sessions with their contracts; the sums are ledger.ts's.
 */
export async function tutoringOverview(userId: number, now: Date) {
  const [rows, user, studentContracts] = await Promise.all([
    db()
      .selectFrom("tutoring_sessions as s")
      .innerJoin("student_tutor_contracts as k", "k.id", "s.contract_id")
      .innerJoin("users as student", "student.id", "s.student_id")
      .innerJoin("users as tutor", "tutor.id", "s.tutor_id")
      .leftJoin("courses as c", "c.id", "k.course_id")
      .where((eb) => eb.or([eb("s.student_id", "=", userId), eb("s.tutor_id", "=", userId)]))
      .select([
        "s.id",
        "s.contract_id",
        "s.student_id",
        "s.starts_at",
        "s.ends_at",
        "s.status",
        "k.rate_cents",
        "k.currency",
        "c.code as course_code",
        "student.first_name as student_first_name",
        "student.last_name as student_last_name",
        "tutor.first_name as tutor_first_name",
        "tutor.last_name as tutor_last_name",
      ])
      .orderBy("s.starts_at")
      .execute(),
    db().selectFrom("users").leftJoin("tutor_profiles", "tutor_profiles.user_id", "users.id").select(["users.token_balance", "tutor_profiles.time_zone"]).where("users.id", "=", userId).executeTakeFirstOrThrow(),
    db().selectFrom("student_tutor_contracts").select(["id", "purchase_status", "purchased_minutes"]).where("student_id", "=", userId).execute(),
  ]);
  const sessions = rows.map((row) => {
    const side = row.student_id === userId ? ("student" as const) : ("tutor" as const);
    const facts = { status: row.status, startsAt: row.starts_at, endsAt: row.ends_at };
    return {
      id: row.id,
      contractId: row.contract_id,
      side,
      with: side === "student" ? `${row.tutor_first_name} ${row.tutor_last_name}` : `${row.student_first_name} ${row.student_last_name}`,
      courseCode: row.course_code,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      phase: sessionPhase(facts, now),
      facts,
      rateCents: row.rate_cents,
      currency: row.currency,
    };
  });
  const taught = sessions.filter((session) => session.side === "tutor").map((session) => ({ ...session.facts, rateCents: session.rateCents, currency: session.currency }));
  const learnt = sessions.filter((session) => session.side === "student");
  const view = ({ facts: _facts, rateCents: _rate, ...session }: (typeof sessions)[number]) => session;
  return {
    /** The zone times are shown in without JavaScript: a tutor's own, else UTC. */
    timeZone: user.time_zone ?? "UTC",
    upcoming: sessions.filter((session) => session.phase === "upcoming" || session.phase === "live").map(view),
    recent: sessions
      .filter((session) => session.phase === "past")
      .slice(-RECENT_PAST)
      .reverse()
      .map(view),
    earnings: { allTime: tutorEarnings(taught, now), thisMonth: tutorEarnings(taught, now, startOfMonthUtc(now)) },
    balance: {
      tokens: user.token_balance,
      minutesToBook: minutesToBook(
        studentContracts.map((contract) => ({
          purchaseStatus: contract.purchase_status,
          purchasedMinutes: contract.purchased_minutes,
          sessions: learnt.filter((session) => session.contractId === contract.id).map((session) => session.facts),
        })),
      ),
    },
  };
}
