import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { actOnTutorRequest, createTutorRequest, listRequestsForTutor, listStudentRequests, tutorStanding } from "~/tutoring/requests.server";
import { useTestDatabase } from "../../support/database";
import { person, tutor } from "./fixtures";

const database = useTestDatabase();

async function course(db: Kysely<Database>) {
  const school = await db.selectFrom("schools").select("id").executeTakeFirstOrThrow();
  const code = `TUT ${Math.floor(Math.random() * 1e9)}`;
  return db.insertInto("courses").values({ code, name: "Tutored course", slug: code.replace(" ", "-").toLowerCase(), school_id: school.id, subject: "mathematics" }).returning(["id", "code"]).executeTakeFirstOrThrow();
}

async function tutorOf(db: Kysely<Database>, courseId: number, options: { agreement?: boolean } = {}) {
  const user = await tutor(db, { rateCents: 4500 });
  await db.insertInto("user_courses").values({ user_id: user.id, course_id: courseId, relation: "tutored" }).execute();
  if (options.agreement === false) await db.updateTable("users").set({ contract_accepted_at: null }).where("id", "=", user.id).execute();
  return user;
}

const ask = (courseId: number, tutorId: number | null = null) => ({ courseId, tutorId, goals: "Limits and derivatives before the midterm", preferredTimes: "Weekday evenings", hours: 3 });

describe("tutoring requests", () => {
  it("turns an accepted request into one contract at the tutor's rate, however many tutors accept at once", async () => {
    const db = database().db;
    const taught = await course(db);
    const tutors = await Promise.all(Array.from({ length: 5 }, () => tutorOf(db, taught.id)));
    const student = await person(db);
    const created = await createTutorRequest(student.id, ask(taught.id));
    if (created.kind !== "created") throw new Error(created.message);

    for (const each of tutors) expect((await listRequestsForTutor(each.id, (await tutorStanding(each.id))!)).map((row) => row.id)).toContain(created.id);
    const outcomes = await Promise.all(tutors.map((each) => actOnTutorRequest(created.id, each.id, "accept")));
    expect(outcomes.filter((outcome) => outcome.kind === "done")).toHaveLength(1);
    for (const outcome of outcomes.filter((each) => each.kind === "refused")) expect(outcome).toMatchObject({ status: 409, message: "This request has been taken." });

    const contracts = await db.selectFrom("student_tutor_contracts").selectAll().where("request_id", "=", created.id).execute();
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({ student_id: student.id, rate_cents: 4500, purchased_minutes: 180, session_minutes: 60, purchase_status: "unpaid" });
    const [mine] = await listStudentRequests(student.id);
    expect(mine).toMatchObject({ id: created.id, status: "accepted", contract_id: contracts[0]!.id });
    const notified = await db.selectFrom("notifications").select(["type", "data"]).where("user_id", "=", student.id).execute();
    expect(notified).toEqual([{ type: "TutorRequestAccepted", data: { path: `/my-tutoring/contracts/${contracts[0]!.id}`, course_code: taught.code } }]);
  });

  it("refuses a tutor without the contractor agreement, and one of another course, writing nothing", async () => {
    const db = database().db;
    const taught = await course(db);
    const other = await course(db);
    const unsigned = await tutorOf(db, taught.id, { agreement: false });
    const elsewhere = await tutorOf(db, other.id);
    const student = await person(db);
    const created = await createTutorRequest(student.id, ask(taught.id));
    if (created.kind !== "created") throw new Error(created.message);
    expect(await actOnTutorRequest(created.id, unsigned.id, "accept")).toMatchObject({ kind: "refused", status: 403, message: "Accept the contractor agreement before you take tutoring requests." });
    expect(await actOnTutorRequest(created.id, elsewhere.id, "accept")).toMatchObject({ kind: "refused", status: 404 });
    expect(await actOnTutorRequest(created.id, student.id, "accept")).toMatchObject({ kind: "refused", status: 404 });
    expect(await db.selectFrom("student_tutor_contracts").select("id").where("request_id", "=", created.id).execute()).toEqual([]);
    expect((await db.selectFrom("tutor_requests").select("status").where("id", "=", created.id).executeTakeFirstOrThrow()).status).toBe("open");
  });

  it("keeps a request to every tutor open when one declines, and closes one asked of a single tutor", async () => {
    const db = database().db;
    const taught = await course(db);
    const [first, second] = [await tutorOf(db, taught.id), await tutorOf(db, taught.id)];
    const student = await person(db);
    const open = await createTutorRequest(student.id, ask(taught.id));
    const direct = await createTutorRequest(student.id, ask(taught.id, first.id));
    if (open.kind !== "created" || direct.kind !== "created") throw new Error("not created");

    expect(await actOnTutorRequest(open.id, first.id, "decline")).toEqual({ kind: "done", status: "open", contractId: null });
    expect((await listRequestsForTutor(first.id, (await tutorStanding(first.id))!)).map((row) => row.id)).toEqual([direct.id]);
    expect((await listRequestsForTutor(second.id, (await tutorStanding(second.id))!)).map((row) => row.id)).toEqual([open.id]);
    expect(await actOnTutorRequest(direct.id, second.id, "accept")).toMatchObject({ kind: "refused", status: 404 });
    expect(await actOnTutorRequest(direct.id, first.id, "decline")).toEqual({ kind: "done", status: "declined", contractId: null });
    expect(await actOnTutorRequest(open.id, student.id, "withdraw")).toEqual({ kind: "done", status: "withdrawn", contractId: null });
    expect((await listStudentRequests(student.id)).map((row) => row.status).sort()).toEqual(["declined", "withdrawn"]);
  });

  it("refuses a second open request for the same course, a tutor who does not tutor it, and asking oneself", async () => {
    const db = database().db;
    const taught = await course(db);
    const other = await course(db);
    const teacher = await tutorOf(db, taught.id);
    const student = await person(db);
    expect(await createTutorRequest(student.id, ask(taught.id))).toMatchObject({ kind: "created" });
    expect(await createTutorRequest(student.id, ask(taught.id))).toMatchObject({ kind: "refused", status: 409 });
    expect(await createTutorRequest(student.id, ask(other.id, teacher.id))).toMatchObject({ kind: "refused", status: 400, message: `This tutor does not tutor ${other.code}. Choose one of the courses on their profile.` });
    expect(await createTutorRequest(teacher.id, ask(taught.id, teacher.id))).toMatchObject({ kind: "refused", status: 400 });
    expect(await createTutorRequest(student.id, ask(2_000_000_000))).toMatchObject({ kind: "refused", status: 400 });
  });
});
