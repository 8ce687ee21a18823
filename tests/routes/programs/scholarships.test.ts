import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { action as reviewAction, loader as reviewLoader } from "~/routes/admin+/scholarships.$id";
import { loader as staffListLoader } from "~/routes/admin+/scholarships._index";
import { action as applyAction, loader as scholarshipLoader } from "~/routes/scholarships+/$slug";
import { loader as applicationLoader } from "~/routes/scholarships+/applications.$id";
import { loader as transcriptLoader } from "~/routes/scholarships+/applications.$id_.transcript";
import { loader as myApplicationsLoader } from "~/routes/scholarships+/applications._index";
import { DEADLINE_PASSED_MESSAGE, TRANSCRIPT_MESSAGES } from "~/programs/scholarship-rules";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/**
 * Scholarship applications as a browser without JavaScript uses them: a student applies with a
 * transcript (checked by its bytes) before the deadline, once; staff score and decide; the
 * applicant reads the status only; nobody else opens the application or its transcript.
 */
const database = useTestDatabase();
const db = () => database().db;
const tag = () => randomBytes(4).toString("hex");

async function student(roles: string[] = []) {
  const email = `schol-${tag()}@example.test`;
  const user = await db()
    .insertInto("users")
    .values({ email, first_name: "Sam", last_name: `Scholar${tag()}`, roles: roles as never, confirmed_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id, email });
}
type Student = Awaited<ReturnType<typeof student>>;

async function signedIn(email: string) {
  const user = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return routeVisitor({ session: await sessionCookieFor(user.id) });
}

const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const html = new TextEncoder().encode("<html><script>alert('x')</script></html>");
const OPEN = "peer-tutor-award";
const CLOSED = "community-builder-award";

function apply(visitor: Student, slug: string, transcript: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string } = { bytes: pdf, name: "transcript.pdf", type: "application/pdf" }, answers = 3) {
  const body = new FormData();
  body.set("essay", "I tutored three classmates through first-year calculus every week.");
  for (let index = 0; index < answers; index += 1) body.set(`eligibility_answers[${index}]`, `Answer ${index + 1}`);
  body.set("transcript", new File([transcript.bytes], transcript.name, { type: transcript.type }));
  return visitor.multipart(applyAction, `/scholarships/${slug}`, body, { params: { slug } });
}

const applicationsOf = (userId: number) => db().selectFrom("scholarship_applications").select(["id", "status", "transcript_file_name"]).where("user_id", "=", userId).execute();

describe("/scholarships/{slug}: applying", () => {
  it("shows a guest a sign-in link that comes back, and a student the form", async () => {
    const guest = await routeVisitor().get(scholarshipLoader, `/scholarships/${OPEN}`, { params: { slug: OPEN } });
    expect(guest.status).toBe(200);
    expect(guest.data.signedIn).toBe(false);
    expect(guest.data.signInPath).toBe(`/users/sign_in?redirect_to=${encodeURIComponent(`/scholarships/${OPEN}`)}`);
    const posted = await routeVisitor().form(applyAction, `/scholarships/${OPEN}`, { essay: "x" }, { params: { slug: OPEN } });
    expect(posted.status).toBe(302);
    const page = await (await student()).get(scholarshipLoader, `/scholarships/${OPEN}`, { params: { slug: OPEN } });
    expect(page.data).toMatchObject({ open: true, signedIn: true, application: null });
  });

  it("refuses an application after the deadline with the message, storing nothing", async () => {
    const visitor = await student();
    const page = await visitor.get(scholarshipLoader, `/scholarships/${CLOSED}`, { params: { slug: CLOSED } });
    expect(page.data.open).toBe(false);
    const answer = await apply(visitor, CLOSED, undefined, 2);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.data)).toContain(DEADLINE_PASSED_MESSAGE);
    expect(await applicationsOf(visitor.userId)).toEqual([]);
  });

  it("takes one application; a second, and two sent at once, leave exactly one row", async () => {
    const visitor = await student();
    const [first, second] = await Promise.all([apply(visitor, OPEN), apply(visitor, OPEN)]);
    expect([first.status, second.status].sort()).toEqual([303, 409]);
    const rows = await applicationsOf(visitor.userId);
    expect(rows).toHaveLength(1);
    const again = await apply(visitor, OPEN);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain("You have already applied for this scholarship.");
    expect(await applicationsOf(visitor.userId)).toHaveLength(1);
    // The page shows the status instead of the form.
    const page = await visitor.get(scholarshipLoader, `/scholarships/${OPEN}`, { params: { slug: OPEN } });
    expect(page.data.application).toMatchObject({ id: rows[0]!.id, status: "Received" });
  });

  it("refuses HTML named .pdf, storing nothing", async () => {
    const visitor = await student();
    const answer = await apply(visitor, OPEN, { bytes: html, name: "transcript.pdf", type: "application/pdf" });
    expect(answer.status).toBe(415);
    expect(JSON.stringify(answer.data)).toContain(TRANSCRIPT_MESSAGES.wrongType);
    expect(await applicationsOf(visitor.userId)).toEqual([]);
  });
});

describe("the applicant's pages and the transcript", () => {
  it("shows the applicant their application and transcript; another student gets 404 for both", async () => {
    const applicant = await student();
    const sent = await apply(applicant, OPEN);
    expect(sent.status).toBe(303);
    const [row] = await applicationsOf(applicant.userId);
    expect(sent.headers.get("Location")).toBe(`/scholarships/applications/${row!.id}`);
    const params = { id: String(row!.id) };
    const path = `/scholarships/applications/${row!.id}`;

    const page = await applicant.get(applicationLoader, path, { params });
    expect(page.status).toBe(200);
    expect(page.data.application).toMatchObject({ status: "Received", transcript_file_name: "transcript.pdf", eligibility_answers: ["Answer 1", "Answer 2", "Answer 3"] });
    const mine = await applicant.get(myApplicationsLoader, "/scholarships/applications");
    expect(mine.data.applications.map((application: { id: number }) => application.id)).toEqual([row!.id]);
    const file = await applicant.raw(transcriptLoader, `${path}/transcript`, { params });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toContain("attachment");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);

    const other = await student();
    expect((await other.get(applicationLoader, path, { params })).status).toBe(404);
    expect((await other.get(transcriptLoader, `${path}/transcript`, { params })).status).toBe(404);
    // Staff open both.
    const admin = await signedIn("admin@demo.test");
    expect((await admin.raw(transcriptLoader, `${path}/transcript`, { params })).status).toBe(200);
  });
});

describe("/admin/scholarships: the review", () => {
  it("staff accept: the status moves, the applicant is emailed and notified, the decision is audited; the applicant never reads the score or notes", async () => {
    const applicant = await student();
    await apply(applicant, OPEN);
    const [row] = await applicationsOf(applicant.userId);
    const id = row!.id;
    const manager = await signedIn("marketing_manager@demo.test");
    const listed = await manager.get(staffListLoader, "/admin/scholarships?status=submitted");
    expect(listed.data.applications.map((application: { id: number }) => application.id)).toContain(id);
    const accepted = await manager.get(staffListLoader, "/admin/scholarships?status=accepted");
    expect(accepted.data.applications.map((application: { id: number }) => application.id)).not.toContain(id);

    const admin = await signedIn("admin@demo.test");
    const params = { id: String(id) };
    const review = await admin.get(reviewLoader, `/admin/scholarships/${id}`, { params });
    expect(review.data.application.essay).toContain("first-year calculus");
    const badScore = await admin.form(reviewAction, `/admin/scholarships/${id}`, { status: "in_review", score: "101", staff_notes: "" }, { params });
    expect(badScore.status).toBe(400);

    const decided = await admin.form(reviewAction, `/admin/scholarships/${id}`, { status: "accepted", score: "91", staff_notes: "Private: best essay this round." }, { params });
    await expectRedirectWithToast(decided, `/admin/scholarships/${id}`, "Accepted: the applicant is emailed the decision.");
    const stored = await db().selectFrom("scholarship_applications").select(["status", "score", "decided_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: "accepted", score: 91 });
    expect(stored.decided_at).not.toBeNull();
    const mails = await db().selectFrom("outbox_emails").select(["kind", "text_body"]).where("to_address", "=", applicant.email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe("scholarship_accepted");
    expect(mails[0]!.text_body).toContain(`/scholarships/applications/${id}`);
    expect(mails[0]!.text_body).not.toContain("best essay");
    const notifications = await db().selectFrom("notifications").select("type").where("user_id", "=", applicant.userId).execute();
    expect(notifications.map((notification) => notification.type)).toEqual(["ScholarshipDecision"]);
    const audit = await db().selectFrom("audit_events").select(["action", "details"]).where("action", "=", "scholarship_application.accept").execute();
    expect(audit.some((event) => JSON.stringify(event.details).includes(`"scholarship_application_id":${id}`))).toBe(true);

    // Deciding again is refused and sends nothing more.
    const twice = await admin.form(reviewAction, `/admin/scholarships/${id}`, { status: "declined", score: "91", staff_notes: "" }, { params });
    expect(twice.status).toBe(409);
    expect(await db().selectFrom("outbox_emails").select("id").where("to_address", "=", applicant.email).execute()).toHaveLength(1);

    const page = await applicant.get(applicationLoader, `/scholarships/applications/${id}`, { params });
    expect(page.data.application.status).toBe("Accepted");
    expect(JSON.stringify(page.data)).not.toContain("best essay");
    expect(page.data.application).not.toHaveProperty("score");
    expect(page.data.application).not.toHaveProperty("staff_notes");
  });

  it("is closed to students", async () => {
    const visitor = await student();
    expect((await visitor.get(staffListLoader, "/admin/scholarships")).status).toBe(403);
  });
});
