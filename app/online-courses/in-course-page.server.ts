import { data, redirect } from "@remix-run/node";
import type { Viewer } from "~/accounts/roles";
import { activityContent, loadCourseForViewer, searchCurriculum, type CourseForViewer } from "~/online-courses/in-course.server";
import {
  chapterHeading,
  isAssessment,
  lockNotice,
  neighbours,
  parseInCoursePath,
  resumeActivity,
  type InCourseView,
  type TreeActivity,
  type TreeChapter,
} from "~/online-courses/curriculum";
import { curriculumOutlineItems } from "~/online-courses/outline-html";
import { completeActivity, latestAttempt, quizQuestionsForLearner, submitQuiz } from "~/online-courses/progress.server";
import { parseAnswers, parseDuration } from "~/online-courses/quiz";
import { redirectWithToast } from "~/toasts/toast.server";

/** The loader and action of /in-course-experience/{idOrSlug}/* (the route file stays thin). */

/** The toast after completing a course's last activity. */
export const COURSE_FINISHED_MESSAGE = "You finished the last activity of this course.";

export const inCourseBase = (slug: string) => `/in-course-experience/${slug}`;

const notFound = (message = "Page not found") => new Response(message, { status: 404 });

export async function loadInCoursePage(viewer: Viewer, idOrSlug: string, rest: string, url: URL) {
  const view = parseInCoursePath(rest);
  if (!view) throw notFound();
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) throw notFound("Course not found");
  const { course, enrolment, tree } = loaded;
  const base = inCourseBase(course.slug);

  if (url.searchParams.get("resume") === "true") {
    const target = resumeActivity(tree, enrolment?.current_activity_id ?? null);
    throw redirect(target ? `${base}/${target.href}` : base);
  }

  const query = (url.searchParams.get("q") ?? "").slice(0, 200);
  const searchIds = query.trim() ? await searchCurriculum(course.id, query) : null;
  const byId = new Map(tree.activities.map((activity) => [activity.id, activity]));
  const search = searchIds ? { query, results: searchIds.map((id) => byId.get(id)!).filter(Boolean) } : null;

  const detail = await viewDetail(loaded, view, url, viewer);
  const currentId =
    detail.kind === "tree" ? (enrolment?.current_activity_id ?? null) : detail.kind === "chapter" ? (detail.selected?.activity.id ?? null) : detail.kind === "activity" ? detail.selected.activity.id : null;
  return {
    course: {
      id: course.id,
      slug: course.slug,
      name: course.name,
      course_code: course.course_code,
      status: course.status,
    },
    base,
    signedIn: viewer.id !== null,
    enrolled: enrolment !== null,
    currentActivityId: enrolment?.current_activity_id ?? null,
    viewTimeSeconds: enrolment?.view_time_seconds ?? 0,
    // The page shows the tree as its outline and counts; the outline goes as markup, not as 150 objects.
    tree: {
      chapterCount: tree.chapters.length,
      activityCount: tree.activities.length,
      completedCount: tree.completedCount,
      percent: tree.percent,
      outlineHtml: curriculumOutlineItems(tree, base, currentId),
    },
    search,
    view,
    detail,
  };
}

type Detail =
  | { kind: "tree" }
  | {
      kind: "chapter";
      chapter: Pick<TreeChapter, "id" | "path" | "label" | "title">;
      part: string;
      parts: string[];
      activities: TreeActivity[];
      selected: SelectedActivity | null;
    }
  | { kind: "activity"; selected: SelectedActivity }
  | { kind: "list"; title: string; description: string; activities: TreeActivity[] };

export interface SelectedActivity {
  activity: TreeActivity;
  chapterLabel: string;
  lock: ReturnType<typeof lockNotice>;
  previous: TreeActivity | null;
  next: TreeActivity | null;
  /** Lesson content (video, reading, flash cards, mock exam facts) when open; never quiz answers. */
  content: Record<string, unknown> | null;
  questions: { id: number; prompt: string; choices: string[] }[];
  lastAttempt: { question_count: number; correct_count: number; submitted_at: Date } | null;
}

async function selectActivity(loaded: CourseForViewer, activity: TreeActivity, viewer: Viewer): Promise<SelectedActivity> {
  const chapter = loaded.tree.chapters.find((candidate) => candidate.id === activity.chapterId)!;
  const lock = lockNotice(activity, loaded.course.id);
  const { previous, next } = neighbours(loaded.tree, activity.id);
  let content: Record<string, unknown> | null = null;
  let questions: SelectedActivity["questions"] = [];
  let lastAttempt: SelectedActivity["lastAttempt"] = null;
  if (!lock) {
    const [stored, quiz, attempt] = await Promise.all([
      activityContent(activity.id),
      isAssessment(activity.type) ? quizQuestionsForLearner(activity.id) : Promise.resolve([]),
      isAssessment(activity.type) && viewer.id !== null ? latestAttempt(viewer.id, activity.id) : Promise.resolve(undefined),
    ]);
    content = stored;
    questions = quiz.map((question) => ({ id: question.id, prompt: question.prompt, choices: question.choices as string[] }));
    lastAttempt = attempt ?? null;
  }
  return { activity, chapterLabel: chapterHeading(chapter), lock, previous, next, content, questions, lastAttempt };
}

async function viewDetail(loaded: CourseForViewer, view: InCourseView, url: URL, viewer: Viewer): Promise<Detail> {
  const { tree } = loaded;
  switch (view.kind) {
    case "tree":
      return { kind: "tree" };
    case "chapter": {
      const chapter = tree.chapters.find((candidate) => candidate.path === view.path);
      if (!chapter) throw notFound("Chapter not found");
      const sections = chapter.sections.filter((section) => section.part === view.part);
      const activities = sections.flatMap((section) => section.activities);
      const wanted = Number(url.searchParams.get("activity"));
      const lessons = activities.filter((activity) => activity.type === "video" || activity.type === "reading");
      const chosen = lessons.find((activity) => activity.id === wanted) ?? (url.searchParams.has("activity") ? undefined : lessons[0]);
      if (url.searchParams.has("activity") && !chosen) throw notFound("Lesson not found in this chapter");
      return {
        kind: "chapter",
        chapter: { id: chapter.id, path: chapter.path, label: chapter.label, title: chapter.title },
        part: view.part,
        parts: [...new Set(chapter.sections.map((section) => section.part))],
        activities,
        selected: chosen ? await selectActivity(loaded, chosen, viewer) : null,
      };
    }
    case "assessment":
    case "mock":
    case "flash-cards": {
      const activity = tree.activities.find((candidate) => candidate.id === view.activityId);
      const fits =
        activity &&
        (view.kind === "assessment" ? isAssessment(activity.type) : view.kind === "mock" ? activity.type === "mock_exam" : activity.type === "flash_card_deck");
      if (!activity || !fits) throw notFound("Activity not found in this course");
      return { kind: "activity", selected: await selectActivity(loaded, activity, viewer) };
    }
    case "on-demand":
      return {
        kind: "list",
        title: "On-demand lessons",
        description: "Every video lesson of the course, in order.",
        activities: tree.activities.filter((activity) => activity.type === "video"),
      };
    case "grade-boosters": {
      const additional = new Set(tree.chapters.flatMap((chapter) => chapter.sections.filter((section) => section.part === "additional-practice").map((section) => section.id)));
      return {
        kind: "list",
        title: "Grade boosters",
        description: "Additional practice from every chapter: problem sets and worked solutions.",
        activities: tree.activities.filter((activity) => additional.has(activity.sectionId)),
      };
    }
  }
}

// ── Action: completing an activity, submitting a quiz ─────────────────────────────────────────

const POSITIVE = /^[1-9]\d{0,9}$/;

export async function inCourseAction(viewer: Viewer, idOrSlug: string, form: FormData) {
  const intent = form.get("intent");
  if (intent !== "complete" && intent !== "submit-quiz") return data({ error: "Unknown action." }, { status: 400 });
  const rawId = String(form.get("activity_id") ?? "");
  if (!POSITIVE.test(rawId)) return data({ error: "Choose an activity of this course." }, { status: 400 });
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) throw notFound("Course not found");
  const activity = loaded.tree.activities.find((candidate) => candidate.id === Number(rawId));
  if (!activity) return data({ error: "That activity is not part of this course." }, { status: 404 });
  const lock = lockNotice(activity, loaded.course.id);
  if (lock) return data({ error: lock.message }, { status: 403 });
  const duration = parseDuration(form.get("duration_seconds") as string | null, activity.durationSeconds);
  if (duration === null) return data({ error: "The time spent must be a whole number of seconds." }, { status: 400 });
  const { next } = neighbours(loaded.tree, activity.id);
  const place = { activityId: activity.id, chapterId: activity.chapterId, sectionId: activity.sectionId };
  const base = inCourseBase(loaded.course.slug);

  if (intent === "complete") {
    if (!loaded.enrolment) return data({ error: "Enrol in the course to keep track of your progress." }, { status: 403 });
    const outcome = await completeActivity({ enrolmentId: loaded.enrolment.id, activity, durationSeconds: duration, nextId: next?.id ?? null });
    if (!outcome.ok) return data({ error: outcome.message }, { status: 422 });
    if (next) throw redirect(`${base}/${next.href}`);
    // The last activity: back to the course's home, where a toast says the course is done.
    throw await redirectWithToast(base, { type: "success", message: COURSE_FINISHED_MESSAGE });
  }

  if (!isAssessment(activity.type)) return data({ error: "Only quizzes take answers." }, { status: 400 });
  const questions = await quizQuestionsForLearner(activity.id);
  // Nothing to answer yet: no attempt of "0 of 0" counts as completing it.
  if (questions.length === 0) return data({ error: "This activity has no questions yet." }, { status: 409 });
  const parsed = parseAnswers(
    questions.map((question) => ({ id: question.id, choices: question.choices as string[] })),
    (name) => {
      const value = form.get(name);
      return typeof value === "string" ? value : null;
    },
  );
  if (!parsed.ok) return data({ error: parsed.message }, { status: 400 });
  const { attemptId, score } = await submitQuiz({
    userId: viewer.id!,
    activityId: activity.id,
    answers: parsed.answers,
    durationSeconds: duration,
    enrolment: loaded.enrolment ? { id: loaded.enrolment.id, place, nextId: next?.id ?? null } : null,
  });
  return {
    quizResult: {
      activityId: activity.id,
      attemptId,
      score,
      recorded: loaded.enrolment !== null,
      nextHref: next ? `${base}/${next.href}` : null,
    },
  };
}
