import { describe, expect, it } from "vitest";
import { guestViewer, type Viewer } from "~/accounts/roles";
import { applyEditorCommand } from "~/online-courses/editor.server";
import { courseActivityContent, loadCourseForViewer } from "~/online-courses/in-course.server";
import { searchActivities } from "~/online-courses/curriculum";
import { completeActivity, enrolledCourses, quizQuestionsForLearner, submitQuiz } from "~/online-courses/progress.server";
import { runWithRequestContext, type RequestContext } from "~/utils/request-context.server";
import { insertLargeCourse } from "../../../server/seed/large-course";
import { useTestDatabase } from "../../support/database";

const database = useTestDatabase();

async function countQueries<T>(run: () => Promise<T>) {
  const context: RequestContext = { requestId: "test", queryCount: 0, databaseUnavailable: false };
  const result = await runWithRequestContext(context, run);
  return { result, queries: context.queryCount };
}

async function student(): Promise<Viewer> {
  const user = await database().db.selectFrom("users").select(["id", "roles"]).where("email", "=", "student@demo.test").executeTakeFirstOrThrow();
  return { id: user.id, roles: user.roles, userType: "student" };
}

describe("loading the in-course page", () => {
  it("runs the same fixed number of queries for a 30-chapter course as for a small one", async () => {
    const viewer = await student();
    const large = await insertLargeCourse(database().db, { slug: "thirty-chapters", chapters: 30, studentEmail: "student@demo.test" });
    const small = await insertLargeCourse(database().db, { slug: "two-chapters", chapters: 2, studentEmail: "student@demo.test" });

    // First load in this process: the course with the enrolment and its completions, then the outline.
    const big = await countQueries(() => loadCourseForViewer(viewer, "thirty-chapters"));
    const little = await countQueries(() => loadCourseForViewer(viewer, "two-chapters"));
    expect(big.result!.tree.chapters).toHaveLength(31);
    expect(big.result!.tree.activities).toHaveLength(large.activityCount);
    expect(little.result!.tree.activities).toHaveLength(small.activityCount);
    expect(big.queries).toBe(2);
    expect(little.queries).toBe(big.queries);
    // Afterwards the outline comes from memory: the course with the enrolment only.
    const again = await countQueries(() => loadCourseForViewer(viewer, "thirty-chapters"));
    expect(again.queries).toBe(1);
    expect(again.result!.tree).toEqual(big.result!.tree);
    // A guest needs only the course (its outline is already held).
    expect((await countQueries(() => loadCourseForViewer(guestViewer, "thirty-chapters"))).queries).toBe(1);
    // The enrolment's progress comes along: 10 of the activities are completed.
    expect(big.result!.tree.completedCount).toBe(10);
  });

  it("shows an editor's change to the outline on the next load, for every learner", async () => {
    const { db } = database();
    const viewer = await student();
    await insertLargeCourse(db, { slug: "edited-outline", chapters: 3, studentEmail: "student@demo.test" });
    const before = await loadCourseForViewer(viewer, "edited-outline");
    const course = before!.course;
    const lesson = before!.tree.activities.find((activity) => activity.type === "reading" || activity.type === "video")!;
    const chapter = before!.tree.chapters[1]!;
    // Held in memory now: a second load does not read the outline again.
    expect((await countQueries(() => loadCourseForViewer(viewer, "edited-outline"))).queries).toBe(1);

    await applyEditorCommand(db, course.id, { intent: "edit-activity", activity_id: lesson.id, title: "Limits, renamed", activity_type: lesson.type, can_preview: true });
    const renamed = await loadCourseForViewer(viewer, "edited-outline");
    const seen = renamed!.tree.activities.find((activity) => activity.id === lesson.id)!;
    expect(seen.title).toBe("Limits, renamed");
    expect(seen.canPreview).toBe(true);
    expect((await loadCourseForViewer(guestViewer, "edited-outline"))!.tree.activities.find((activity) => activity.id === lesson.id)!.title).toBe("Limits, renamed");

    await applyEditorCommand(db, course.id, { intent: "edit-chapter", chapter_id: chapter.id, title: "Derivatives, revised", kind: chapter.kind });
    expect((await loadCourseForViewer(viewer, "edited-outline"))!.tree.chapters[1]!.title).toBe("Derivatives, revised");

    await applyEditorCommand(db, course.id, { intent: "delete-activity", activity_id: lesson.id });
    const after = await loadCourseForViewer(viewer, "edited-outline");
    expect(after!.tree.activities.map((activity) => activity.id)).not.toContain(lesson.id);
    expect(after!.tree.activities).toHaveLength(before!.tree.activities.length - 1);

    // A change made outside the editor (a script, another process) counts too.
    await db.updateTable("activities").set({ title: "Renamed by a script" }).where("id", "=", after!.tree.activities[0]!.id).execute();
    expect((await loadCourseForViewer(viewer, "edited-outline"))!.tree.activities[0]!.title).toBe("Renamed by a script");
  });

  it("reads a lesson's content once per content version, and again after any change to it", async () => {
    const { db } = database();
    const viewer = await student();
    await insertLargeCourse(db, { slug: "held-content", chapters: 2, studentEmail: "student@demo.test" });
    const lessonId = (await loadCourseForViewer(viewer, "held-content"))!.tree.activities[0]!.id;
    const write = (body: string) => db.updateTable("activities").set({ content: JSON.stringify({ body }) }).where("id", "=", lessonId).execute();
    await write("First words.");
    const loaded = (await loadCourseForViewer(viewer, "held-content"))!;
    expect(await countQueries(() => courseActivityContent(loaded, lessonId))).toEqual({ result: { body: "First words." }, queries: 1 });
    const held = await countQueries(() => courseActivityContent(loaded, lessonId));
    expect(held).toEqual({ result: { body: "First words." }, queries: 0 });
    // Every request shares it: none may change what the next one sees.
    expect(Object.isFrozen(held.result)).toBe(true);

    await write("Second words.");
    expect(await courseActivityContent((await loadCourseForViewer(viewer, "held-content"))!, lessonId)).toEqual({ body: "Second words." });
  });

  it("finds a course by id or slug, and hides hidden and closed courses from students", async () => {
    const { db } = database();
    const viewer = await student();
    const course = await db.selectFrom("online_courses").select(["id", "slug"]).where("slug", "=", "waterloo-math-137-exam-prep").executeTakeFirstOrThrow();
    expect((await loadCourseForViewer(viewer, String(course.id)))?.course.slug).toBe(course.slug);
    expect(await loadCourseForViewer(viewer, "no-such-course")).toBeNull();
    expect(await loadCourseForViewer(viewer, "99999999999999")).toBeNull();
    await db.updateTable("online_courses").set({ status: "hidden" }).where("slug", "=", "organic-chemistry-1-exam-prep").execute();
    expect(await loadCourseForViewer(viewer, "organic-chemistry-1-exam-prep")).toBeNull();
    await db.updateTable("online_courses").set({ status: "closed" }).where("slug", "=", "organic-chemistry-1-exam-prep").execute();
    expect(await loadCourseForViewer(viewer, "organic-chemistry-1-exam-prep")).toBeNull();
    await db.updateTable("online_courses").set({ status: "preparing" }).where("slug", "=", "organic-chemistry-1-exam-prep").execute();
    const preparing = await loadCourseForViewer(guestViewer, "organic-chemistry-1-exam-prep");
    expect(preparing).not.toBeNull();
    // Details only: nothing opens while the course is preparing.
    expect(preparing!.tree.activities.every((activity) => !activity.access.allowed)).toBe(true);
    await db.updateTable("online_courses").set({ status: "published" }).where("slug", "=", "organic-chemistry-1-exam-prep").execute();
  });

  it("opens the enrolled student's Learn lessons and keeps practice locked with its reason", async () => {
    const loaded = await loadCourseForViewer(await student(), "waterloo-math-137-exam-prep");
    const core = loaded!.tree.activities.find((activity) => activity.type === "checkpoint_quiz")!;
    const practice = loaded!.tree.activities.find((activity) => activity.type === "practice_question_set")!;
    expect(core.access.allowed).toBe(true);
    expect(practice.access).toEqual({ allowed: false, reason: "needs-practice" });
  });

  it("opens a subscription course to an active or trialing subscriber only", async () => {
    const { db } = database();
    const user = await db.selectFrom("users").select(["id", "roles"]).where("email", "=", "teacher@demo.test").executeTakeFirstOrThrow();
    const viewer: Viewer = { id: user.id, roles: user.roles, userType: "educator" };
    const lessonAccess = async () => {
      const loaded = await loadCourseForViewer(viewer, "mcat-self-paced");
      return loaded!.tree.activities.find((activity) => activity.type === "reading" && !activity.canPreview && activity.chapterId !== loaded!.tree.chapters[0]!.id)!.access;
    };
    const before = await lessonAccess();
    expect(before).toEqual({ allowed: false, reason: "needs-subscription" });
    const subscription = await db
      .insertInto("subscriptions")
      .values({
        user_id: user.id,
        purchase_id: null,
        status: "trialing",
        plan: "plus",
        billing_interval: "monthly",
        currency: "USD",
        stripe_product_id: null,
        stripe_price_id: null,
        stripe_subscription_id: "sub_test_in_course",
        stripe_customer_id: null,
        payment_intent_id: null,
        trial_end_date: new Date(Date.now() + 7 * 24 * 3600 * 1000),
        current_period_end: null,
        cancel_at: null,
        pause_at: null,
        pause_until: null,
        expires_at: null,
        discount_code_id: null,
        cancel_reason_key: null,
        cancel_reason_extra: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await lessonAccess()).toEqual({ allowed: true, via: "subscription" });
    // A trial that has ended no longer opens it.
    await db.updateTable("subscriptions").set({ trial_end_date: new Date(Date.now() - 1000) }).where("id", "=", subscription.id).execute();
    expect(await lessonAccess()).toEqual({ allowed: false, reason: "needs-subscription" });
  });

  it("searches the loaded curriculum's titles case-insensitively, within the course only", async () => {
    const { tree } = (await loadCourseForViewer(guestViewer, "waterloo-math-137-exam-prep"))!;
    expect(searchActivities(tree, "SQUEEZE").map((activity) => activity.title)).toEqual([expect.stringMatching(/Squeeze Theorem/)]);
    expect(searchActivities(tree, "%")).toEqual([]);
    expect(searchActivities(tree, "   ")).toEqual([]);
  });
});

describe("progress and quizzes", () => {
  it("records a completion once, accumulates view time and moves the current activity on", async () => {
    const { db } = database();
    const viewer = await student();
    const loaded = (await loadCourseForViewer(viewer, "waterloo-math-137-exam-prep"))!;
    const [first, second] = loaded.tree.activities.filter((activity) => !activity.completed && (activity.type === "video" || activity.type === "reading"));
    const before = loaded.enrolment!.view_time_seconds;
    expect(await completeActivity({ enrolmentId: loaded.enrolment!.id, activity: first!, durationSeconds: 120, nextId: second!.id })).toEqual({ ok: true });
    expect(await completeActivity({ enrolmentId: loaded.enrolment!.id, activity: first!, durationSeconds: 30, nextId: second!.id })).toEqual({ ok: true });
    const enrolment = await db.selectFrom("online_course_users").selectAll().where("id", "=", loaded.enrolment!.id).executeTakeFirstOrThrow();
    expect(enrolment.view_time_seconds).toBe(before + 150);
    expect(enrolment.current_activity_id).toBe(second!.id);
    const completions = await db.selectFrom("activity_completions").selectAll().where("online_course_user_id", "=", enrolment.id).where("activity_id", "=", first!.id).execute();
    expect(completions).toHaveLength(1);
    expect(completions[0]).toMatchObject({ chapter_id: first!.chapterId, section_id: first!.sectionId, duration_seconds: 150 });
  });

  it("scores a checkpoint quiz on the server and stores the attempt, its submissions and the completion", async () => {
    const { db } = database();
    const viewer = await student();
    const loaded = (await loadCourseForViewer(viewer, "waterloo-math-137-exam-prep"))!;
    const quiz = loaded.tree.activities.find((activity) => activity.type === "checkpoint_quiz")!;
    const shown = await quizQuestionsForLearner(quiz.id);
    expect(shown.length).toBeGreaterThan(1);
    for (const question of shown) expect(Object.keys(question).sort()).toEqual(["choices", "id", "position", "prompt"]);
    const stored = await db.selectFrom("quiz_questions").select(["id", "answer_index"]).where("activity_id", "=", quiz.id).orderBy("position").execute();
    // The first answered right, the second wrong, the rest unanswered.
    const answers = new Map<number, number | null>(stored.map((question, index) => [question.id, index === 0 ? question.answer_index : index === 1 ? (question.answer_index + 1) % 4 : null]));
    const { attemptId, score } = await submitQuiz({
      userId: viewer.id!,
      activityId: quiz.id,
      answers,
      durationSeconds: 200,
      enrolment: { id: loaded.enrolment!.id, place: { activityId: quiz.id, chapterId: quiz.chapterId, sectionId: quiz.sectionId }, nextId: null },
    });
    expect(score).toMatchObject({ questionCount: stored.length, correctCount: 1 });
    const attempt = await db.selectFrom("quiz_attempts").selectAll().where("id", "=", attemptId).executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ correct_count: 1, question_count: stored.length, online_course_user_id: loaded.enrolment!.id });
    const submissions = await db.selectFrom("quiz_question_submissions").selectAll().where("quiz_attempt_id", "=", attemptId).execute();
    expect(submissions).toHaveLength(stored.length);
    const completion = await db.selectFrom("activity_completions").selectAll().where("activity_id", "=", quiz.id).where("online_course_user_id", "=", loaded.enrolment!.id).executeTakeFirstOrThrow();
    expect(completion.assessment_id).toBe(attemptId);
  });

  it("lists the student's online courses with progress in one query", async () => {
    const viewer = await student();
    const { result, queries } = await countQueries(() => enrolledCourses(viewer.id!));
    expect(queries).toBe(1);
    const math = result.find((course) => course.slug === "waterloo-math-137-exam-prep")!;
    expect(math.activity_count).toBeGreaterThan(math.completed_count);
    expect(math.completed_count).toBeGreaterThanOrEqual(3);
    expect(math.percent).toBe(Math.floor((math.completed_count / math.activity_count) * 100));
  });

  it("counts a course's activities as its outline changes: added, deleted, or gone with their section or chapter", async () => {
    const { db } = database();
    const viewer = await student();
    const inserted = await insertLargeCourse(db, { slug: "counted-outline", chapters: 3, studentEmail: "student@demo.test" });
    const count = async () => (await enrolledCourses(viewer.id!)).find((course) => course.slug === "counted-outline")!.activity_count;
    expect(await count()).toBe(inserted.activityCount);

    const { tree, course } = (await loadCourseForViewer(viewer, "counted-outline"))!;
    const lesson = tree.activities.find((activity) => activity.type === "reading" || activity.type === "video")!;
    await applyEditorCommand(db, course.id, { intent: "delete-activity", activity_id: lesson.id });
    expect(await count()).toBe(inserted.activityCount - 1);

    // Gone with their section: every activity the section held.
    const section = tree.chapters[1]!.sections[0]!;
    const inSection = (await loadCourseForViewer(viewer, "counted-outline"))!.tree.activities.filter((activity) => activity.sectionId === section.id).length;
    await db.deleteFrom("sections").where("id", "=", section.id).execute();
    expect(await count()).toBe(inserted.activityCount - 1 - inSection);

    // Gone with their chapter (sections and activities go by cascade in the same statement).
    const chapter = tree.chapters[2]!;
    const inChapter = (await loadCourseForViewer(viewer, "counted-outline"))!.tree.activities.filter((activity) => activity.chapterId === chapter.id).length;
    expect(inChapter).toBeGreaterThan(0);
    await db.deleteFrom("chapters").where("id", "=", chapter.id).execute();
    const left = (await loadCourseForViewer(viewer, "counted-outline"))!.tree.activities.length;
    expect(await count()).toBe(left);
    expect(left).toBe(inserted.activityCount - 1 - inSection - inChapter);
  });
});
