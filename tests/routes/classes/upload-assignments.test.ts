import { describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "~/classes/uploads";
import { readStoredFile } from "~/files/storage.server";
import { action as assignmentAction, loader as assignmentLoader } from "~/routes/course-assignments.$id";
import { loader as fileLoader } from "~/routes/course-assignments_.$id.files.$userId";
import { action as joinAction } from "~/routes/join-class";
import { action as homeAction } from "~/routes/teacher-dashboard";
import { loader as bookLoader } from "~/routes/teacher-dashboard_.courses.$id.grade-book";
import { action as studentsAction } from "~/routes/teacher-dashboard_.courses.$id.students";
import { useTestDatabase } from "../../support/database";
import { expectRedirectWithToast } from "../../support/toast";
import { classVisitor } from "./class-visitors";

/**
 * Upload assignments as a browser without JavaScript uses them: the teacher assigns one, a
 * student hands in a file (checked by its bytes and size, nothing stored when refused) and
 * replaces it until it is graded; the file is downloaded by that student and the class's
 * teachers only; the grade is in the grade book.
 */
const database = useTestDatabase();
const db = () => database().db;
type Person = Awaited<ReturnType<typeof classVisitor>>;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const HTML = Buffer.from("<!doctype html><script>alert(document.cookie)</script>");

async function uploadClass(dueAt = "2030-12-01T17:00") {
  const teacher = await classVisitor(db(), ["teacher"], "Tess");
  const maya = await classVisitor(db(), [], "Maya");
  const sam = await classVisitor(db(), [], "Sam");
  const stranger = await classVisitor(db());
  const course = await db().selectFrom("courses").select("id").orderBy("id").executeTakeFirstOrThrow();
  const home = await teacher.form(homeAction, "/teacher-dashboard", { intent: "add-class", course_id: String(course.id), term_of_year: "fall:2026" });
  const classId = Number(/courses\/(\d+)\/students$/.exec(home.headers.get("Location")!)![1]);
  const { class_code } = await db().selectFrom("course_sections").select("class_code").where("id", "=", classId).executeTakeFirstOrThrow();
  for (const student of [maya, sam]) await student.form(joinAction, "/join-class", { code: class_code });
  await expectRedirectWithToast(
    await teacher.form(
      studentsAction,
      `/teacher-dashboard/courses/${classId}/students`,
      { intent: "assign", kind: "upload", title: "Problem set 1", instructions: "Show your working.", activity_id: "", due_at: dueAt, category: "Homework", weight: "10" },
      { params: { id: String(classId) } }
    ),
    `/teacher-dashboard/courses/${classId}/students`,
    '"Problem set 1" is assigned to the class.'
  );
  const assignment = await db().selectFrom("course_assignments").select(["id", "kind", "activity_id"]).where("course_section_id", "=", classId).executeTakeFirstOrThrow();
  expect(assignment).toEqual(expect.objectContaining({ kind: "upload", activity_id: null }));
  const id = assignment.id;
  const path = `/course-assignments/${id}`;
  const on = { params: { id: String(id) } };
  const handIn = (student: Person, bytes: Buffer, name: string) => {
    const form = new FormData();
    form.set("intent", "submit");
    form.set("file", new File([new Uint8Array(bytes)], name, { type: "application/pdf" }));
    return student.multipart(assignmentAction, path, form, on);
  };
  const page = (visitor: Person) => visitor.get(assignmentLoader, path, on);
  const download = (visitor: Person, studentId: number) =>
    visitor.raw(fileLoader, `${path}/files/${studentId}`, { params: { id: String(id), userId: String(studentId) } }).catch((error: Response) => error);
  const stored = () => db().selectFrom("course_assignment_users").selectAll().where("course_assignment_id", "=", id).execute();
  return { teacher, maya, sam, stranger, classId, id, path, on, handIn, page, download, stored };
}

describe("upload assignments", () => {
  it("a student hands in a PDF, the teacher downloads and grades it, the grade is in the grade book and the file can no longer be replaced", async () => {
    const c = await uploadClass();
    expect((await c.page(c.maya)).data.mine).toEqual(expect.objectContaining({ status: "due", file: null, mayHandIn: true }));

    await expectRedirectWithToast(await c.handIn(c.maya, PDF, "My work.PDF"), c.path, "Handed in.");
    const [row] = await c.stored();
    expect(row).toEqual(expect.objectContaining({ user_id: c.maya.userId, file_name: "My work.pdf", file_content_type: "application/pdf", file_size_bytes: PDF.byteLength }));
    expect(Buffer.from((await readStoredFile("assignment-uploads", row!.file_storage_key!))!)).toEqual(PDF);

    const mine = (await c.page(c.maya)).data.mine;
    expect(mine).toEqual(expect.objectContaining({ status: "submitted", mayHandIn: true, file: { name: "My work.pdf", size: PDF.byteLength, href: `${c.path}/files/${c.maya.userId}` } }));

    // Replaced before grading: the old file goes, the new one is kept.
    const second = Buffer.concat([PDF, Buffer.from("% second version\n")]);
    await expectRedirectWithToast(await c.handIn(c.maya, second, "v2.pdf"), c.path, "Your file is replaced.");
    const [replaced] = await c.stored();
    expect(replaced!.file_size_bytes).toBe(second.byteLength);
    expect(await readStoredFile("assignment-uploads", row!.file_storage_key!)).toBeNull();

    // The teacher's view lists the file, downloads it as an attachment, and grades it.
    const teacherView = await c.teacher.get(assignmentLoader, c.path, c.on);
    expect(teacherView.data.submissions.find((s: { userId: number }) => s.userId === c.maya.userId)).toEqual(
      expect.objectContaining({ status: "submitted", file: { name: "v2.pdf", size: second.byteLength, href: `${c.path}/files/${c.maya.userId}` } })
    );
    expect(teacherView.data.submissions.find((s: { userId: number }) => s.userId === c.sam.userId).file).toBeNull();
    const file = await c.download(c.teacher, c.maya.userId);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''v2.pdf");
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(second);
    expect((await c.download(c.maya, c.maya.userId)).status).toBe(200);

    await expectRedirectWithToast(
      await c.teacher.form(assignmentAction, c.path, { intent: "grade", user_id: String(c.maya.userId), grade: "88", feedback: "Clear working." }, c.on),
      c.path,
      "Grade and feedback saved."
    );
    expect((await c.page(c.maya)).data.mine).toEqual(expect.objectContaining({ grade: 88, feedback: "Clear working.", mayHandIn: false }));
    const book = await c.teacher.get(bookLoader, `/teacher-dashboard/courses/${c.classId}/grade-book`, { params: { id: String(c.classId) } });
    expect(book.data.students.find((s: { id: number }) => s.id === c.maya.userId).average).toBe(88);

    // Replacing after grading is refused and changes nothing.
    const graded = await c.stored();
    const refused = await c.handIn(c.maya, Buffer.concat([PDF, Buffer.from("% third\n")]), "v3.pdf");
    expect(refused.status).toBe(409);
    expect(refused.data.result.error[""]).toEqual([UPLOAD_MESSAGES.graded]);
    expect(await c.stored()).toEqual(graded);
    expect(graded[0]!.file_storage_key).toBe(replaced!.file_storage_key);
    expect(Buffer.from(await (await c.download(c.teacher, c.maya.userId)).arrayBuffer())).toEqual(second);
  });

  it("refuses an HTML file named .pdf and a file over 10 MB with a 400 and a clear message, storing nothing", async () => {
    const c = await uploadClass();
    const html = await c.handIn(c.maya, HTML, "homework.pdf");
    expect(html.status).toBe(400);
    expect(html.data.result.error.file).toEqual([UPLOAD_MESSAGES.wrongType]);

    const big = Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - PDF.byteLength, 0x20)]);
    const tooLarge = await c.handIn(c.maya, big, "big.pdf");
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.data.result.error.file).toEqual(["The file is too large (at most 10 MB)."]);

    const empty = await c.handIn(c.maya, Buffer.alloc(0), "empty.pdf");
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.file).toEqual([UPLOAD_MESSAGES.missing]);

    expect(await c.stored()).toEqual([]);
    expect((await c.page(c.maya)).data.mine).toEqual(expect.objectContaining({ status: "due", file: null }));
  });

  it("gives the file only to the student who handed it in and the class's teachers: another student and a stranger get 404", async () => {
    const c = await uploadClass();
    await c.handIn(c.maya, PDF, "mine.pdf");
    expect((await c.download(c.sam, c.maya.userId)).status).toBe(404);
    expect((await c.download(c.stranger, c.maya.userId)).status).toBe(404);
    const otherTeacher = await classVisitor(db(), ["teacher"]);
    expect((await c.download(otherTeacher, c.maya.userId)).status).toBe(404);
    // No file yet answers the same 404.
    expect((await c.download(c.sam, c.sam.userId)).status).toBe(404);
    expect((await c.download(c.teacher, c.sam.userId)).status).toBe(404);
    // A stranger cannot hand in either.
    expect((await c.handIn(c.stranger, PDF, "x.pdf")).status).toBe(404);
  });

  it("marks a file handed in after the due date late, for the student and the teacher", async () => {
    const c = await uploadClass("2020-01-01T00:00");
    expect((await c.page(c.maya)).data.mine.status).toBe("missing");
    await expectRedirectWithToast(await c.handIn(c.maya, PDF, "late.pdf"), c.path, "Handed in (late).");
    expect((await c.page(c.maya)).data.mine.status).toBe("late");
    const teacherView = await c.teacher.get(assignmentLoader, c.path, c.on);
    expect(teacherView.data.submissions.find((s: { userId: number }) => s.userId === c.maya.userId).status).toBe("late");
    expect(teacherView.data.submissions.find((s: { userId: number }) => s.userId === c.sam.userId).status).toBe("missing");
  });
});
