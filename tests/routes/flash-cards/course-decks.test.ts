import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadStudentDashboard } from "~/dashboards/dashboards.server";
import { enrol } from "~/online-courses/enrolments.server";
import { action as deckAction, loader as deckLoader } from "~/routes/flash-cards+/$id";
import { action as editAction, loader as editLoader } from "~/routes/flash-cards+/$id_.edit";
import { loader as decksLoader } from "~/routes/flash-cards+/_index";
import { action as inCourseAction, loader as inCourseLoader } from "~/routes/in-course-experience+/$idOrSlug.$";
import { loader as mcatDecksLoader } from "~/routes/mcat-flash-cards";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

/**
 * A course's flash-card activity studies a deck on the flash-card engine: whoever has the activity
 * open studies it (on its in-course page or the deck's own), whoever runs the course edits it, and
 * nobody else learns it exists.
 */
const database = useTestDatabase();
const db = () => database().db;
const COURSE = "waterloo-math-137-exam-prep";

function inCourseParams(path: string) {
  const [, idOrSlug, rest] = /^\/in-course-experience\/([^/?]+)\/?([^?]*)/.exec(path)!;
  return { idOrSlug: idOrSlug!, "*": rest! };
}

async function person(enrolIn: string | null) {
  const user = await db()
    .insertInto("users")
    .values({ email: `deck-${randomBytes(5).toString("hex")}@example.test`, first_name: "Dee", last_name: "Card" })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (enrolIn) {
    const course = await db().selectFrom("online_courses").select("id").where("slug", "=", enrolIn).executeTakeFirstOrThrow();
    await enrol(db(), { userId: user.id, onlineCourseId: course.id, packageType: "learn_practice_bundle", status: "active" });
  }
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id });
}

/** The course's first flash-card activity, its deck and its in-course path. */
async function courseDeck(slug = COURSE) {
  const row = await db()
    .selectFrom("flash_card_decks as d")
    .innerJoin("online_courses as oc", "oc.id", "d.online_course_id")
    .select(["d.id", "d.activity_id", "oc.instructor_id", "oc.id as course_id"])
    .where("oc.slug", "=", slug)
    .orderBy("d.activity_id")
    .executeTakeFirstOrThrow();
  return { deckId: String(row.id), activityId: row.activity_id!, instructorId: row.instructor_id!, courseId: row.course_id, path: `/in-course-experience/${slug}/flash-cards/${row.activity_id}` };
}

const study = (visitor: RouteVisitor, id: string) => visitor.get(deckLoader, `/flash-cards/${id}`, { params: { id } });

describe("a course's flash-card decks", () => {
  it("are studied on the course's flash-card page by an enrolled student, graded on the same engine, and come back to that page", async () => {
    const { deckId, path } = await courseDeck();
    const student = await person(COURSE);
    const page = await student.get(inCourseLoader, path, { params: inCourseParams(path) });
    expect(page.status).toBe(200);
    const deck = page.data.detail.selected.deck;
    expect(deck).toMatchObject({ deckId: Number(deckId), manages: false, preview: [] });
    expect(deck.study.counts.fresh).toBeGreaterThan(1);
    expect(deck.study.card).toMatchObject({ isNew: true, seenReps: 0 });

    const graded = await student.form(deckAction, `/flash-cards/${deckId}`, { card_id: String(deck.study.card.id), grade: "3", seen_reps: "0", next: path }, { params: { id: deckId } });
    expect(graded.status).toBe(303);
    expect(graded.headers.get("Location")).toBe(path);
    // A next address off the site is ignored: back to the deck.
    const again = await student.get(inCourseLoader, path, { params: inCourseParams(path) });
    const card = again.data.detail.selected.deck.study.card;
    const elsewhere = await student.form(deckAction, `/flash-cards/${deckId}`, { card_id: String(card.id), grade: "3", seen_reps: "0", next: "//evil.test/x" }, { params: { id: deckId } });
    expect(elsewhere.headers.get("Location")).toBe(`/flash-cards/${deckId}`);

    const own = await study(student, deckId);
    expect(own.data.view.counts.fresh).toBe(deck.study.counts.fresh - 2);
    expect(own.data.returnPath).toBe(path);
    expect(own.data.edits).toBe(false);

    const list = await student.get(decksLoader, "/flash-cards");
    expect(list.data.courseDecks).toContainEqual(expect.objectContaining({ id: Number(deckId), href: path, fresh: deck.study.counts.fresh - 2 }));
  });

  it("are not known to a student without the course, nor editable by a student who has it", async () => {
    const { deckId, path } = await courseDeck();
    const stranger = await person(null);
    expect((await study(stranger, deckId)).status).toBe(404);
    expect((await stranger.form(deckAction, `/flash-cards/${deckId}`, { card_id: "1", grade: "3", seen_reps: "0" }, { params: { id: deckId } })).status).toBe(404);
    const page = await stranger.get(inCourseLoader, path, { params: inCourseParams(path) });
    expect(page.data.detail.selected.lock).not.toBeNull();
    expect(page.data.detail.selected.deck).toMatchObject({ study: null, preview: [] });

    const student = await person(COURSE);
    expect((await student.get(editLoader, `/flash-cards/${deckId}/edit`, { params: { id: deckId } })).status).toBe(404);
    expect((await student.form(editAction, `/flash-cards/${deckId}/edit`, { intent: "add_card", front: "x", back: "y" }, { params: { id: deckId } })).status).toBe(404);
    const opened = await student.form(inCourseAction, path, { intent: "edit-deck", activity_id: path.split("/").pop()! }, { params: inCourseParams(path) });
    expect(opened.status).toBe(403);
  });

  it("are edited by the course's instructor: a subject instead of sharing, never deleted apart from their activity", async () => {
    const { deckId, path, instructorId, activityId } = await courseDeck();
    const instructor = Object.assign(routeVisitor({ session: await sessionCookieFor(instructorId) }), { userId: instructorId });
    const opened = await instructor.form(inCourseAction, path, { intent: "edit-deck", activity_id: String(activityId) }, { params: inCourseParams(path) });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe(`/flash-cards/${deckId}/edit`);

    const editor = await instructor.get(editLoader, `/flash-cards/${deckId}/edit`, { params: { id: deckId } });
    expect(editor.data.deck.course).toMatchObject({ inCourseHref: path });
    const saved = await instructor.form(
      editAction,
      `/flash-cards/${deckId}/edit`,
      { intent: "deck", title: "Key ideas, renamed", description: "", subject: "Calculus", shared: "on" },
      { params: { id: deckId } }
    );
    expect(saved.status).toBe(302);
    expect(await db().selectFrom("flash_card_decks").select(["title", "subject", "shared"]).where("id", "=", Number(deckId)).executeTakeFirstOrThrow()).toEqual({
      title: "Key ideas, renamed",
      subject: "Calculus",
      shared: false,
    });
    expect((await instructor.form(editAction, `/flash-cards/${deckId}/edit`, { intent: "add_card", front: "New", back: "Card" }, { params: { id: deckId } })).status).toBe(302);

    const removed = await instructor.form(editAction, `/flash-cards/${deckId}/edit`, { intent: "delete_deck" }, { params: { id: deckId } });
    expect(removed.status).toBe(409);
    expect(await db().selectFrom("flash_card_decks").select("id").where("id", "=", Number(deckId)).execute()).toHaveLength(1);
  });

  it("a flash-card activity without a deck gets one, once, when its instructor first edits it", async () => {
    const { path, instructorId, activityId, deckId } = await courseDeck();
    await db().deleteFrom("flash_card_decks").where("id", "=", Number(deckId)).execute();
    const instructor = routeVisitor({ session: await sessionCookieFor(instructorId) });
    const [first, second] = await Promise.all([1, 2].map(() => instructor.form(inCourseAction, path, { intent: "edit-deck", activity_id: String(activityId) }, { params: inCourseParams(path) })));
    expect(first!.headers.get("Location")).toBe(second!.headers.get("Location"));
    expect(await db().selectFrom("flash_card_decks").select("id").where("activity_id", "=", activityId).execute()).toHaveLength(1);
  });

  it("/mcat-flash-cards gathers the MCAT courses' decks by subject, with due counts for a signed-in student", async () => {
    const guest = await routeVisitor({}).get(mcatDecksLoader, "/mcat-flash-cards");
    expect(guest.data.signedIn).toBe(false);
    expect(guest.data.subjects.length).toBeGreaterThan(1);
    const decks = guest.data.subjects.flatMap((subject: { decks: { href: string; cards: number }[] }) => subject.decks);
    expect(decks.every((deck: { href: string; cards: number }) => /^\/in-course-experience\/mcat-[\w-]+\/flash-cards\/\d+$/.test(deck.href) && deck.cards > 0)).toBe(true);
    const subjects = guest.data.subjects.map((subject: { subject: string }) => subject.subject);
    expect(subjects).toEqual([...subjects].sort((a, b) => a.localeCompare(b)));
  });

  it("counts on the dashboard the cards due across a student's decks, and more of them tomorrow", async () => {
    const student = await db().selectFrom("users").select("id").where("email", "=", "student@demo.test").executeTakeFirstOrThrow();
    const now = new Date();
    const today = (await loadStudentDashboard(student.id, now)).flashCards;
    expect(today.due).toBeGreaterThanOrEqual(1);
    const tomorrow = (await loadStudentDashboard(student.id, new Date(now.getTime() + 2 * 24 * 3600_000))).flashCards;
    expect(tomorrow.due).toBeGreaterThan(today.due);
  });
});
