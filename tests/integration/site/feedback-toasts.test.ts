import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PROFILE_SAVED_MESSAGES } from "~/accounts/profile-forms";
import { createUserSession } from "~/accounts/session.server";
import { inCourseBase, neighbours } from "~/online-courses/curriculum";
import { COURSE_FINISHED_MESSAGE } from "~/online-courses/in-course-forms";
import { applyEditorCommand, changeStatus, createCourse } from "~/online-courses/editor.server";
import { enrol } from "~/online-courses/enrolments.server";
import { loadCourseForViewer } from "~/online-courses/in-course.server";
import { EDITOR_SAVED_MESSAGES, MANAGER_SAVED_MESSAGES, statusChangedMessage } from "~/online-courses/editor-rules";
import { startCheckout } from "~/payments/checkout.server";
import { action as announcementsAction } from "~/routes/announcements";
import { action as inCoursePage } from "~/routes/in-course-experience+/$idOrSlug.$";
import { action as mySubscriptionAction } from "~/routes/my-subscription";
import { action as managerAction } from "~/routes/online-courses+/$id_.manager";
import { action as editorAction } from "~/routes/online-courses+/$id_.manager.editor";
import { action as newCourseAction } from "~/routes/online-courses+/new";
import { action as profileAction } from "~/routes/profile";
import { DONE_MESSAGES } from "~/subscriptions/subscription-forms";
import { useTestDatabase } from "../../support/database";
import { createTestUser } from "../accounts/helpers";
import { actionAnswer, formPost } from "../../support/route-answer";
import { useStripeEmulator } from "../../support/stripe";
import { expectRedirectWithToast, toastOf } from "../../support/toast";

/**
 * Issue 14 item 4: success after a form post is a redirect to the page's own URL (no `?saved=`,
 * `?done=` or `?sent=` left in it) carrying the signed one-time toast cookie, which the next page
 * shows. Each action is called as the server calls it; CSRF is checked before any action runs.
 */
const database = useTestDatabase();
const emulator = useStripeEmulator();
const db = () => database().db;

async function signedIn(email: string) {
  const user = await db().selectFrom("users").select(["id", "roles"]).where("email", "=", email).executeTakeFirstOrThrow();
  const cookie = (await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
  return { ...user, cookie };
}

const post = formPost;
const run = (action: Parameters<typeof actionAnswer>[0], request: Request, params: Record<string, string> = {}) => actionAnswer(action, request, params, "192.0.2.80");

describe("feedback after a form post is a signed toast on the clean URL", () => {
  it("profile: the password form", async () => {
    const user = await createTestUser(db(), { password: "the-first-password-1" });
    const cookie = (await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
    const answer = await run(
      profileAction,
      post("/profile", cookie, [
        ["intent", "password"],
        ["current_password", "the-first-password-1"],
        ["password", "a-second-password-2"],
        ["password_confirmation", "a-second-password-2"],
      ]),
    );
    await expectRedirectWithToast(answer, "/profile", PROFILE_SAVED_MESSAGES.password);
  });

  it("course manager: creating a course, a curriculum change and the status", async () => {
    const admin = await signedIn("admin@demo.test");
    const created = await run(
      newCourseAction,
      post("/online-courses/new", admin.cookie, [
        ["name", "Toast Course"],
        ["course_code", "TOAST 101"],
        ["course_type", "exam_prep"],
      ]),
    );
    const location = created.headers.get("Location")!;
    const id = Number(location.match(/^\/online-courses\/(\d+)\/manager\/editor$/)?.[1]);
    expect(id).toBeGreaterThan(0);
    await expectRedirectWithToast(created, `/online-courses/${id}/manager/editor`, EDITOR_SAVED_MESSAGES.created!);

    const params = { id: String(id) };
    const chapter = await run(editorAction, post(`/online-courses/${id}/manager/editor`, admin.cookie, [["intent", "add-chapter"], ["title", "Limits"], ["kind", "chapter"]]), params);
    expect(chapter.status).toBe(302);
    // The anchor of the new chapter stays; the query is clean.
    expect(chapter.headers.get("Location")).toMatch(new RegExp(`^/online-courses/${id}/manager/editor#chapter-\\d+$`));
    expect(await toastOf(chapter)).toMatchObject({ type: "success", message: "Chapter added." });

    const status = await run(managerAction, post(`/online-courses/${id}/manager`, admin.cookie, [["intent", "status"], ["status", "preparing"]]), params);
    await expectRedirectWithToast(status, `/online-courses/${id}/manager`, MANAGER_SAVED_MESSAGES.status);
    expect(statusChangedMessage(1)).toBe("Course status changed. 1 pre-registered student is being told.");
    expect(statusChangedMessage(3)).toBe("Course status changed. 3 pre-registered students are being told.");

    // A refused form is no redirect and sets no toast.
    const refused = await run(managerAction, post(`/online-courses/${id}/manager`, admin.cookie, [["intent", "status"]]), params);
    expect(refused.status).toBe(400);
    expect(await toastOf(refused)).toBeNull();
  });

  it("announcements: publishing, and a rep's response", async () => {
    const admin = await signedIn("admin@demo.test");
    const published = await run(
      announcementsAction,
      post("/announcements", admin.cookie, [
        ["intent", "create"],
        ["title", "Toast check"],
        ["body", "A message for class reps."],
        ["audience", "class_rep"],
      ]),
    );
    const location = published.headers.get("Location")!;
    expect(location).toMatch(/^\/announcements#announcement-\d+$/);
    await expectRedirectWithToast(published, location, "The announcement was published.");

    const rep = await signedIn("class_rep@demo.test");
    const announcementId = location.split("-").pop()!;
    const responded = await run(announcementsAction, post("/announcements", rep.cookie, [["intent", "respond"], ["announcement_id", announcementId], ["reply_status", "accepted"]]));
    await expectRedirectWithToast(responded, `/announcements#announcement-${announcementId}`, "Your response was sent.");
  });

  it("my subscription: cancelling (303)", async () => {
    const email = `toast-sub-${randomBytes(5).toString("hex")}@example.test`;
    const user = await db().insertInto("users").values({ email, first_name: "Sam", last_name: "Subscriber", country_code: "US" }).returning(["id", "email"]).executeTakeFirstOrThrow();
    const outcome = await startCheckout(user, { product: { kind: "subscription", plan: "plus", interval: "year" }, country: null }, "http://app.test");
    if (outcome.kind !== "redirect") throw new Error(`expected a redirect, got ${JSON.stringify(outcome)}`);
    expect((await emulator().pay(outcome.url.split("/pay/")[1]!, "4242424242424242")).outcome).toBe("succeeded");
    const cookie = (await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
    const answer = await run(mySubscriptionAction, post("/my-subscription", cookie, [["intent", "cancel"], ["reason_key", "not_using"], ["offer", "refused"]]));
    expect(answer.status).toBe(303);
    await expectRedirectWithToast(answer, "/my-subscription", DONE_MESSAGES.cancel);
  });

  it("in-course: completing the last activity goes back to the course's home", async () => {
    const student = await signedIn("student@demo.test");
    // A course of one reading (completed by hand), published, the student enrolled.
    const course = await createCourse(db(), { name: "Toast Finish Course", course_code: "FIN 100", course_type: "exam_prep", description: "" }, null);
    const chapter = Number((await applyEditorCommand(db(), course.id, { intent: "add-chapter", title: "Only chapter", kind: "chapter" })).anchor.split("-")[1]);
    const section = Number((await applyEditorCommand(db(), course.id, { intent: "add-section", chapter_id: chapter, title: "Lessons", section_type: "core" })).anchor.split("-")[1]);
    await applyEditorCommand(db(), course.id, { intent: "add-activity", section_id: section, title: "The last reading", activity_type: "reading", can_preview: false });
    await changeStatus(db(), course.id, "preparing");
    await changeStatus(db(), course.id, "published");
    await enrol(db(), { userId: student.id, onlineCourseId: course.id, packageType: "learn_practice_bundle", status: "active" });
    const { slug } = await db().selectFrom("online_courses").select("slug").where("id", "=", course.id).executeTakeFirstOrThrow();
    const loaded = (await loadCourseForViewer({ id: student.id, roles: student.roles, userType: "student" }, slug))!;
    const last = loaded.tree.activities.find((activity) => neighbours(loaded.tree, activity.id).next === null)!;
    const request = post(`/in-course-experience/${slug}/${last.href}`, student.cookie, [
      ["intent", "complete"],
      ["activity_id", String(last.id)],
      ["duration_seconds", String(last.durationSeconds)],
    ]);
    const answer = await run(inCoursePage, request, { idOrSlug: slug, "*": last.href.split("?")[0]! });
    await expectRedirectWithToast(answer, inCourseBase(slug), COURSE_FINISHED_MESSAGE);
  });
});
