import { sql, type Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DEMO_TOKENS = 200;

/**
 * Tutoring on first start: the demo tutors have accepted the contractor agreement; the demo
 * student holds tokens to pay with and a paid contract with Jordan Pham (MATH 137) with one
 * session done (with the student's feedback) and one to come; the class rep has an open request
 * for a course the demo tutor takes, so the tutor has one to accept. In the done session's room
 * Jordan billed 20 extra minutes by the minute, still owed: the contract's page offers to pay it.
 */
export async function seedTutoring(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number; course: (slug: string) => number },
  now: Date,
): Promise<{ tutor_requests: number; student_tutor_contracts: number; tutoring_sessions: number; tutoring_session_feedbacks: number; study_rooms: number; study_room_members: number; study_room_whiteboards: number; study_room_billings: number }> {
  const student = ids.user(`student@${DEMO_EMAIL_DOMAIN}`);
  const jordan = ids.user(`jordan.pham@${DEMO_EMAIL_DOMAIN}`);
  await trx
    .updateTable("users")
    .set({ contract_accepted_at: new Date(now.getTime() - 60 * DAY_MS) })
    .where("id", "in", trx.selectFrom("tutor_profiles").select("user_id"))
    .execute();
  await trx.updateTable("users").set({ token_balance: sql`token_balance + ${DEMO_TOKENS}` }).where("id", "=", student).execute();
  await trx.insertInto("token_ledger").values({ user_id: student, delta: DEMO_TOKENS, reason: "welcome", reference: "demo", created_at: new Date(now.getTime() - 30 * DAY_MS) }).execute();

  const requests = await trx
    .insertInto("tutor_requests")
    .values([
      {
        student_id: ids.user(`class_rep@${DEMO_EMAIL_DOMAIN}`),
        course_id: ids.course("mcgill-chem-110"),
        goals: "Stoichiometry and limiting reagents keep tripping me up before the midterm.",
        preferred_times: "Weekday evenings after 6",
        hours: 2,
        created_at: new Date(now.getTime() - 2 * HOUR_MS),
      },
      {
        student_id: student,
        course_id: ids.course("waterloo-math-137"),
        tutor_id: jordan,
        goals: "Epsilon-delta proofs and the chain rule.",
        preferred_times: "Weekday evenings",
        hours: 3,
        status: "accepted" as const,
        accepted_by: jordan,
        created_at: new Date(now.getTime() - 10 * DAY_MS),
      },
    ])
    .returning("id")
    .execute();
  const contract = await trx
    .insertInto("student_tutor_contracts")
    .values({
      request_id: requests[1]!.id,
      student_id: student,
      tutor_id: jordan,
      course_id: ids.course("waterloo-math-137"),
      rate_cents: 5000,
      currency: "CAD",
      purchased_minutes: 180,
      session_minutes: 60,
      purchase_status: "paid",
      payment_method: "tokens",
      terms:
        "3 hours of one-on-one tutoring. Sessions are booked from the tutor's open times and held in a study room. The student may cancel a session free of charge until 24 hours before it starts; the tutor may cancel any time before it starts. Time of a cancelled session returns to the contract.",
      created_at: new Date(now.getTime() - 10 * DAY_MS),
      paid_at: new Date(now.getTime() - 10 * DAY_MS),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // On the hour, a week ago and in four days (22:00 UTC: the tutor's early evening in Toronto).
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sessions = await trx
    .insertInto("tutoring_sessions")
    .values([
      { contract_id: contract.id, tutor_id: jordan, student_id: student, starts_at: new Date(today - 7 * DAY_MS + 22 * HOUR_MS), ends_at: new Date(today - 7 * DAY_MS + 23 * HOUR_MS), status: "completed", room_slug: "tutoring-demo-past" },
      { contract_id: contract.id, tutor_id: jordan, student_id: student, starts_at: new Date(today + 4 * DAY_MS + 22 * HOUR_MS), ends_at: new Date(today + 4 * DAY_MS + 23 * HOUR_MS), room_slug: "tutoring-demo-next" },
    ])
    .returning("id")
    .execute();
  await trx
    .insertInto("tutoring_session_feedbacks")
    .values({ tutoring_session_id: sessions[0]!.id, author_id: student, author_role: "student", rating: 5, went_well: "Jordan found the gap in my epsilon-delta argument in five minutes.", to_improve: "" })
    .execute();
  // The done session's room, as its first opening made it, with the extra time billed at its end.
  const past = { starts: today - 7 * DAY_MS + 22 * HOUR_MS, ends: today - 7 * DAY_MS + 23 * HOUR_MS };
  const room = await trx
    .insertInto("study_rooms")
    .values({ slug: "tutoring-demo-past", name: "Tutoring: MATH 137", owner_id: jordan, tutoring_session_id: sessions[0]!.id, created_at: new Date(past.starts) })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("study_room_members")
    .values([
      { room_id: room.id, user_id: jordan, role: "tutor", added_at: new Date(past.starts) },
      { room_id: room.id, user_id: student, role: "student", added_at: new Date(past.starts) },
    ])
    .execute();
  const board = await trx.insertInto("study_room_whiteboards").values({ room_id: room.id, name: "Board 1", position: 0, updated_by: jordan }).returning("id").executeTakeFirstOrThrow();
  await trx.updateTable("study_rooms").set({ active_whiteboard_id: board.id }).where("id", "=", room.id).execute();
  await trx
    .insertInto("study_room_billings")
    .values({
      room_id: room.id,
      contract_id: contract.id,
      tutor_id: jordan,
      student_id: student,
      status: "ended",
      max_minutes: 30,
      rate_cents: 5000,
      currency: "CAD",
      requested_at: new Date(past.ends - 2 * 60_000),
      started_at: new Date(past.ends),
      ended_at: new Date(past.ends + 20 * 60_000),
      end_reason: "ended",
      minutes: 20,
      amount_cents: 1667,
    })
    .execute();
  return { tutor_requests: requests.length, student_tutor_contracts: 1, tutoring_sessions: sessions.length, tutoring_session_feedbacks: 1, study_rooms: 1, study_room_members: 2, study_room_whiteboards: 1, study_room_billings: 1 };
}
