import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { termOf } from "~/classes/terms";
import { NOTES_MESSAGES } from "~/notes/notes-packages";
import { action as reviewAction, loader as reviewLoader } from "~/routes/admin+/notes";
import { loader as coursePageLoader } from "~/routes/courses+/$idOrSlug";
import { action as uploadAction, loader as uploadLoader } from "~/routes/upload-notes";
import { loader as fileLoader } from "~/routes/upload-notes_.$id.file";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

/**
 * Students' notes as students and reviewers use them without JavaScript: uploads checked by
 * their bytes and size with nothing stored when refused, one decision per upload (tokens credited
 * once), approved notes on the course page, and files only for whoever may open them.
 */
const database = useTestDatabase();
const db = () => database().db;
const tag = () => randomBytes(4).toString("hex");

async function person(roles: string[] = []) {
  const user = await db()
    .insertInto("users")
    .values({ email: `notes-${tag()}@example.test`, first_name: "Nora", last_name: `Notes${tag()}`, roles: roles as never, confirmed_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id), clientIp: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` }), { userId: user.id });
}

async function aCourse() {
  const school = await db().selectFrom("schools").select("id").orderBy("id").executeTakeFirstOrThrow();
  const code = `NOTE ${tag()}`;
  return db()
    .insertInto("courses")
    .values({ school_id: school.id, code, name: "Notes and Proofs", slug: `notes-${tag()}`, subject: "mathematics", description: "A course for notes." })
    .returning(["id", "slug", "code"])
    .executeTakeFirstOrThrow();
}

async function takes(userId: number, courseId: number) {
  await db().insertInto("user_courses").values({ user_id: userId, course_id: courseId, relation: "enrolled" }).execute();
}

const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const html = new TextEncoder().encode("<html><script>alert('x')</script></html>");
const { term, year } = termOf(new Date());

function upload(visitor: Awaited<ReturnType<typeof person>>, courseId: number, file: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }, title = `Week ${tag()} notes`) {
  const body = new FormData();
  body.set("course_id", String(courseId));
  body.set("title", title);
  body.set("term", `${term}-${year}`);
  body.set("notes", new File([file.bytes], file.name, { type: file.type }));
  return visitor.multipart(uploadAction, "/upload-notes", body);
}

const notesOf = (userId: number) => db().selectFrom("course_notes_packages").select(["id", "status", "reward_tokens", "file_name"]).where("uploader_id", "=", userId).execute();
const balanceOf = async (userId: number) => (await db().selectFrom("users").select("token_balance").where("id", "=", userId).executeTakeFirstOrThrow()).token_balance;

describe("uploading notes", () => {
  it("refuses a file named .pdf that is not one, and one over the limit, with a clear message and nothing stored", async () => {
    const student = await person();
    const course = await aCourse();
    await takes(student.userId, course.id);

    const disguised = await upload(student, course.id, { bytes: html, name: "notes.pdf", type: "application/pdf" });
    expect(disguised.status).toBe(415);
    expect(JSON.stringify(disguised.data)).toContain(NOTES_MESSAGES.wrongType);

    const huge = new Uint8Array(20 * 1024 * 1024 + 1);
    huge.set(pdf);
    const tooLarge = await upload(student, course.id, { bytes: huge, name: "notes.pdf", type: "application/pdf" });
    expect(tooLarge.status).toBe(400);
    expect(JSON.stringify(tooLarge.data)).toContain(NOTES_MESSAGES.tooLarge);

    expect(await notesOf(student.userId)).toEqual([]);
  });

  it("takes notes only for a course the student takes", async () => {
    const student = await person();
    const course = await aCourse();
    const refused = await upload(student, course.id, { bytes: pdf, name: "notes.pdf", type: "application/pdf" });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.data)).toContain(NOTES_MESSAGES.notYourCourse);
    expect(await notesOf(student.userId)).toEqual([]);
  });

  it("approving credits the uploader once, even when the decision is sent twice, and the notes show on the course page", async () => {
    const student = await person();
    const reviewer = await person(["content_qa_specialist"]);
    const course = await aCourse();
    await takes(student.userId, course.id);
    const title = `Limits, week ${tag()}`;
    expect((await upload(student, course.id, { bytes: pdf, name: "limits.pdf", type: "application/pdf" }, title)).status).toBe(303);
    const [notes] = await notesOf(student.userId);
    expect(notes).toMatchObject({ status: "pending", file_name: "limits.pdf" });
    expect(JSON.stringify((await student.get(uploadLoader, "/upload-notes")).data)).toContain(title);

    const queue = await reviewer.get(reviewLoader, "/admin/notes");
    expect(JSON.stringify(queue.data)).toContain(title);

    // Not yet on the course page: only approved notes are.
    const before = await student.get(coursePageLoader, `/courses/${course.slug}`, { params: { idOrSlug: course.slug } });
    expect(JSON.stringify(before.data)).not.toContain(title);

    const balance = await balanceOf(student.userId);
    const decisions = await Promise.all([1, 2].map(() => reviewer.form(reviewAction, "/admin/notes", { decision: "approve", id: String(notes!.id) })));
    expect(decisions.map((answer) => answer.status).sort()).toEqual([303, 409]);
    expect(await balanceOf(student.userId)).toBe(balance + 10);
    expect((await notesOf(student.userId))[0]).toMatchObject({ status: "approved", reward_tokens: 10 });
    const again = await reviewer.form(reviewAction, "/admin/notes", { decision: "reject", id: String(notes!.id), reason: "Too late to change my mind" });
    expect(again.status).toBe(409);
    expect(await balanceOf(student.userId)).toBe(balance + 10);

    const coursePage = await student.get(coursePageLoader, `/courses/${course.slug}`, { params: { idOrSlug: course.slug } });
    expect(coursePage.data).toMatchObject({ notes: { canOpen: true, notes: [expect.objectContaining({ id: notes!.id, title })] } });
    // A guest sees that the notes exist, and cannot open them.
    const guestPage = await routeVisitor().get(coursePageLoader, `/courses/${course.slug}`, { params: { idOrSlug: course.slug } });
    expect(guestPage.data).toMatchObject({ notes: { canOpen: false, notes: [expect.objectContaining({ title })] } });
  });

  it("a rejection needs a reason, which the uploader reads, and credits nothing", async () => {
    const student = await person();
    const reviewer = await person(["content_qa_specialist"]);
    const course = await aCourse();
    await takes(student.userId, course.id);
    await upload(student, course.id, { bytes: pdf, name: "blurry.pdf", type: "application/pdf" });
    const [notes] = await notesOf(student.userId);
    const balance = await balanceOf(student.userId);

    const noReason = await reviewer.form(reviewAction, "/admin/notes", { decision: "reject", id: String(notes!.id), reason: " " });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.data)).toContain(NOTES_MESSAGES.reasonNeeded);
    expect((await notesOf(student.userId))[0]!.status).toBe("pending");

    expect((await reviewer.form(reviewAction, "/admin/notes", { decision: "reject", id: String(notes!.id), reason: "The pages are too blurry to read." })).status).toBe(303);
    expect(await balanceOf(student.userId)).toBe(balance);
    expect(JSON.stringify((await student.get(uploadLoader, "/upload-notes")).data)).toContain("The pages are too blurry to read.");
  });

  it("a student may not review notes", async () => {
    const student = await person();
    await expect(student.form(reviewAction, "/admin/notes", { decision: "approve", id: "1" })).resolves.toMatchObject({ status: 403 });
  });

  it("opens the file to its uploader, reviewers and, once approved, the course's students; 404 to everyone else", async () => {
    const uploader = await person();
    const classmate = await person();
    const stranger = await person();
    const reviewer = await person(["content_qa_specialist"]);
    const course = await aCourse();
    await takes(uploader.userId, course.id);
    await takes(classmate.userId, course.id);
    await upload(uploader, course.id, { bytes: pdf, name: "Derivatives (final).pdf", type: "application/pdf" });
    const [notes] = await notesOf(uploader.userId);
    const path = `/upload-notes/${notes!.id}/file`;
    const params = { params: { id: String(notes!.id) } };

    const own = await uploader.raw(fileLoader, path, params);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect(own.headers.get("Content-Disposition")).toBe(`attachment; filename*=UTF-8''${encodeURIComponent("Derivatives (final).pdf")}`);
    expect(own.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(pdf);
    expect((await reviewer.raw(fileLoader, path, params)).status).toBe(200);

    // Pending: not even a classmate opens it.
    expect((await classmate.get(fileLoader, path, params)).status).toBe(404);
    await reviewer.form(reviewAction, "/admin/notes", { decision: "approve", id: String(notes!.id) });
    expect((await classmate.raw(fileLoader, path, params)).status).toBe(200);
    expect((await stranger.get(fileLoader, path, params)).status).toBe(404);
    expect((await stranger.get(fileLoader, "/upload-notes/999999999/file", { params: { id: "999999999" } })).status).toBe(404);
  });
});
