import { beforeAll, describe, expect, it, vi } from "vitest";
import { action as pageAction, loader as pageLoader } from "~/routes/study-sessions+/$id";
import { loader as attachmentLoader } from "~/routes/study-sessions+/$id.attachments.$attachmentId";
import { loader as joinLoader } from "~/routes/study-sessions+/$id.join";
import { loader as meetingLoader } from "~/routes/meetings+/$meetingId";
import { ALREADY_REGISTERED_MESSAGE, PAST_SESSION_MESSAGE, REGISTERED_MESSAGE } from "~/study-sessions/registration";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";
import { daysAgo, enrol, makeSession, makeStudent, unique } from "./fixtures";

// Session files go to a folder of this run, never the developer's data/.
vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "study-session-page-test-"));
});

/** /study-sessions/{id}, its join link, its attachments and the meeting emulator, as their routes answer. */
const database = useTestDatabase();
const db = () => database().db;

async function signedIn(userId: number) {
  return routeVisitor({ session: await sessionCookieFor(userId) });
}

const page = (id: number) => `/study-sessions/${id}`;
const params = (id: number) => ({ id: String(id) });

describe("the session page", () => {
  let free: Awaited<ReturnType<typeof makeSession>>;
  beforeAll(async () => {
    free = await makeSession(db(), { attachments: ["booklet", "preview"] });
  });

  it("shows a guest the registration form with account fields, the price as Free and only the preview", async () => {
    const guest = routeVisitor();
    const answer = await guest.get(pageLoader, page(free.id), { params: params(free.id) });
    expect(answer.status).toBe(200);
    const { view } = answer.data;
    expect(view).toMatchObject({ viewer: "guest", canRegister: true, canBuy: false, canJoin: false, timing: "upcoming", typeName: "Exam prep crash course" });
    expect(view.price.free).toBe(true);
    expect(view.attachments.map((attachment: { kind: string }) => attachment.kind)).toEqual(["preview"]);
  });

  it("signs a guest up and registers them in one post, with SPEC §8's message, then refuses a second registration", async () => {
    const guest = routeVisitor();
    const email = `guest-${unique()}@example.test`;
    const fields = { first_name: "Gia", last_name: "Tran", email, password: "a long enough password", course_id: String(free.courseId), phone_number: "+1 (519) 555-0100" };
    const answer = await guest.form(pageAction, page(free.id), fields, { params: params(free.id) });
    await expectRedirectWithToast(answer, page(free.id), REGISTERED_MESSAGE);
    expect(guest.session).toBeDefined();

    const user = await db().selectFrom("users").where("email", "=", email).select("id").executeTakeFirstOrThrow();
    const rows = await db().selectFrom("study_session_users").where("study_session_id", "=", free.id).where("user_id", "=", user.id).selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "active", course_id: free.courseId, phone_number: "+1 (519) 555-0100" });

    // Now signed in: the page says registered, with the booklet.
    const after = await guest.get(pageLoader, page(free.id), { params: params(free.id) });
    expect(after.data.view.enrolment).toMatchObject({ status: "active", withAccess: true });
    expect(after.data.view.canRegister).toBe(false);
    expect(after.data.view.attachments.map((attachment: { kind: string }) => attachment.kind)).toEqual(["booklet", "preview"]);

    const again = await guest.form(pageAction, page(free.id), { course_id: "" }, { params: params(free.id) });
    expect(again.status).toBe(409);
    expect(again.data.result.error[""]).toEqual([ALREADY_REGISTERED_MESSAGE]);
    expect(await db().selectFrom("study_session_users").where("study_session_id", "=", free.id).where("user_id", "=", user.id).select("id").execute()).toHaveLength(1);
  });

  it("answers a guest's bad account fields beside them and signs nobody up", async () => {
    const guest = routeVisitor();
    const answer = await guest.form(pageAction, page(free.id), { first_name: "", last_name: "Tran", email: "not-an-email", password: "x" }, { params: params(free.id) });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.data.result.error)).toEqual(expect.arrayContaining(["first_name", "email", "password"]));
    expect(guest.session).toBeUndefined();
  });

  it("refuses a course the session is not offered for", async () => {
    const student = await makeStudent(db());
    const visitor = await signedIn(student.id);
    const answer = await visitor.form(pageAction, page(free.id), { course_id: "999999" }, { params: params(free.id) });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error.course_id).toBeDefined();
  });

  it("refuses registration for a past session and signs no guest up for it", async () => {
    const past = await makeSession(db(), { startsInHours: -72 });
    const student = await makeStudent(db());
    const visitor = await signedIn(student.id);
    const answer = await visitor.form(pageAction, page(past.id), {}, { params: params(past.id) });
    expect(answer.status).toBe(409);
    expect(answer.data.result.error[""]).toEqual([PAST_SESSION_MESSAGE]);
    const guest = routeVisitor();
    const email = `late-${unique()}@example.test`;
    const refused = await guest.form(pageAction, page(past.id), { first_name: "Lou", last_name: "Late", email, password: "a long enough password" }, { params: params(past.id) });
    expect(refused.status).toBe(409);
    expect(await db().selectFrom("users").where("email", "=", email).select("id").executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom("study_session_users").where("study_session_id", "=", past.id).select("id").execute()).toHaveLength(0);
  });

  it("offers a paid session at checkout instead of the form, and refuses a posted registration", async () => {
    const paid = await makeSession(db(), { price: 2900 });
    const student = await makeStudent(db());
    const visitor = await signedIn(student.id);
    const shown = await visitor.get(pageLoader, page(paid.id), { params: params(paid.id) });
    expect(shown.data.view).toMatchObject({ canRegister: false, canBuy: true });
    const answer = await visitor.form(pageAction, page(paid.id), {}, { params: params(paid.id) });
    expect(answer.status).toBe(409);
  });

  it("answers 404 for an unknown session", async () => {
    const answer = await routeVisitor().get(pageLoader, page(999_999_999), { params: params(999_999_999) });
    expect(answer.status).toBe(404);
  });
});

describe("attachments", () => {
  it("opens previews to anyone and the rest only to an enrolled student with access, never an excluded kind", async () => {
    const session = await makeSession(db(), { startsInHours: -48, attachments: ["booklet", "solution", "recording", "preview"], exclusions: { solutions_excluded: true } });
    const student = await makeStudent(db());
    await enrol(db(), session.id, student.id);
    const visitor = await signedIn(student.id);
    const guest = routeVisitor();
    const url = (kind: keyof typeof session.attachments) => `/study-sessions/${session.id}/attachments/${session.attachments[kind]}`;
    const ps = (kind: keyof typeof session.attachments) => ({ id: String(session.id), attachmentId: String(session.attachments[kind]) });

    const preview = await guest.raw(attachmentLoader, url("preview"), { params: ps("preview") });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Cache-Control")).toBe("private, no-store");
    expect(preview.headers.get("Content-Type")).toBe("application/pdf");

    for (const kind of ["booklet", "recording", "solution"] as const) {
      const refused = await guest.raw(attachmentLoader, url(kind), { params: ps(kind) }).catch((thrown: Response) => thrown);
      expect(refused.status, kind).toBe(404);
    }
    const booklet = await visitor.raw(attachmentLoader, url("booklet"), { params: ps("booklet") });
    expect(booklet.status).toBe(200);
    const excluded = await visitor.raw(attachmentLoader, url("solution"), { params: ps("solution") }).catch((thrown: Response) => thrown);
    expect(excluded.status).toBe(404);

    const request = visitor.request(url("recording"), { headers: { Range: "bytes=0-99" } });
    const ranged = (await attachmentLoader({ request, params: ps("recording"), context: {} as never })) as Response;
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("Content-Range")).toBe("bytes 0-99/4096");
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
  });

  it("closes the material once access has ended, and to a refunded student", async () => {
    const session = await makeSession(db(), { startsInHours: -24 * 30, attachments: ["recording"] });
    const student = await makeStudent(db());
    await enrol(db(), session.id, student.id);
    const visitor = await signedIn(student.id);
    const ps = { id: String(session.id), attachmentId: String(session.attachments.recording) };
    const answer = await visitor.raw(attachmentLoader, `/study-sessions/${session.id}/attachments/${session.attachments.recording}`, { params: ps }).catch((thrown: Response) => thrown);
    expect(answer.status).toBe(404);
    const shown = await visitor.get(pageLoader, page(session.id), { params: params(session.id) });
    expect(shown.data.view.enrolment).toMatchObject({ withAccess: false });
    expect(shown.data.view.attachments).toEqual([]);

    // An extension reopens it.
    await db().updateTable("study_session_users").set({ extended_access_date: new Date(Date.now() + 86_400_000) }).where("user_id", "=", student.id).execute();
    expect((await visitor.raw(attachmentLoader, `/study-sessions/${session.id}/attachments/${session.attachments.recording}`, { params: ps })).status).toBe(200);

    const refunded = await makeStudent(db());
    await enrol(db(), session.id, refunded.id, { status: "refunded", extendedAccess: new Date(Date.now() + 86_400_000) });
    const gone = await (await signedIn(refunded.id)).raw(attachmentLoader, `/study-sessions/${session.id}/attachments/${session.attachments.recording}`, { params: ps }).catch((thrown: Response) => thrown);
    expect(gone.status).toBe(404);
    expect(daysAgo(1).getTime()).toBeLessThan(Date.now());
  });
});

describe("joining", () => {
  it("sends an enrolled student to the date's meeting only inside the live window", async () => {
    const live = await makeSession(db(), { startsInHours: -0.5 });
    const later = await makeSession(db(), { startsInHours: 30 });
    const student = await makeStudent(db());
    await enrol(db(), live.id, student.id);
    await enrol(db(), later.id, student.id);
    const visitor = await signedIn(student.id);

    const shown = await visitor.get(pageLoader, page(live.id), { params: params(live.id) });
    expect(shown.data.view).toMatchObject({ canJoin: true, timing: "live" });
    const joined = await visitor.get(joinLoader, `/study-sessions/${live.id}/join`, { params: params(live.id) });
    expect(joined.status).toBe(302);
    const location = joined.headers.get("Location")!;
    expect(location).toMatch(/^\/meetings\/emu-[0-9a-f]{24}$/);
    // The meeting is made once: a second join goes to the same one.
    const again = await visitor.get(joinLoader, `/study-sessions/${live.id}/join`, { params: params(live.id) });
    expect(again.headers.get("Location")).toBe(location);
    const meetingId = location.split("/").pop()!;
    const room = await visitor.get(meetingLoader, location, { params: { meetingId } });
    expect(room.status).toBe(200);
    expect(room.data).toMatchObject({ admitted: true, title: live.title, timing: "live" });

    const outsider = await signedIn((await makeStudent(db())).id);
    expect((await outsider.get(meetingLoader, location, { params: { meetingId } })).status).toBe(403);
    expect((await outsider.get(joinLoader, `/study-sessions/${live.id}/join`, { params: params(live.id) })).status).toBe(404);

    const early = await visitor.get(pageLoader, page(later.id), { params: params(later.id) });
    expect(early.data.view.canJoin).toBe(false);
    expect(early.data.view.joinOpens).not.toBeNull();
    const closed = await visitor.get(joinLoader, `/study-sessions/${later.id}/join`, { params: params(later.id) });
    expect(closed.status).toBe(403);
    expect(closed.data).toMatchObject({ reason: "not-yet" });
  });

  it("has no join link for a session held elsewhere", async () => {
    const elsewhere = await makeSession(db(), { startsInHours: -0.5, disableZoom: true });
    const student = await makeStudent(db());
    await enrol(db(), elsewhere.id, student.id);
    const visitor = await signedIn(student.id);
    const shown = await visitor.get(pageLoader, page(elsewhere.id), { params: params(elsewhere.id) });
    expect(shown.data.view).toMatchObject({ canJoin: false, disableZoom: true });
    const closed = await visitor.get(joinLoader, `/study-sessions/${elsewhere.id}/join`, { params: params(elsewhere.id) });
    expect(closed.status).toBe(403);
    expect(closed.data).toMatchObject({ reason: "held-elsewhere" });
  });
});
