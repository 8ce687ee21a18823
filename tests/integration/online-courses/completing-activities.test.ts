import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/accounts/roles";
import { createUserSession } from "~/accounts/session.server";
import type { ActivityType } from "~/db/schema";
import type { TreeActivity } from "~/online-courses/curriculum";
import { loadCourseForViewer } from "~/online-courses/in-course.server";
import { action as progressApi } from "~/routes/api+/v1+/progress";
import { action as inCoursePage } from "~/routes/in-course-experience+/$idOrSlug.$";
import { useTestDatabase } from "../../support/database";
import { routeAnswer } from "../../support/route-answer";

/**
 * "An activity that takes answers is completed by submitting them" (issue 14 item 3), asked in
 * one place (completionByHand through completeActivity) by both ways of marking an activity
 * complete: the in-course page's "Mark complete" form and POST /api/v1/progress. A refusal is a
 * 422 with the reason and changes nothing; an ordinary lesson still completes.
 */
const database = useTestDatabase();
const db = () => database().db;
const COURSE = "waterloo-math-137-exam-prep";

let viewer: Viewer;
let cookie: string;
let courseId: number;
let enrolmentId: number;

beforeAll(async () => {
  const user = await db().selectFrom("users").select(["id", "roles"]).where("email", "=", "student@demo.test").executeTakeFirstOrThrow();
  viewer = { id: user.id, roles: user.roles, userType: "student" };
  cookie = (await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
  const course = await db().selectFrom("online_courses").select("id").where("slug", "=", COURSE).executeTakeFirstOrThrow();
  courseId = course.id;
  // The Learn-Practice Bundle opens the practice question sets too, so only the completion rule can refuse them.
  const enrolment = await db()
    .updateTable("online_course_users")
    .set({ package_type: "learn_practice_bundle" })
    .where("online_course_id", "=", course.id)
    .where("user_id", "=", user.id)
    .returning("id")
    .executeTakeFirstOrThrow();
  enrolmentId = enrolment.id;
});

/** The in-course page's "Mark complete and continue" form, as the browser posts it. */
function markCompleteOnPage(activity: TreeActivity) {
  const request = new Request(`http://app.test/in-course-experience/${COURSE}/${activity.href}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams({ intent: "complete", activity_id: String(activity.id), duration_seconds: String(activity.durationSeconds) }),
  });
  return routeAnswer(() => inCoursePage({ request, params: { idOrSlug: COURSE, "*": activity.href.split("?")[0]! }, context: {} } as unknown as ActionFunctionArgs));
}

/** POST /api/v1/progress. */
function completeThroughApi(activity: TreeActivity) {
  const request = new Request("http://app.test/api/v1/progress", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/vnd.api+json", Cookie: cookie },
    body: JSON.stringify({ progress: { online_course_id: courseId, activity_id: activity.id, duration: 60 } }),
  });
  return routeAnswer(() => progressApi({ request, params: {}, context: {} } as unknown as ActionFunctionArgs));
}

/** An open activity of the type, one not completed yet when there is one (the seed completes the diagnostic quiz). */
async function activityOf(type: ActivityType) {
  const loaded = (await loadCourseForViewer(viewer, COURSE))!;
  const ofType = loaded.tree.activities.filter((candidate) => candidate.type === type);
  const activity = ofType.find((candidate) => !candidate.completed) ?? ofType[0];
  expect(activity, `an activity of type ${type}`).toBeDefined();
  expect(activity!.access.allowed).toBe(true);
  return activity!;
}

/** Everything a completion changes: the enrolment's completions, view time and current activity. */
async function progressState() {
  const [completions, enrolment] = await Promise.all([
    db().selectFrom("activity_completions").select(["activity_id", "duration_seconds", "assessment_id"]).where("online_course_user_id", "=", enrolmentId).orderBy("activity_id").execute(),
    db().selectFrom("online_course_users").select(["view_time_seconds", "current_activity_id"]).where("id", "=", enrolmentId).executeTakeFirstOrThrow(),
  ]);
  return { completions, enrolment };
}

const ANSWER_TAKING: [ActivityType, string][] = [
  ["quiz", "Submit your answers to complete this quiz."],
  ["checkpoint_quiz", "Submit your answers to complete this checkpoint quiz."],
  ["practice_question_set", "Submit your answers to complete this practice question set."],
];

describe("marking an activity complete on the in-course page", () => {
  it.each(ANSWER_TAKING)("refuses a %s with 422 and its reason, and records nothing", async (type, message) => {
    const activity = await activityOf(type);
    const before = await progressState();
    const answer = await markCompleteOnPage(activity);
    expect(answer.status).toBe(422);
    expect(answer.data.result.error).toEqual({ "": [message] });
    expect(await progressState()).toEqual(before);
    if (!activity.completed) expect(before.completions.map((row) => row.activity_id)).not.toContain(activity.id);
  });

  it("still completes an ordinary lesson and moves on to the next activity", async () => {
    const lesson = await activityOf("reading");
    expect(lesson.completed).toBe(false);
    const before = await progressState();
    const answer = await markCompleteOnPage(lesson);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(new RegExp(`^/in-course-experience/${COURSE}`));
    const after = await progressState();
    expect(after.completions.find((row) => row.activity_id === lesson.id)).toMatchObject({ duration_seconds: lesson.durationSeconds, assessment_id: null });
    expect(after.enrolment.view_time_seconds).toBe(before.enrolment.view_time_seconds + lesson.durationSeconds);
  });
});

describe("submitting the answers of an activity that has no questions yet", () => {
  it("is refused with 409 and records no attempt or completion", async () => {
    // A quiz whose questions are still to be written.
    const activity = await activityOf("quiz");
    await db().deleteFrom("quiz_questions").where("activity_id", "=", activity.id).execute();
    const before = await progressState();
    const attemptsBefore = await db().selectFrom("quiz_attempts").select("id").where("activity_id", "=", activity.id).execute();
    const request = new Request(`http://app.test/in-course-experience/${COURSE}/${activity.href}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({ intent: "submit-quiz", activity_id: String(activity.id), duration_seconds: "30" }),
    });
    const answer = await routeAnswer(() => inCoursePage({ request, params: { idOrSlug: COURSE, "*": activity.href.split("?")[0]! }, context: {} } as unknown as ActionFunctionArgs));
    expect(answer.status).toBe(409);
    expect(answer.data.result.error).toEqual({ "": ["This activity has no questions yet."] });
    expect(await progressState()).toEqual(before);
    expect(await db().selectFrom("quiz_attempts").select("id").where("activity_id", "=", activity.id).execute()).toEqual(attemptsBefore);
  });
});

describe("POST /api/v1/progress", () => {
  it.each(ANSWER_TAKING)("refuses a %s the same way: 422 on activity_id, nothing recorded", async (type, message) => {
    const activity = await activityOf(type);
    const before = await progressState();
    const answer = await completeThroughApi(activity);
    expect(answer.status).toBe(422);
    expect(answer.data).toMatchObject({
      errors: [{ code: "invalid_attribute", detail: `activity_id: ${message}`, source: { pointer: "/progress/activity_id" } }],
      meta: { reason: "submit-answers" },
    });
    expect(await progressState()).toEqual(before);
  });

  it("still completes an ordinary lesson (201)", async () => {
    const lesson = await activityOf("video");
    const answer = await completeThroughApi(lesson);
    expect(answer.status).toBe(201);
    expect((await progressState()).completions.map((row) => row.activity_id)).toContain(lesson.id);
  });
});
