import { describe, expect, it } from "vitest";
import { action as joinAction } from "~/routes/join-class";
import { action as homeAction } from "~/routes/teacher-dashboard";
import { action as plannerAction, loader as plannerLoader } from "~/routes/teacher-dashboard_.courses.$id.planner";
import { action as studentsAction, loader as studentsLoader } from "~/routes/teacher-dashboard_.courses.$id.students";
import { useTestDatabase } from "../../support/database";
import { expectRedirectWithToast } from "../../support/toast";
import { classVisitor } from "./class-visitors";

/**
 * A class's planner and its teachers as a browser without JavaScript uses them (a drag sends the
 * same "move"): lessons and events added, moved, edited and deleted on days of the term only;
 * co-teachers added by a teacher account's email and removed, never the last; everyone else 404.
 */
const database = useTestDatabase();
const db = () => database().db;

const person = (roles: string[] = [], first = "Pat") => classVisitor(db(), roles, first);
type Person = Awaited<ReturnType<typeof person>>;

async function newClass(teacher: Person) {
  const course = await db().selectFrom("courses").select("id").orderBy("id").executeTakeFirstOrThrow();
  const answer = await teacher.form(homeAction, "/teacher-dashboard", { intent: "add-class", course_id: String(course.id), term_of_year: "fall:2026" });
  expect(answer.status).toBe(303);
  const id = Number(/courses\/(\d+)\/students$/.exec(answer.headers.get("Location")!)![1]);
  const { class_code } = await db().selectFrom("course_sections").select("class_code").where("id", "=", id).executeTakeFirstOrThrow();
  return { id, code: class_code, params: { params: { id: String(id) } }, planner: `/teacher-dashboard/courses/${id}/planner`, students: `/teacher-dashboard/courses/${id}/students` };
}
type Klass = Awaited<ReturnType<typeof newClass>>;

const plan = (visitor: Person, klass: Klass, fields: Record<string, string>) => visitor.form(plannerAction, klass.planner, fields, klass.params);
const items = async (visitor: Person, klass: Klass) => (await visitor.get(plannerLoader, klass.planner, klass.params)).data.items as { kind: string; id: number; title: string; date: string; time?: string | null; notes?: string }[];

describe("a class's planner", () => {
  it("adds a lesson and an event, moves, edits and deletes them, and shows the class's assignments on their due day", async () => {
    const teacher = await person(["teacher"]);
    const klass = await newClass(teacher);

    await expectRedirectWithToast(await plan(teacher, klass, { intent: "add-lesson", title: "Limits", notes: "Sections 1.5–1.6", date: "2026-09-15" }), `${klass.planner}#week-3`, '"Limits" is on Sep 15.');
    await expectRedirectWithToast(
      await plan(teacher, klass, { intent: "add-event", title: "Midterm", event_kind: "test", date: "2026-10-21", time: "09:30" }),
      `${klass.planner}#week-8`,
      '"Midterm" is on Oct 21.'
    );
    await plan(teacher, klass, { intent: "add-event", title: "Thanksgiving", event_kind: "holiday", date: "2026-10-12", time: "" });
    await teacher.form(
      studentsAction,
      klass.students,
      { intent: "assign", kind: "reading", title: "Read chapter 2", instructions: "", due_at: "2026-09-18T17:00", category: "Readings", weight: "5" },
      klass.params
    );
    // One schedule per class, however many events.
    expect(await db().selectFrom("course_schedules").select("id").where("course_section_id", "=", klass.id).execute()).toHaveLength(1);

    let planned = await items(teacher, klass);
    expect(planned.map((item) => [item.kind, item.title, item.date])).toEqual([
      ["lesson", "Limits", "2026-09-15"],
      ["assignment", "Read chapter 2", "2026-09-18"],
      ["event", "Thanksgiving", "2026-10-12"],
      ["event", "Midterm", "2026-10-21"],
    ]);
    expect(planned.find((item) => item.title === "Midterm")!.time).toBe("09:30");
    expect(planned.find((item) => item.title === "Thanksgiving")!.time).toBeNull();
    const lesson = planned.find((item) => item.kind === "lesson")!;
    const midterm = planned.find((item) => item.title === "Midterm")!;

    await expectRedirectWithToast(await plan(teacher, klass, { intent: "move", item_kind: "lesson", item_id: String(lesson.id), date: "2026-09-29" }), `${klass.planner}#week-5`, "Moved to Sep 29.");
    await plan(teacher, klass, { intent: "move", item_kind: "event", item_id: String(midterm.id), date: "2026-10-22" });
    await expectRedirectWithToast(await plan(teacher, klass, { intent: "edit-lesson", item_id: String(lesson.id), title: "Limits, part 2", notes: "Bring calculators" }), klass.planner, '"Limits, part 2" is saved.');
    await plan(teacher, klass, { intent: "edit-event", item_id: String(midterm.id), title: "Midterm exam", event_kind: "test", time: "" });
    planned = await items(teacher, klass);
    expect(planned.find((item) => item.id === lesson.id && item.kind === "lesson")).toEqual({ kind: "lesson", id: lesson.id, title: "Limits, part 2", notes: "Bring calculators", date: "2026-09-29" });
    expect(planned.find((item) => item.id === midterm.id && item.kind === "event")).toEqual(expect.objectContaining({ title: "Midterm exam", date: "2026-10-22", time: null }));

    await expectRedirectWithToast(await plan(teacher, klass, { intent: "delete", item_kind: "lesson", item_id: String(lesson.id) }), klass.planner, '"Limits, part 2" is deleted.');
    await plan(teacher, klass, { intent: "delete", item_kind: "event", item_id: String(midterm.id) });
    expect((await items(teacher, klass)).map((item) => item.title)).toEqual(["Read chapter 2", "Thanksgiving"]);
    // Deleting it again: it is gone.
    expect((await plan(teacher, klass, { intent: "delete", item_kind: "lesson", item_id: String(lesson.id) })).status).toBe(404);
  });

  it("refuses days outside the class's term and bad input with 400, naming the term's days, and changes nothing", async () => {
    const teacher = await person(["teacher"]);
    const klass = await newClass(teacher);
    const outside = await plan(teacher, klass, { intent: "add-lesson", title: "Too late", date: "2027-01-04" });
    expect(outside.status).toBe(400);
    expect(outside.data.result.error.date).toEqual(["Choose a day in Fall 2026 (Sep 1 – Dec 31, 2026)."]);
    expect(outside.data.form).toBe("add-lesson");
    expect((await plan(teacher, klass, { intent: "add-event", title: "Early", event_kind: "other", date: "2026-08-31" })).status).toBe(400);
    expect((await plan(teacher, klass, { intent: "add-event", title: "Bad time", event_kind: "other", date: "2026-09-02", time: "25:00" })).status).toBe(400);
    expect((await plan(teacher, klass, { intent: "add-event", title: "Bad kind", event_kind: "party", date: "2026-09-02" })).status).toBe(400);
    expect((await plan(teacher, klass, { intent: "add-lesson", title: "", date: "2026-02-30" })).status).toBe(400);

    await plan(teacher, klass, { intent: "add-lesson", title: "Stays put", date: "2026-12-31" });
    const [lesson] = await items(teacher, klass);
    const refused = await plan(teacher, klass, { intent: "move", item_kind: "lesson", item_id: String(lesson!.id), date: "2027-01-01" });
    expect(refused.status).toBe(400);
    expect(refused.data.form).toBe(`move:lesson-${lesson!.id}`);
    expect(await items(teacher, klass)).toEqual([expect.objectContaining({ title: "Stays put", date: "2026-12-31" })]);
  });

  it("is its teachers' only: other teachers get 404 and cannot touch its items, students 403", async () => {
    const teacher = await person(["teacher"]);
    const other = await person(["teacher"]);
    const student = await person();
    const klass = await newClass(teacher);
    const otherClass = await newClass(other);
    await student.form(joinAction, "/join-class", { code: klass.code });
    await plan(teacher, klass, { intent: "add-lesson", title: "Mine", date: "2026-09-10" });
    const [lesson] = await items(teacher, klass);

    expect((await other.get(plannerLoader, klass.planner, klass.params)).status).toBe(404);
    expect((await plan(other, klass, { intent: "add-lesson", title: "Intruder", date: "2026-09-10" })).status).toBe(404);
    // Through their own class's address, the other teacher's forms do not reach this class's items.
    expect((await plan(other, otherClass, { intent: "move", item_kind: "lesson", item_id: String(lesson!.id), date: "2026-09-11" })).status).toBe(404);
    expect((await plan(other, otherClass, { intent: "delete", item_kind: "lesson", item_id: String(lesson!.id) })).status).toBe(404);
    expect((await plan(other, otherClass, { intent: "edit-lesson", item_id: String(lesson!.id), title: "Mine now" })).status).toBe(404);
    expect((await student.get(plannerLoader, klass.planner, klass.params)).status).toBe(403);
    expect((await plan(student, klass, { intent: "add-lesson", title: "Student", date: "2026-09-10" })).status).toBe(403);
    expect(await items(teacher, klass)).toEqual([expect.objectContaining({ title: "Mine", date: "2026-09-10" })]);
  });
});

describe("a class's teachers and students", () => {
  it("adds a co-teacher by a teacher account's email, refuses other emails clearly, and never removes the last teacher", async () => {
    const teacher = await person(["teacher"], "Tess");
    const coTeacher = await person(["teacher"], "Cory");
    const student = await person([], "Maya");
    const klass = await newClass(teacher);
    await student.form(joinAction, "/join-class", { code: klass.code });
    const students = (visitor: Person, fields: Record<string, string>) => visitor.form(studentsAction, klass.students, fields, klass.params);

    const notTeacher = await students(teacher, { intent: "add-teacher", email: student.email });
    expect(notTeacher.status).toBe(400);
    expect(notTeacher.data.result.error.email[0]).toMatch(/^No teacher's account has this email address/);
    expect((await students(teacher, { intent: "add-teacher", email: "nobody@example.test" })).status).toBe(400);
    expect((await coTeacher.get(plannerLoader, klass.planner, klass.params)).status).toBe(404);

    await expectRedirectWithToast(await students(teacher, { intent: "add-teacher", email: coTeacher.email.toUpperCase() }), klass.students, expect.stringMatching(/^Cory .* teaches this class now\.$/) as never);
    expect((await students(teacher, { intent: "add-teacher", email: coTeacher.email })).data.result.error.email).toEqual(["They already teach this class."]);
    expect((await coTeacher.get(plannerLoader, klass.planner, klass.params)).status).toBe(200);
    const page = await coTeacher.get(studentsLoader, klass.students, klass.params);
    expect(page.data.teachers.map((t: { id: number }) => t.id)).toEqual([teacher.userId, coTeacher.userId]);

    // Both remove the other at once: one of them stays.
    const both = await Promise.all([students(teacher, { intent: "remove-teacher", user_id: String(coTeacher.userId) }), students(coTeacher, { intent: "remove-teacher", user_id: String(teacher.userId) })]);
    // The other is refused: no longer a teacher of the class (404), or the class's last teacher (409).
    const statuses = both.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(303);
    expect([404, 409]).toContain(statuses[1]);
    const left = await db().selectFrom("course_section_users").select("user_id").where("course_section_id", "=", klass.id).where("role", "=", "teacher").execute();
    expect(left).toHaveLength(1);
    const remaining = left[0]!.user_id === teacher.userId ? teacher : coTeacher;
    const last = await students(remaining, { intent: "remove-teacher", user_id: String(remaining.userId) });
    expect(last.status).toBe(409);
    expect(last.data.result.error[""]).toEqual(["A class keeps at least one teacher: add another teacher before removing this one."]);

    // A teacher may leave while another stays, and lands on their home.
    const again = remaining === teacher ? coTeacher : teacher;
    await students(remaining, { intent: "add-teacher", email: again.email });
    await expectRedirectWithToast(await students(remaining, { intent: "remove-teacher", user_id: String(remaining.userId) }), "/teacher-dashboard", expect.stringMatching(/^You no longer teach /) as never);
    expect((await remaining.get(plannerLoader, klass.planner, klass.params)).status).toBe(404);
  });

  it("removes a student from the class", async () => {
    const teacher = await person(["teacher"]);
    const student = await person();
    const klass = await newClass(teacher);
    await student.form(joinAction, "/join-class", { code: klass.code });
    const remove = () => teacher.form(studentsAction, klass.students, { intent: "remove-student", user_id: String(student.userId) }, klass.params);
    await expectRedirectWithToast(await remove(), klass.students, "The student is removed from the class.");
    expect((await teacher.get(studentsLoader, klass.students, klass.params)).data.roster.students).toEqual([]);
    expect((await remove()).status).toBe(404);
    // A teacher is not removed as a student.
    expect((await teacher.form(studentsAction, klass.students, { intent: "remove-student", user_id: String(teacher.userId) }, klass.params)).status).toBe(404);
  });
});
