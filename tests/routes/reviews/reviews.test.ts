import { describe, expect, it } from "vitest";
import { loader as instructorLoader } from "~/routes/instructors+/$id";
import { action as writeAction, loader as writeLoader } from "~/routes/instructors+/$id_.write-a-review";
import { action as visibilityAction, loader as visibilityLoader } from "~/routes/reviews+/$id.visibility";
import { loader as tutorLoader } from "~/routes/tutors+/$id";
import { toastFrom } from "~/toasts/toast.server";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

const database = useTestDatabase();
const HOUR_MS = 60 * 60 * 1000;

async function userId(email: string) {
  return (await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

async function visitorFor(email: string) {
  const id = await userId(email);
  return { id, visitor: routeVisitor({ session: await sessionCookieFor(id) }) };
}

const reviewRows = (educatorId: number, studentId: number) =>
  database().db.selectFrom("tutor_feedbacks").select(["rating", "body", "hidden_at", "hidden_by"]).where("educator_id", "=", educatorId).where("student_id", "=", studentId).execute();

const writePath = (educatorId: number) => `/instructors/${educatorId}/write-a-review`;
const params = (id: number) => ({ params: { id: String(id) } });

async function toastOf(visitor: RouteVisitor) {
  return (await toastFrom(visitor.request("/"))).toast?.message;
}

async function profile(visitor: RouteVisitor, educatorId: number, kind: "instructors" | "tutors" = "instructors") {
  const answer = await visitor.get(kind === "instructors" ? instructorLoader : tutorLoader, `/${kind}/${educatorId}`, params(educatorId));
  expect(answer.status).toBe(200);
  return answer.data.reviews as { totals: { count: number; total: number }; reviews: { id: number; rating: number; body: string; reviewer: string; hidden: boolean; own: boolean }[]; write: string | null; mayModerate: boolean };
}

describe("writing a review", () => {
  it("lets a student enrolled in the educator's course write one, then edit it (still one row), shown on the profile with the new average", async () => {
    const { id: studentId, visitor } = await visitorFor("student@demo.test");
    const educatorId = await userId("instructor@demo.test");
    const before = await profile(visitor, educatorId);
    expect(before.write).toBe("write");
    expect(before.totals).toEqual({ count: 1, total: 4 });

    const form = await visitor.get(writeLoader, writePath(educatorId), params(educatorId));
    expect(form.status).toBe(200);
    expect(form.data).toEqual({ educator: { name: expect.any(String), profilePath: `/instructors/${educatorId}` }, review: null, refusal: null });

    const saved = await visitor.form(writeAction, writePath(educatorId), { rating: "5", body: "  Clear and patient.  " }, params(educatorId));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/instructors/${educatorId}`);
    expect(await toastOf(visitor)).toBe("Your review is saved");
    expect(await reviewRows(educatorId, studentId)).toEqual([{ rating: 5, body: "Clear and patient.", hidden_at: null, hidden_by: null }]);

    const after = await profile(visitor, educatorId);
    expect(after.totals).toEqual({ count: 2, total: 9 });
    expect(after.write).toBe("edit");
    expect(after.reviews[0]).toMatchObject({ rating: 5, body: "Clear and patient.", reviewer: "Maya T.", own: true, hidden: false });
    expect(JSON.stringify(after)).not.toContain("@demo.test");

    const prefilled = await visitor.get(writeLoader, writePath(educatorId), params(educatorId));
    expect(prefilled.data.review).toMatchObject({ rating: 5, body: "Clear and patient.", hidden: false });
    const edited = await visitor.form(writeAction, writePath(educatorId), { rating: "3", body: "Clear, but fast." }, params(educatorId));
    expect(edited.status).toBe(302);
    expect(await reviewRows(educatorId, studentId)).toEqual([{ rating: 3, body: "Clear, but fast.", hidden_at: null, hidden_by: null }]);
    expect((await profile(visitor, educatorId)).totals).toEqual({ count: 2, total: 7 });
  });

  it("sends a tutor's reviewer back to the tutor page, once a tutoring session has ended (not a cancelled one)", async () => {
    const { id: studentId, visitor } = await visitorFor("class_rep@demo.test");
    const tutorId = await userId("tutor@demo.test");
    const db = database().db;
    // The seeded class rep reviewed the demo tutor already; a new student has not.
    const student = await db.insertInto("users").values({ email: "review-tutee@example.test", password_hash: "not-used", first_name: "Ana", last_name: "Ruiz", roles: [], confirmed_at: new Date() }).returning("id").executeTakeFirstOrThrow();
    const tutee = routeVisitor({ session: await sessionCookieFor(student.id) });
    expect((await tutee.get(writeLoader, writePath(tutorId), params(tutorId))).data.refusal).toMatch(/^You can review .+ after you have learned from them/);

    const contract = await db
      .insertInto("student_tutor_contracts")
      .values({ student_id: student.id, tutor_id: tutorId, rate_cents: 4500, currency: "CAD", purchased_minutes: 120, session_minutes: 60, terms: "test", purchase_status: "paid" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const session = (startsInHours: number, status: "booked" | "cancelled") => ({
      contract_id: contract.id,
      tutor_id: tutorId,
      student_id: student.id,
      starts_at: new Date(now + startsInHours * HOUR_MS),
      ends_at: new Date(now + (startsInHours + 1) * HOUR_MS),
      status,
      room_slug: `review-test-${startsInHours}-${status}`,
    });
    await db.insertInto("tutoring_sessions").values([session(-48, "cancelled"), session(24, "booked")]).execute();
    expect((await tutee.form(writeAction, writePath(tutorId), { rating: "5", body: "Not yet." }, params(tutorId))).status).toBe(403);

    await db.insertInto("tutoring_sessions").values(session(-3, "booked")).execute();
    expect((await tutee.get(writeLoader, writePath(tutorId), params(tutorId))).data.refusal).toBeNull();
    const saved = await tutee.form(writeAction, writePath(tutorId), { rating: "4", body: "Helpful first session." }, params(tutorId));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/tutors/${tutorId}`);
    expect((await profile(tutee, tutorId, "tutors")).reviews.find((review) => review.own)).toMatchObject({ rating: 4, reviewer: "Ana R." });
    // The class rep's seeded review is editable by them.
    expect((await profile(visitor, tutorId, "tutors")).write).toBe("edit");
    expect(await reviewRows(tutorId, studentId)).toHaveLength(1);
  });

  it("refuses a student who has not learned from the educator with 403 and writes nothing", async () => {
    const { id: studentId, visitor } = await visitorFor("student@demo.test");
    const educatorId = await userId("sofia.lindqvist@demo.test");
    const form = await visitor.get(writeLoader, writePath(educatorId), params(educatorId));
    expect(form.status).toBe(200);
    expect(form.data.refusal).toMatch(/^You can review Sofia after you have learned from them/);
    expect((await profile(visitor, educatorId)).write).toBeNull();
    const answer = await visitor.form(writeAction, writePath(educatorId), { rating: "1", body: "Never met them." }, params(educatorId));
    expect(answer.status).toBe(403);
    expect(answer.data.result.error[""]).toEqual([form.data.refusal]);
    expect(await reviewRows(educatorId, studentId)).toEqual([]);
  });

  it("refuses educators reviewing themselves", async () => {
    const { id, visitor } = await visitorFor("instructor@demo.test");
    expect((await visitor.get(writeLoader, writePath(id), params(id))).data.refusal).toBe("You cannot review yourself.");
    expect((await visitor.form(writeAction, writePath(id), { rating: "5", body: "I am great." }, params(id))).status).toBe(403);
    expect(await reviewRows(id, id)).toEqual([]);
  });

  it("answers 400 with the messages for bad input and writes nothing", async () => {
    const { id: studentId, visitor } = await visitorFor("student@demo.test");
    const educatorId = await userId("ss_instructor@demo.test");
    const answer = await visitor.form(writeAction, writePath(educatorId), { rating: "9", body: "   " }, params(educatorId));
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toEqual({ rating: ["Choose a rating from 1 to 5 stars"], body: ["Write a few words about learning with them"] });
    const long = await visitor.form(writeAction, writePath(educatorId), { body: "x".repeat(4001) }, params(educatorId));
    expect(long.status).toBe(400);
    expect(long.data.result.error).toEqual({ rating: ["Choose a rating from 1 to 5 stars"], body: ["Keep your review to 4,000 characters"] });
    expect(await reviewRows(educatorId, studentId)).toEqual([]);
  });

  it("answers 404 for an id that is no educator", async () => {
    const { visitor } = await visitorFor("student@demo.test");
    for (const id of [await userId("class_rep@demo.test"), await userId("teacher@demo.test"), 999_999_999]) {
      expect((await visitor.get(writeLoader, writePath(id), params(id))).status).toBe(404);
      expect((await visitor.form(writeAction, writePath(id), { rating: "5", body: "Hi" }, params(id))).status).toBe(404);
    }
    expect((await visitor.get(writeLoader, "/instructors/abc/write-a-review", { params: { id: "abc" } })).status).toBe(404);
  });

  it("sends guests to sign in, and offers them a sign-in link on the profile", async () => {
    const guest = routeVisitor();
    const educatorId = await userId("instructor@demo.test");
    const page = await guest.get(writeLoader, writePath(educatorId), params(educatorId));
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/users/sign_in?redirect_to=${encodeURIComponent(writePath(educatorId))}`);
    const post = await guest.form(writeAction, writePath(educatorId), { rating: "5", body: "Hi" }, params(educatorId));
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toMatch(/^\/users\/sign_in\?redirect_to=/);
    expect((await profile(guest, educatorId)).write).toBe("sign-in");
  });
});

describe("hiding and showing a review", () => {
  it("lets staff hide a review (gone from the list and the average for others, marked for staff), then show it", async () => {
    const educatorId = await userId("daniel.okafor@demo.test");
    const authorId = await userId("brand_ambassador@demo.test");
    const review = await database().db.selectFrom("tutor_feedbacks").select("id").where("educator_id", "=", educatorId).where("student_id", "=", authorId).executeTakeFirstOrThrow();
    const { id: adminId, visitor: admin } = await visitorFor("admin@demo.test");
    const { visitor: student } = await visitorFor("student@demo.test");
    const { visitor: author } = await visitorFor("brand_ambassador@demo.test");
    const before = await profile(student, educatorId);
    expect(before.reviews.map((listed) => listed.id)).toContain(review.id);
    expect(before.mayModerate).toBe(false);

    const hidden = await admin.form(visibilityAction, `/reviews/${review.id}/visibility`, { intent: "hide" }, params(review.id));
    expect(hidden.status).toBe(302);
    expect(hidden.headers.get("Location")).toBe(`/instructors/${educatorId}`);
    expect(await toastOf(admin)).toBe("The review is hidden.");
    const [row] = await reviewRows(educatorId, authorId);
    expect(row!.hidden_by).toBe(adminId);
    expect(row!.hidden_at).toBeInstanceOf(Date);

    const forStudent = await profile(student, educatorId);
    expect(forStudent.reviews.map((listed) => listed.id)).not.toContain(review.id);
    expect(forStudent.totals).toEqual({ count: before.totals.count - 1, total: before.totals.total - 5 });
    const forAdmin = await profile(admin, educatorId);
    expect(forAdmin.mayModerate).toBe(true);
    expect(forAdmin.reviews.find((listed) => listed.id === review.id)).toMatchObject({ hidden: true });
    expect(forAdmin.totals).toEqual(forStudent.totals);
    // Its author still sees it, marked hidden.
    expect((await profile(author, educatorId)).reviews.find((listed) => listed.id === review.id)).toMatchObject({ hidden: true, own: true });

    const shown = await admin.form(visibilityAction, `/reviews/${review.id}/visibility`, { intent: "show" }, params(review.id));
    expect(shown.status).toBe(302);
    expect(await toastOf(admin)).toBe("The review is shown again.");
    expect(await reviewRows(educatorId, authorId)).toMatchObject([{ hidden_at: null, hidden_by: null }]);
    expect((await profile(student, educatorId)).totals).toEqual(before.totals);
  });

  it("keeps a hidden review hidden when its author edits it", async () => {
    const tutorId = await userId("tutor@demo.test");
    const { id: authorId, visitor: author } = await visitorFor("marketing_rep@demo.test");
    const form = await author.get(writeLoader, writePath(tutorId), params(tutorId));
    expect(form.data.review).toMatchObject({ hidden: true });
    expect((await author.form(writeAction, writePath(tutorId), { rating: "2", body: "Edited." }, params(tutorId))).status).toBe(302);
    const [row] = await reviewRows(tutorId, authorId);
    expect(row).toMatchObject({ rating: 2, body: "Edited." });
    expect(row!.hidden_at).not.toBeNull();
  });

  it("refuses students (403) and guests (sign in), answers 404 for no review and 405 for a GET", async () => {
    const review = await database().db.selectFrom("tutor_feedbacks").select(["id", "hidden_at"]).where("hidden_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const { visitor: student } = await visitorFor("student@demo.test");
    expect((await student.form(visibilityAction, `/reviews/${review.id}/visibility`, { intent: "hide" }, params(review.id))).status).toBe(403);
    const guest = await routeVisitor().form(visibilityAction, `/reviews/${review.id}/visibility`, { intent: "hide" }, params(review.id));
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/users\/sign_in/);
    const { visitor: instructor } = await visitorFor("instructor@demo.test");
    expect((await instructor.form(visibilityAction, `/reviews/${review.id}/visibility`, { intent: "hide" }, params(review.id))).status).toBe(403);
    expect((await database().db.selectFrom("tutor_feedbacks").select("hidden_at").where("id", "=", review.id).executeTakeFirstOrThrow()).hidden_at).toBeNull();

    const { visitor: manager } = await visitorFor("manager@demo.test");
    expect((await manager.form(visibilityAction, "/reviews/999999999/visibility", { intent: "hide" }, params(999_999_999))).status).toBe(404);
    expect((await manager.form(visibilityAction, `/reviews/${review.id}/visibility`, { intent: "delete" }, params(review.id))).status).toBe(400);
    expect((await manager.get(visibilityLoader, `/reviews/${review.id}/visibility`, params(review.id))).status).toBe(405);
  });
});
