import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { TutorRequestStatus } from "~/db/schema";
import { createNotification } from "~/notifications/notifications.server";
import { requestActionRefusal, requestIsForTutor, type Refusal, type RequestFacts, type TutorStanding } from "~/tutoring/rules";

/**
 * Tutoring requests: a student asks for help with a course (of one tutor, from their profile, or
 * of any tutor of the course); a tutor accepts or declines; the student may withdraw an open one.
 * Accepting turns the request into a contract at the tutor's rate in the same transaction, and a
 * request can be accepted once however many tutors press the button at the same moment: the
 * status changes from open with a conditional update, and only its winner writes the contract.
 */

export const REQUEST_SENT = "Your request is sent. You will hear when a tutor accepts it.";

/** What makes a tutor able to take requests (rules.ts `takingRequestsRefusal`); null for a user without a tutor profile. */
export async function tutorStanding(tutorId: number, executor: Executor = db()): Promise<TutorStanding | null> {
  const row = await executor
    .selectFrom("tutor_profiles")
    .innerJoin("users", "users.id", "tutor_profiles.user_id")
    .where("tutor_profiles.user_id", "=", tutorId)
    .where("users.deactivated_at", "is", null)
    .select((eb) => [
      "users.contract_accepted_at",
      "tutor_profiles.accepting_students",
      eb
        .selectFrom("user_courses")
        .whereRef("user_courses.user_id", "=", "tutor_profiles.user_id")
        .where("user_courses.relation", "=", "tutored")
        .select(sql<number[]>`coalesce(array_agg(user_courses.course_id order by user_courses.course_id), '{}')`.as("ids"))
        .as("tutored_course_ids"),
    ])
    .executeTakeFirst();
  if (!row) return null;
  return { agreementAccepted: row.contract_accepted_at !== null, tutoredCourseIds: row.tutored_course_ids ?? [], acceptingStudents: row.accepting_students };
}

export interface NewTutorRequest {
  courseId: number;
  tutorId: number | null;
  goals: string;
  preferredTimes: string;
  hours: number;
}

/** Records a student's request; refused when the course or the tutor asked is not one that can take it. */
export async function createTutorRequest(studentId: number, input: NewTutorRequest): Promise<{ kind: "created"; id: number } | ({ kind: "refused" } & Refusal)> {
  const course = await db().selectFrom("courses").select(["id", "code"]).where("id", "=", input.courseId).executeTakeFirst();
  if (!course) return { kind: "refused", message: "Choose one of the courses listed.", status: 400 };
  if (input.tutorId !== null) {
    if (input.tutorId === studentId) return { kind: "refused", message: "You cannot ask yourself for tutoring.", status: 400 };
    const standing = await tutorStanding(input.tutorId);
    if (!standing || !standing.tutoredCourseIds.includes(course.id)) return { kind: "refused", message: `This tutor does not tutor ${course.code}. Choose one of the courses on their profile.`, status: 400 };
    if (!standing.acceptingStudents) return { kind: "refused", message: "This tutor is not taking new students right now.", status: 409 };
  }
  const duplicate = await db()
    .selectFrom("tutor_requests")
    .select("id")
    .where("student_id", "=", studentId)
    .where("course_id", "=", course.id)
    .where("status", "=", "open")
    .where((eb) => (input.tutorId === null ? eb("tutor_id", "is", null) : eb("tutor_id", "=", input.tutorId)))
    .executeTakeFirst();
  if (duplicate) return { kind: "refused", message: "You already have an open request for this course. Withdraw it first to ask again.", status: 409 };
  const row = await db()
    .insertInto("tutor_requests")
    .values({ student_id: studentId, course_id: course.id, tutor_id: input.tutorId, goals: input.goals, preferred_times: input.preferredTimes, hours: input.hours })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { kind: "created", id: row.id };
}

/** Requests with their course, student and the tutors who declined them: what both sides' lists show. */
function requestsQuery(executor: Executor) {
  return executor
    .selectFrom("tutor_requests as r")
    .innerJoin("courses as c", "c.id", "r.course_id")
    .innerJoin("users as s", "s.id", "r.student_id")
    .select((eb) => [
      "r.id",
      "r.status",
      "r.student_id",
      "r.course_id",
      "r.tutor_id",
      "r.goals",
      "r.preferred_times",
      "r.hours",
      "r.created_at",
      "c.code as course_code",
      "c.name as course_name",
      "s.first_name as student_first_name",
      eb
        .selectFrom("tutor_request_declines as d")
        .whereRef("d.request_id", "=", "r.id")
        .select(sql<number[]>`coalesce(array_agg(d.tutor_id), '{}')`.as("ids"))
        .as("declined_by"),
    ]);
}

const factsOf = (row: { status: TutorRequestStatus; student_id: number; course_id: number; tutor_id: number | null; declined_by: number[] | null }): RequestFacts => ({
  status: row.status,
  studentId: row.student_id,
  courseId: row.course_id,
  tutorId: row.tutor_id,
  declinedBy: row.declined_by ?? [],
});

/** A request's facts for rules.ts, with what its pages show; undefined when there is none. */
export async function findTutorRequest(requestId: number, executor: Executor = db()) {
  const row = await requestsQuery(executor)
    .where("r.id", "=", requestId)
    .select((eb) => [eb.selectFrom("student_tutor_contracts as k").whereRef("k.request_id", "=", "r.id").select("k.id").as("contract_id")])
    .executeTakeFirst();
  return row ? { ...row, facts: factsOf(row) } : undefined;
}

export type RequestAction = "accept" | "decline" | "withdraw";
export type RequestOutcome = { kind: "done"; status: TutorRequestStatus; contractId: number | null } | ({ kind: "refused" } & Refusal);

const TERMS = (minutes: number) =>
  `${minutes / 60} hour${minutes === 60 ? "" : "s"} of one-on-one tutoring. Sessions are booked from the tutor's open times and held in a study room. ` +
  "The student may cancel a session free of charge until 24 hours before it starts; the tutor may cancel any time before it starts. Time of a cancelled session returns to the contract.";

/** A tutor accepts or declines, or the student withdraws; accepting writes the contract. */
export async function actOnTutorRequest(requestId: number, actorId: number, action: RequestAction): Promise<RequestOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<RequestOutcome> => {
      const request = await findTutorRequest(requestId, trx);
      if (!request) return { kind: "refused", message: "Request not found", status: 404 };
      const tutor = action === "withdraw" ? null : await tutorStanding(actorId, trx);
      const refusal = requestActionRefusal(request.facts, action, { id: actorId, tutor });
      if (refusal) return { kind: "refused", ...refusal };
      if (action === "decline" && request.tutor_id === null) {
        // Asked of every tutor of the course: this tutor steps aside, the request stays open for the others.
        await trx.insertInto("tutor_request_declines").values({ request_id: request.id, tutor_id: actorId }).onConflict((oc) => oc.doNothing()).execute();
        return { kind: "done", status: "open", contractId: null };
      }
      const status: TutorRequestStatus = action === "accept" ? "accepted" : action === "decline" ? "declined" : "withdrawn";
      const changed = await trx
        .updateTable("tutor_requests")
        .set({ status, accepted_by: action === "accept" ? actorId : null, updated_at: new Date() })
        .where("id", "=", request.id)
        .where("status", "=", "open")
        .executeTakeFirst();
      if (changed.numUpdatedRows === 0n) return { kind: "refused", message: "This request has been taken.", status: 409 };
      if (action !== "accept") {
        if (action === "decline") await notifyStudent(trx, request.student_id, { type: "TutorRequestDeclined", requestId: request.id, courseCode: request.course_code, path: "/my-tutoring" });
        return { kind: "done", status, contractId: null };
      }
      const profile = await trx.selectFrom("tutor_profiles").select(["hourly_rate_cents", "currency", "session_minutes"]).where("user_id", "=", actorId).executeTakeFirstOrThrow();
      const minutes = request.hours * 60;
      const contract = await trx
        .insertInto("student_tutor_contracts")
        .values({
          request_id: request.id,
          student_id: request.student_id,
          tutor_id: actorId,
          course_id: request.course_id,
          rate_cents: profile.hourly_rate_cents,
          currency: profile.currency,
          purchased_minutes: minutes,
          session_minutes: profile.session_minutes,
          terms: TERMS(minutes),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await notifyStudent(trx, request.student_id, { type: "TutorRequestAccepted", requestId: request.id, courseCode: request.course_code, path: `/my-tutoring/contracts/${contract.id}` });
      return { kind: "done", status, contractId: contract.id };
    });
}

async function notifyStudent(executor: Executor, studentId: number, input: { type: "TutorRequestAccepted" | "TutorRequestDeclined"; requestId: number; courseCode: string; path: string }) {
  await createNotification(executor, {
    userId: studentId,
    type: input.type,
    groupKey: `tutor-request-${input.requestId}`,
    notifiable: { type: "TutorRequest", id: input.requestId },
    data: { path: input.path, course_code: input.courseCode },
  });
}

/** The student's requests, newest first, with the tutor who took each and its contract. */
export async function listStudentRequests(studentId: number) {
  return db()
    .selectFrom("tutor_requests as r")
    .innerJoin("courses as c", "c.id", "r.course_id")
    .leftJoin("users as t", (join) => join.on(sql<boolean>`t.id = coalesce(r.accepted_by, r.tutor_id)`))
    .leftJoin("student_tutor_contracts as k", "k.request_id", "r.id")
    .where("r.student_id", "=", studentId)
    .select(["r.id", "r.status", "r.hours", "r.goals", "r.created_at", "c.code as course_code", "c.name as course_name", "t.first_name as tutor_first_name", "t.last_name as tutor_last_name", "k.id as contract_id"])
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .execute();
}

/** Open requests a tutor may take (rules.ts `requestIsForTutor`), oldest first. */
export async function listRequestsForTutor(tutorId: number, standing: TutorStanding) {
  const rows = await requestsQuery(db())
    .where("r.status", "=", "open")
    .where((eb) => eb.or([eb("r.tutor_id", "=", tutorId), eb.and([eb("r.tutor_id", "is", null), eb("r.course_id", "=", eb.fn.any(eb.val(standing.tutoredCourseIds)))])]))
    .orderBy("r.created_at")
    .orderBy("r.id")
    .execute();
  return rows.filter((row) => requestIsForTutor(factsOf(row), tutorId, standing));
}
