import { describe, expect, it } from "vitest";
import { loader as attachmentLoader } from "~/routes/study-sessions+/$id.attachments.$attachmentId";
import { action as editAction, loader as editLoader } from "~/routes/study-sessions+/$id_.edit";
import { action as newAction, loader as newLoader } from "~/routes/study-sessions+/new";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

const database = useTestDatabase();

async function visitorFor(email: string) {
  const user = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { id: user.id, visitor: routeVisitor({ session: await sessionCookieFor(user.id) }) };
}

const series = {
  title: "Calculus 1 weekly tutorial",
  session_type: "weekly_tutorial",
  price: "20",
  currency: "CAD",
  time_zone: "America/Toronto",
  series_first_day: "2027-01-05",
  series_start: "18:00",
  series_end: "19:30",
  series_weeks: "4",
};

async function datesOf(id: number) {
  return database().db.selectFrom("study_session_dates").select(["id", "start_time", "end_time"]).where("study_session_id", "=", id).orderBy("start_time").execute();
}

describe("creating a live session", () => {
  it("offers the form to instructors, with blank date rows in their time zone", async () => {
    const { visitor } = await visitorFor("instructor@demo.test");
    const page = await visitor.get(newLoader, "/study-sessions/new");
    expect(page.status).toBe(200);
    expect(page.data.defaults.time_zone).toBe("America/Toronto");
    expect(page.data.defaults.dates).toHaveLength(2);
    expect(page.data.courses.length).toBeGreaterThan(0);
  });

  it("creates a weekly series of four dates taught by its creator, and opens its page with a toast", async () => {
    const { id: instructorId, visitor } = await visitorFor("instructor@demo.test");
    const course = await database().db.selectFrom("courses").select("id").orderBy("id").executeTakeFirstOrThrow();
    const answer = await visitor.form(newAction, "/study-sessions/new", [...Object.entries(series), ["course_ids", String(course.id)]]);
    expect(answer.status).toBe(302);
    const id = Number(answer.headers.get("Location")!.split("/").pop());
    const created = await database().db.selectFrom("study_sessions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(created).toMatchObject({ title: series.title, instructor_id: instructorId, price_cents: 2000, currency: "CAD", session_type: "weekly_tutorial" });
    expect((await datesOf(id)).map((date) => date.start_time.toISOString())).toEqual([
      "2027-01-05T23:00:00.000Z",
      "2027-01-12T23:00:00.000Z",
      "2027-01-19T23:00:00.000Z",
      "2027-01-26T23:00:00.000Z",
    ]);
    const links = await database().db.selectFrom("study_session_courses").select("course_id").where("study_session_id", "=", id).execute();
    expect(links).toEqual([{ course_id: course.id }]);
  });

  it("answers a bad form with 400 and its messages, and creates nothing", async () => {
    const { visitor } = await visitorFor("instructor@demo.test");
    const before = await database().db.selectFrom("study_sessions").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    const answer = await visitor.form(newAction, "/study-sessions/new", { ...series, title: "", series_end: "17:00" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error.title).toEqual(["Enter a title"]);
    const after = await database().db.selectFrom("study_sessions").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("refuses an unknown course without a 500", async () => {
    const { visitor } = await visitorFor("instructor@demo.test");
    const answer = await visitor.form(newAction, "/study-sessions/new", [...Object.entries(series), ["course_ids", "999999"]]);
    expect(answer.status).toBe(409);
    expect(answer.data.result.error.course_ids).toEqual(["One of the chosen courses no longer exists"]);
  });
});

describe("editing a live session", () => {
  async function created() {
    const owner = await visitorFor("instructor@demo.test");
    const answer = await owner.visitor.form(newAction, "/study-sessions/new", Object.entries(series));
    return { ...owner, id: Number(answer.headers.get("Location")!.split("/").pop()) };
  }

  it("shows the dates in the instructor's time zone, keeps kept dates' ids, moves and removes dates", async () => {
    const { id, visitor } = await created();
    const page = await visitor.get(editLoader, `/study-sessions/${id}/edit`, { params: { id: String(id) } });
    expect(page.status).toBe(200);
    const rows = page.data.defaults.dates as { id?: string; day: string; start: string; end: string }[];
    expect(rows.slice(0, 4).map((row) => [row.day, row.start, row.end])).toEqual([
      ["2027-01-05", "18:00", "19:30"],
      ["2027-01-12", "18:00", "19:30"],
      ["2027-01-19", "18:00", "19:30"],
      ["2027-01-26", "18:00", "19:30"],
    ]);
    const before = await datesOf(id);
    const fields: [string, string][] = Object.entries({ ...series, title: "Calculus 1 weekly tutorial (moved)" }).filter(([name]) => !name.startsWith("series_"));
    rows.slice(0, 4).forEach((row, index) => {
      fields.push([`dates[${index}].id`, row.id!], [`dates[${index}].day`, row.day], [`dates[${index}].start`, index === 1 ? "19:00" : row.start], [`dates[${index}].end`, index === 1 ? "20:30" : row.end]);
      if (index === 3) fields.push([`dates[${index}].remove`, "on"]);
    });
    fields.push(["dates[4].day", "2027-02-02"], ["dates[4].start", "18:00"], ["dates[4].end", "19:00"]);
    const answer = await visitor.form(editAction, `/study-sessions/${id}/edit`, fields, { params: { id: String(id) } });
    expect(answer.status).toBe(302);
    const after = await datesOf(id);
    expect(after.map((date) => date.start_time.toISOString())).toEqual(["2027-01-05T23:00:00.000Z", "2027-01-13T00:00:00.000Z", "2027-01-19T23:00:00.000Z", "2027-02-02T23:00:00.000Z"]);
    expect(after.slice(0, 3).map((date) => date.id)).toEqual(before.slice(0, 3).map((date) => date.id));
    const title = await database().db.selectFrom("study_sessions").select("title").where("id", "=", id).executeTakeFirstOrThrow();
    expect(title.title).toBe("Calculus 1 weekly tutorial (moved)");
  });

  it("is refused to another instructor (403) and to a student (403), and an unknown session is 404", async () => {
    const { id } = await created();
    const other = await visitorFor("sofia.lindqvist@demo.test");
    expect((await other.visitor.get(editLoader, `/study-sessions/${id}/edit`, { params: { id: String(id) } })).status).toBe(403);
    expect((await other.visitor.form(editAction, `/study-sessions/${id}/edit`, Object.entries(series), { params: { id: String(id) } })).status).toBe(403);
    const student = await visitorFor("student@demo.test");
    expect((await student.visitor.get(editLoader, `/study-sessions/${id}/edit`, { params: { id: String(id) } })).status).toBe(403);
    const admin = await visitorFor("admin@demo.test");
    expect((await admin.visitor.get(editLoader, `/study-sessions/${id}/edit`, { params: { id: String(id) } })).status).toBe(200);
    expect((await admin.visitor.get(editLoader, "/study-sessions/999999/edit", { params: { id: "999999" } })).status).toBe(404);
  });

  it("refuses a date id that belongs to another session, changing nothing", async () => {
    const first = await created();
    const second = await created();
    const foreign = (await datesOf(second.id))[0]!;
    const answer = await first.visitor.form(
      editAction,
      `/study-sessions/${first.id}/edit`,
      [...Object.entries(series).filter(([name]) => !name.startsWith("series_")), ["dates[0].id", String(foreign.id)], ["dates[0].day", "2027-03-01"], ["dates[0].start", "10:00"], ["dates[0].end", "11:00"]],
      { params: { id: String(first.id) } },
    );
    expect(answer.status).toBe(409);
    expect((await datesOf(first.id))).toHaveLength(4);
    expect((await datesOf(second.id))[0]!.start_time).toEqual(foreign.start_time);
  });
});

describe("a live session's material", () => {
  const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
  async function upload(visitor: ReturnType<typeof routeVisitor>, id: number, fields: Record<string, string>, file: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }) {
    const body = new FormData();
    body.set("intent", "attachment-add");
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    body.set("file", new File([file.bytes], file.name, { type: file.type }));
    return visitor.multipart(editAction, `/study-sessions/${id}/edit`, body, { params: { id: String(id) } });
  }

  it("takes a PDF booklet from its instructor, refuses a file of the wrong kind, and removes only its own files", async () => {
    const owner = await visitorFor("instructor@demo.test");
    const created = await owner.visitor.form(newAction, "/study-sessions/new", Object.entries(series));
    const id = Number(created.headers.get("Location")!.split("/").pop());
    const added = await upload(owner.visitor, id, { kind: "booklet", name: "Week 1 booklet" }, { bytes: pdf, name: "week1.pdf", type: "application/pdf" });
    expect(added.status).toBe(302);
    const stored = await database().db.selectFrom("study_session_attachments").selectAll().where("study_session_id", "=", id).execute();
    expect(stored).toMatchObject([{ kind: "booklet", name: "Week 1 booklet", content_type: "application/pdf", byte_size: pdf.byteLength, position: 0 }]);
    // Its instructor opens it from the edit page; a student who is not enrolled cannot.
    const path = `/study-sessions/${id}/attachments/${stored[0]!.id}`;
    const params = { params: { id: String(id), attachmentId: String(stored[0]!.id) } };
    const opened = await owner.visitor.raw(attachmentLoader, path, params);
    expect(opened.status).toBe(200);
    expect(new Uint8Array(await opened.arrayBuffer())).toEqual(pdf);
    expect((await (await visitorFor("student@demo.test")).visitor.get(attachmentLoader, path, params)).status).toBe(404);

    // A PDF is not a recording, and a text file named .pdf is not a PDF.
    const wrong = await upload(owner.visitor, id, { kind: "recording", name: "Recording" }, { bytes: pdf, name: "rec.pdf", type: "application/pdf" });
    expect(wrong.status).toBe(415);
    expect(wrong.data.result.error.file).toEqual(["Booklets, solutions and previews are PDF files; recordings are MP4 or WebM videos."]);
    const fake = await upload(owner.visitor, id, { kind: "booklet", name: "Fake" }, { bytes: new TextEncoder().encode("hello"), name: "fake.pdf", type: "application/pdf" });
    expect(fake.status).toBe(415);
    const unnamed = await upload(owner.visitor, id, { kind: "booklet", name: "" }, { bytes: pdf, name: "x.pdf", type: "application/pdf" });
    expect(unnamed.status).toBe(400);
    expect((await database().db.selectFrom("study_session_attachments").select("id").where("study_session_id", "=", id).execute())).toHaveLength(1);

    const other = await owner.visitor.form(newAction, "/study-sessions/new", Object.entries(series));
    const otherId = Number(other.headers.get("Location")!.split("/").pop());
    const foreign = await owner.visitor.form(editAction, `/study-sessions/${otherId}/edit`, { intent: "attachment-remove", attachment_id: String(stored[0]!.id) }, { params: { id: String(otherId) } });
    expect(foreign.status).toBe(404);
    const removed = await owner.visitor.form(editAction, `/study-sessions/${id}/edit`, { intent: "attachment-remove", attachment_id: String(stored[0]!.id) }, { params: { id: String(id) } });
    expect(removed.status).toBe(302);
    expect(await database().db.selectFrom("study_session_attachments").select("id").where("study_session_id", "=", id).execute()).toEqual([]);

    const stranger = await visitorFor("sofia.lindqvist@demo.test");
    expect((await upload(stranger.visitor, id, { kind: "booklet", name: "Spam" }, { bytes: pdf, name: "s.pdf", type: "application/pdf" })).status).toBe(403);
  });
});
