import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { setGrade } from "~/classes/grade-book.server";
import { action as assignmentAction, loader as assignmentLoader } from "~/routes/course-assignments.$id";
import { action as joinAction, loader as joinLoader } from "~/routes/join-class";
import { action as homeAction, loader as homeLoader } from "~/routes/teacher-dashboard";
import { action as bookAction, loader as bookLoader } from "~/routes/teacher-dashboard_.courses.$id.grade-book";
import { loader as csvLoader } from "~/routes/teacher-dashboard_.courses.$id.grade-book[.csv]";
import { action as studentsAction, loader as studentsLoader } from "~/routes/teacher-dashboard_.courses.$id.students";
import { useTestDatabase } from "../../support/database";
import { expectRedirectWithToast } from "../../support/toast";
import { classVisitor } from "./class-visitors";

/**
 * Teachers' classes as a browser without JavaScript uses them: a class added for a term, joined
 * with its code, a quiz assigned and handed in (its score the grade), the grade book by cell and
 * by CSV, and everyone outside the class refused.
 */
const database = useTestDatabase();
const db = () => database().db;

const person = (roles: string[] = [], first = "Pat") => classVisitor(db(), roles, first);

/** A seeded quiz with questions, in an online course linked to a catalogue course. */
async function seededQuiz() {
  const row = await db()
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .innerJoin("online_course_courses as occ", "occ.online_course_id", "chapters.online_course_id")
    .where("activities.activity_type", "=", "quiz")
    .where((eb) => eb.exists(eb.selectFrom("quiz_questions").whereRef("quiz_questions.activity_id", "=", "activities.id").select("id")))
    .select(["activities.id", "occ.course_id"])
    .orderBy("activities.id")
    .executeTakeFirstOrThrow();
  const questions = await db().selectFrom("quiz_questions").select(["id", "answer_index"]).where("activity_id", "=", row.id).orderBy("position").execute();
  return { activityId: row.id, courseId: row.course_id, questions };
}

const students = (id: number) => `/teacher-dashboard/courses/${id}/students`;
const book = (id: number) => `/teacher-dashboard/courses/${id}/grade-book`;

async function newClass(teacher: Awaited<ReturnType<typeof person>>, courseId: number) {
  const answer = await teacher.form(homeAction, "/teacher-dashboard", { intent: "add-class", course_id: String(courseId), term_of_year: "fall:2026" });
  expect(answer.status).toBe(303);
  const id = Number(/courses\/(\d+)\/students$/.exec(answer.headers.get("Location")!)![1]);
  const { class_code } = await db().selectFrom("course_sections").select("class_code").where("id", "=", id).executeTakeFirstOrThrow();
  return { id, code: class_code };
}

async function assignQuiz(teacher: Awaited<ReturnType<typeof person>>, classId: number, activityId: number, dueAt = "2030-12-01T17:00") {
  const answer = await teacher.form(
    studentsAction,
    students(classId),
    { intent: "assign", kind: "quiz", title: "Limits quiz", instructions: "Take it once.", activity_id: String(activityId), due_at: dueAt, category: "Quizzes", weight: "20" },
    { params: { id: String(classId) } }
  );
  expect(answer.status).toBe(303);
  return (await db().selectFrom("course_assignments").select("id").where("course_section_id", "=", classId).orderBy("id", "desc").executeTakeFirstOrThrow()).id;
}

describe("teachers' classes", () => {
  it("a teacher adds a class, a student joins with its code, hands in a quiz, and the score is the grade in the grade book and its CSV", async () => {
    const quiz = await seededQuiz();
    const teacher = await person(["teacher"], "Tess");
    const student = await person([], "Maya");
    const klass = await newClass(teacher, quiz.courseId);

    const home = await teacher.get(homeLoader, "/teacher-dashboard");
    expect(home.data.classes).toEqual([expect.objectContaining({ id: klass.id, class_code: klass.code, term: "fall", year: 2026, student_count: 0 })]);

    await expectRedirectWithToast(await student.form(joinAction, "/join-class", { code: klass.code.toLowerCase() }), "/join-class", expect.stringMatching(/^You joined /) as never);
    await expectRedirectWithToast(await student.form(joinAction, "/join-class", { code: klass.code }), "/join-class", expect.stringMatching(/^You are already in /) as never);
    expect((await student.form(joinAction, "/join-class", { code: "ZZZZZZZ" })).status).toBe(404);
    expect((await student.form(joinAction, "/join-class", { code: "nope" })).status).toBe(400);
    expect((await teacher.get(homeLoader, "/teacher-dashboard")).data.classes[0].student_count).toBe(1);

    const assignmentId = await assignQuiz(teacher, klass.id, quiz.activityId);
    const page = await student.get(assignmentLoader, `/course-assignments/${assignmentId}`, { params: { id: String(assignmentId) } });
    expect(page.status).toBe(200);
    expect(page.data.mine.status).toBe("due");
    expect(page.data.questions).toHaveLength(quiz.questions.length);
    expect(JSON.stringify(page.data)).not.toContain("answer_index");

    // Every answer right but the first.
    const answers = Object.fromEntries(quiz.questions.map((question, index) => [`question_${question.id}`, String(index === 0 ? (question.answer_index + 1) % 2 : question.answer_index)]));
    const handIn = await student.form(assignmentAction, `/course-assignments/${assignmentId}`, { intent: "submit", ...answers }, { params: { id: String(assignmentId) } });
    expect(handIn.status).toBe(303);
    const expected = Math.round(((quiz.questions.length - 1) / quiz.questions.length) * 100);
    expect((await student.form(assignmentAction, `/course-assignments/${assignmentId}`, { intent: "submit", ...answers }, { params: { id: String(assignmentId) } })).status).toBe(409);

    const after = await student.get(assignmentLoader, `/course-assignments/${assignmentId}`, { params: { id: String(assignmentId) } });
    expect(after.data.mine).toEqual(expect.objectContaining({ status: "submitted", grade: expected }));

    const grades = await teacher.get(bookLoader, book(klass.id), { params: { id: String(klass.id) } });
    expect(grades.data.students).toEqual([expect.objectContaining({ id: student.userId, average: expected })]);
    const csv = await (await teacher.raw(csvLoader, `${book(klass.id)}.csv`, { params: { id: String(klass.id) } })).text();
    expect(csv.split("\r\n")[0]).toBe("Student,Email,Limits quiz,Average");
    expect(csv).toContain(`${student.email},${expected},${expected}`);

    const roster = await teacher.get(studentsLoader, students(klass.id), { params: { id: String(klass.id) } });
    expect(roster.data.roster.students[0].assignments).toEqual([{ id: assignmentId, status: "submitted", grade: expected }]);

    // The teacher grades it over, with feedback the student sees.
    const graded = await teacher.form(
      assignmentAction,
      `/course-assignments/${assignmentId}`,
      { intent: "grade", user_id: String(student.userId), grade: "95", feedback: "Nice work on limits." },
      { params: { id: String(assignmentId) } }
    );
    expect(graded.status).toBe(303);
    const seen = await student.get(assignmentLoader, `/course-assignments/${assignmentId}`, { params: { id: String(assignmentId) } });
    expect(seen.data.mine).toEqual(expect.objectContaining({ grade: 95, feedback: "Nice work on limits." }));
  });

  it("marks a submission after the due date late", async () => {
    const quiz = await seededQuiz();
    const teacher = await person(["teacher"]);
    const student = await person();
    const klass = await newClass(teacher, quiz.courseId);
    await student.form(joinAction, "/join-class", { code: klass.code });
    const answer = await teacher.form(
      studentsAction,
      students(klass.id),
      { intent: "assign", kind: "reading", title: "Read chapter 2", instructions: "Pages 10–20.", due_at: "2020-01-01T00:00", category: "Readings", weight: "5" },
      { params: { id: String(klass.id) } }
    );
    expect(answer.status).toBe(303);
    const id = (await db().selectFrom("course_assignments").select("id").where("course_section_id", "=", klass.id).executeTakeFirstOrThrow()).id;
    expect((await student.get(assignmentLoader, `/course-assignments/${id}`, { params: { id: String(id) } })).data.mine.status).toBe("missing");
    await expectRedirectWithToast(
      await student.form(assignmentAction, `/course-assignments/${id}`, { intent: "submit" }, { params: { id: String(id) } }),
      `/course-assignments/${id}`,
      "Handed in late."
    );
    expect((await student.get(assignmentLoader, `/course-assignments/${id}`, { params: { id: String(id) } })).data.mine.status).toBe("late");
  });

  it("keeps a teacher's feedback for a student who has handed in nothing, and the student can still hand in", async () => {
    const quiz = await seededQuiz();
    const teacher = await person(["teacher"]);
    const student = await person();
    const klass = await newClass(teacher, quiz.courseId);
    await student.form(joinAction, "/join-class", { code: klass.code });
    const assignmentId = await assignQuiz(teacher, klass.id, quiz.activityId);
    const at = `/course-assignments/${assignmentId}`;
    const on = { params: { id: String(assignmentId) } };

    await expectRedirectWithToast(
      await teacher.form(assignmentAction, at, { intent: "grade", user_id: String(student.userId), grade: "", feedback: "Please send your quiz this week." }, on),
      at,
      "Grade and feedback saved."
    );
    const teacherView = await teacher.get(assignmentLoader, at, on);
    expect(teacherView.data.submissions).toEqual([expect.objectContaining({ userId: student.userId, submittedAt: null, status: "due", feedback: "Please send your quiz this week." })]);
    const before = await student.get(assignmentLoader, at, on);
    expect(before.data.mine).toEqual(expect.objectContaining({ status: "due", submittedAt: null, feedback: "Please send your quiz this week.", mayHandIn: true }));
    expect(before.data.questions).toHaveLength(quiz.questions.length);
    const roster = await teacher.get(studentsLoader, students(klass.id), { params: { id: String(klass.id) } });
    expect(roster.data.roster.students[0].assignments).toEqual([{ id: assignmentId, status: "due", grade: null }]);

    const answers = Object.fromEntries(quiz.questions.map((question) => [`question_${question.id}`, String(question.answer_index)]));
    expect((await student.form(assignmentAction, at, { intent: "submit", ...answers }, on)).status).toBe(303);
    const after = await student.get(assignmentLoader, at, on);
    expect(after.data.mine).toEqual(expect.objectContaining({ status: "submitted", grade: 100, feedback: "Please send your quiz this week.", mayHandIn: false }));
    expect((await student.form(assignmentAction, at, { intent: "submit", ...answers }, on)).status).toBe(409);
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const quiz = await seededQuiz();
    const teacher = await person(["teacher"]);
    expect((await teacher.form(homeAction, "/teacher-dashboard", { intent: "add-class", course_id: String(quiz.courseId), term_of_year: "spring:2026" })).status).toBe(400);
    expect((await teacher.form(homeAction, "/teacher-dashboard", { intent: "add-class", course_id: "999999999", term_of_year: "fall:2026" })).status).toBe(400);
    const klass = await newClass(teacher, quiz.courseId);
    const bad = await teacher.form(
      studentsAction,
      students(klass.id),
      { intent: "assign", kind: "quiz", title: "No quiz", due_at: "2030-01-01T00:00", category: "Quizzes", weight: "10" },
      { params: { id: String(klass.id) } }
    );
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.activity_id).toBeTruthy();
    expect(
      (await teacher.form(studentsAction, students(klass.id), { intent: "assign", kind: "reading", title: "x", due_at: "tomorrow", category: "A", weight: "0" }, { params: { id: String(klass.id) } }))
        .status
    ).toBe(400);
    expect(await db().selectFrom("course_assignments").select("id").where("course_section_id", "=", klass.id).execute()).toEqual([]);
  });

  it("shows a class only to its teachers and students: others get 404 on every page and change nothing", async () => {
    const quiz = await seededQuiz();
    const teacher = await person(["teacher"]);
    const otherTeacher = await person(["teacher"]);
    const student = await person();
    const outsider = await person();
    const klass = await newClass(teacher, quiz.courseId);
    await student.form(joinAction, "/join-class", { code: klass.code });
    const assignmentId = await assignQuiz(teacher, klass.id, quiz.activityId);
    const params = { params: { id: String(klass.id) } };
    const onAssignment = { params: { id: String(assignmentId) } };
    const assessment = (await db().selectFrom("course_assessments").select("id").where("course_section_id", "=", klass.id).executeTakeFirstOrThrow()).id;

    for (const visitor of [otherTeacher]) {
      expect((await visitor.get(studentsLoader, students(klass.id), params)).status).toBe(404);
      expect((await visitor.get(bookLoader, book(klass.id), params)).status).toBe(404);
      expect((await visitor.raw(csvLoader, `${book(klass.id)}.csv`, params).catch((error: Response) => error)).status).toBe(404);
      expect((await visitor.form(bookAction, book(klass.id), { intent: "grade", assessment_id: String(assessment), user_id: String(student.userId), grade: "10" }, params)).status).toBe(404);
      expect((await visitor.form(studentsAction, students(klass.id), { intent: "invite", email: "a@example.test" }, params)).status).toBe(404);
      expect((await visitor.get(assignmentLoader, `/course-assignments/${assignmentId}`, onAssignment)).status).toBe(404);
      expect((await visitor.form(assignmentAction, `/course-assignments/${assignmentId}`, { intent: "grade", user_id: String(student.userId), grade: "10" }, onAssignment)).status).toBe(404);
    }
    // Students (in the class or not) never reach the teacher's pages; an outsider does not see the assignment.
    for (const visitor of [student, outsider]) {
      expect((await visitor.get(studentsLoader, students(klass.id), params)).status).toBe(403);
      expect((await visitor.get(bookLoader, book(klass.id), params)).status).toBe(403);
    }
    expect((await outsider.get(assignmentLoader, `/course-assignments/${assignmentId}`, onAssignment)).status).toBe(404);
    expect((await outsider.form(assignmentAction, `/course-assignments/${assignmentId}`, { intent: "submit" }, onAssignment)).status).toBe(404);
    // A student of the class may not grade.
    expect((await student.form(assignmentAction, `/course-assignments/${assignmentId}`, { intent: "grade", user_id: String(student.userId), grade: "100" }, onAssignment)).status).toBe(403);
    expect(await db().selectFrom("course_assessment_grades").select("grade").where("course_assessment_id", "=", assessment).execute()).toEqual([]);
  });

  it("the grade book: a cell per form, bad grades refused, CSV import all or nothing with line numbers", async () => {
    const quiz = await seededQuiz();
    const teacher = await person(["teacher"]);
    const maya = await person([], "Maya");
    const sam = await person([], "Sam");
    const klass = await newClass(teacher, quiz.courseId);
    for (const student of [maya, sam]) await student.form(joinAction, "/join-class", { code: klass.code });
    const params = { params: { id: String(klass.id) } };
    await expectRedirectWithToast(
      await teacher.form(bookAction, book(klass.id), { intent: "add-assessment", title: "Midterm", category: "Tests", weight: "30" }, params),
      book(klass.id),
      '"Midterm" is in the grade book.'
    );
    await teacher.form(bookAction, book(klass.id), { intent: "add-assessment", title: "Quiz 1", category: "Quizzes", weight: "10" }, params);
    const [midterm, quiz1] = await db().selectFrom("course_assessments").select("id").where("course_section_id", "=", klass.id).orderBy("id").execute();

    await expectRedirectWithToast(
      await teacher.form(bookAction, book(klass.id), { intent: "grade", assessment_id: String(midterm!.id), user_id: String(maya.userId), grade: "80" }, params),
      book(klass.id),
      "Grade saved: 80%."
    );
    const refused = await teacher.form(bookAction, book(klass.id), { intent: "grade", assessment_id: String(midterm!.id), user_id: String(maya.userId), grade: "120" }, params);
    expect(refused.status).toBe(400);
    expect((await teacher.form(bookAction, book(klass.id), { intent: "grade", assessment_id: String(midterm!.id), user_id: String(teacher.userId), grade: "50" }, params)).status).toBe(404);
    let view = await teacher.get(bookLoader, book(klass.id), params);
    expect(view.data.students.find((s: { id: number }) => s.id === maya.userId).average).toBe(80);
    // Sam has no grade: no average (not zero).
    expect(view.data.students.find((s: { id: number }) => s.id === sam.userId).average).toBeNull();

    const upload = (text: string) => {
      const form = new FormData();
      form.set("intent", "import");
      form.set("file", new File([text], "grades.csv", { type: "text/csv" }));
      return teacher.multipart(bookAction, book(klass.id), form, params);
    };
    const badImport = await upload(`Email,Midterm,Quiz 1\n${maya.email},90,70\nghost@example.test,50,50\n${sam.email},abc,\n`);
    expect(badImport.status).toBe(400);
    expect(badImport.data.importErrors).toEqual(["Line 3: ghost@example.test is not a student of this class.", 'Line 4: "abc" under Midterm is not a grade from 0 to 100.']);
    view = await teacher.get(bookLoader, book(klass.id), params);
    expect(view.data.students.find((s: { id: number }) => s.id === maya.userId).grades).toEqual({ [midterm!.id]: 80 });

    await expectRedirectWithToast(await upload(`Email,Midterm,Quiz 1\n${maya.email},90,70\n${sam.email},60,\n`), book(klass.id), "Imported 4 grades.");
    view = await teacher.get(bookLoader, book(klass.id), params);
    expect(view.data.students.find((s: { id: number }) => s.id === maya.userId)).toEqual(expect.objectContaining({ grades: { [midterm!.id]: 90, [quiz1!.id]: 70 }, average: 85 }));
    expect(view.data.students.find((s: { id: number }) => s.id === sam.userId)).toEqual(expect.objectContaining({ grades: { [midterm!.id]: 60 }, average: 60 }));
  });

  it("two teachers editing at once: different cells both stay, the same cell ends with the later edit and nothing else changes", async () => {
    const quiz = await seededQuiz();
    const teacher = await person(["teacher"]);
    const coTeacher = await person(["teacher"]);
    const maya = await person();
    const sam = await person();
    const klass = await newClass(teacher, quiz.courseId);
    await db().insertInto("course_section_users").values({ course_section_id: klass.id, user_id: coTeacher.userId, role: "teacher" }).execute();
    for (const student of [maya, sam]) await student.form(joinAction, "/join-class", { code: klass.code });
    const params = { params: { id: String(klass.id) } };
    await teacher.form(bookAction, book(klass.id), { intent: "add-assessment", title: "Essay", category: "Writing", weight: "10" }, params);
    await teacher.form(bookAction, book(klass.id), { intent: "add-assessment", title: "Lab", category: "Labs", weight: "10" }, params);
    const [essay, lab] = await db().selectFrom("course_assessments").select("id").where("course_section_id", "=", klass.id).orderBy("id").execute();
    await setGrade({ classId: klass.id, assessmentId: lab!.id, userId: sam.userId, grade: 55, by: teacher.userId, now: new Date("2026-11-01T00:00:00Z") });

    const cell = (visitor: typeof teacher, assessment: number, user: number, grade: string) =>
      visitor.form(bookAction, book(klass.id), { intent: "grade", assessment_id: String(assessment), user_id: String(user), grade }, params);
    const answers = await Promise.all([cell(teacher, essay!.id, maya.userId, "70"), cell(coTeacher, essay!.id, maya.userId, "75"), cell(coTeacher, lab!.id, maya.userId, "88")]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303]);

    const rows = await db()
      .selectFrom("course_assessment_grades")
      .select(["course_assessment_id", "user_id", "grade", "updated_by", "updated_at"])
      .where("course_assessment_id", "in", [essay!.id, lab!.id])
      .execute();
    expect(rows).toHaveLength(3);
    const essayCell = rows.find((row) => row.course_assessment_id === essay!.id && row.user_id === maya.userId)!;
    expect(["70.00", "75.00"]).toContain(essayCell.grade);
    expect(rows.find((row) => row.course_assessment_id === lab!.id && row.user_id === maya.userId)!.grade).toBe("88.00");
    expect(rows.find((row) => row.course_assessment_id === lab!.id && row.user_id === sam.userId)!.grade).toBe("55.00");

    // In a known order, the later edit of one cell wins.
    await cell(teacher, essay!.id, maya.userId, "61");
    await cell(coTeacher, essay!.id, maya.userId, "62");
    const final = await db()
      .selectFrom("course_assessment_grades")
      .select(["grade", "updated_by"])
      .where("course_assessment_id", "=", essay!.id)
      .where("user_id", "=", maya.userId)
      .executeTakeFirstOrThrow();
    expect(final).toEqual({ grade: "62.00", updated_by: coTeacher.userId });
    expect(await db().selectFrom("course_assessment_grades").select("grade").where("course_assessment_id", "=", lab!.id).orderBy("grade").execute()).toEqual([{ grade: "55.00" }, { grade: "88.00" }]);
  });

  it("invites a student by email with the class code and a link that fills it in", async () => {
    const quiz = await seededQuiz();
    const teacher = await person(["teacher"], "Tess");
    const klass = await newClass(teacher, quiz.courseId);
    const email = `invitee-${randomBytes(4).toString("hex")}@example.test`;
    await expectRedirectWithToast(
      await teacher.form(studentsAction, students(klass.id), { intent: "invite", email }, { params: { id: String(klass.id) } }),
      students(klass.id),
      `We sent ${email} an invitation with the class code.`
    );
    const mail = await db().selectFrom("outbox_emails").select(["subject", "text_body", "kind"]).where("to_address", "=", email).executeTakeFirstOrThrow();
    expect(mail.kind).toBe("class_invitation");
    expect(mail.text_body).toContain(klass.code);
    expect(mail.text_body).toContain(`/join-class?code=${klass.code}`);
    const invited = await person();
    expect((await invited.get(joinLoader, `/join-class?code=${klass.code}`)).data.code).toBe(klass.code);
  });
});
