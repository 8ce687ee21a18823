import { can, managesOnlineCourse } from "~/accounts/policy/permissions";
import type { Viewer } from "~/accounts/roles";
import { deckCards, deckOfActivity, ensureActivityDeck } from "~/flash-cards/decks.server";
import { studyView, type StudyView } from "~/flash-cards/study.server";
import { activityContent, courseActivityContent, loadCourseForViewer, progressOf, type CourseForViewer } from "~/online-courses/in-course.server";
import {
  chapterHeading,
  inCourseBase,
  isAssessment,
  lockNotice,
  neighbours,
  resumeActivity,
  searchActivities,
  type InCourseView,
  type TreeActivity,
  type TreeChapter,
} from "~/online-courses/curriculum";
import { outlineText } from "~/online-courses/outline-html";
import { practiceSetCard, type PracticeSetCard } from "~/practice-questions/sets.server";
import { askQuestion } from "~/community/questions.server";
import { activityDiscussion } from "~/community/activity-discussion.server";
import type { Community } from "~/community/comments.server";
import { sittingState } from "~/assessments/engine";
import { latestSitting, mockExamSettings, saveSittingAnswers, sittingReview, startSitting, submitSitting, type Sitting, type SittingReview } from "~/online-courses/mock-exams.server";
import { completeActivity, latestAttempt, quizQuestionsForLearner, submitQuiz } from "~/online-courses/progress.server";
import { parseAnswers } from "~/assessments/engine";
import { parseDuration } from "~/online-courses/quiz";

/**
 * The in-course experience (/in-course-experience/{idOrSlug}/…) as one viewer has it: what a path
 * shows, completing an activity and submitting a quiz. Takes plain values; the page turns the
 * outcomes into its answers.
 */

/** What the address asks besides its path: `?resume=true`, the search `?q=` and a chapter's `?activity=` (raw, null when absent). */
export interface InCourseQuery {
  resume: boolean;
  search: string;
  lesson: string | null;
  /** When the page is asked for: flash cards due by then show. */
  now: Date;
}

type NotFound = { kind: "not-found"; message: string };

export async function inCoursePage(viewer: Viewer, idOrSlug: string, view: InCourseView, query: InCourseQuery) {
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) return { kind: "not-found", message: "Course not found" } satisfies NotFound;
  const { course, enrolment, tree } = loaded;
  const base = inCourseBase(course.slug);

  if (query.resume) {
    const target = resumeActivity(tree, enrolment?.current_activity_id ?? null);
    return { kind: "resume", href: target ? `${base}/${target.href}` : base } as const;
  }

  const search = query.search.slice(0, 200);
  const found = search.trim() ? { query: search, results: searchActivities(tree, search) } : null;

  const detail = await viewDetail(loaded, view, query, viewer);
  if (detail.kind === "not-found") return detail;
  const currentId =
    detail.kind === "tree" ? (enrolment?.current_activity_id ?? null) : detail.kind === "chapter" ? (detail.selected?.activity.id ?? null) : detail.kind === "activity" ? detail.selected.activity.id : null;
  const page = {
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
    // The page shows the tree as its outline and counts. The outline goes as the little it shows, as
    // JSON text (not as 150 tree activities, nor as its markup: the page writes that, once, from this).
    tree: {
      chapterCount: tree.chapters.length,
      activityCount: tree.activities.length,
      completedCount: tree.completedCount,
      percent: tree.percent,
      outline: outlineText(tree),
      // The activity the outline marks: the one shown, or on the curriculum page the learner's current one.
      currentId,
    },
    search: found,
    view,
    detail,
  };
  return { kind: "page", page } as const;
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
  /** A mock exam's sitting as the learner has it (its questions show in `questions` only while the clock runs). */
  mock: MockExamView | null;
  /** A flash-card activity's deck. */
  deck: CourseDeckView | null;
  /** A practice-question activity: its set, answered on the set's own page. */
  practiceSet: PracticeSetCard | null;
  /** Questions to the instructor: the answered ones made public and the viewer's own; whether the viewer may ask. */
  askedQuestions: { list: Awaited<ReturnType<typeof activityDiscussion>>["questions"]; mayAsk: boolean };
  /** Its reactions and comments, for whoever may open it (null while locked to them). */
  community: Community | null;
}


export interface MockExamView {
  state: "not-started" | "in-progress" | "submitted";
  timeLimitMinutes: number;
  questionCount: number;
  /** While in progress: the server's time left, and the answers saved so far (question id → choice). */
  remainingSeconds: number | null;
  saved: Record<string, number>;
  /** The latest submitted sitting, scored, with every answer explained. */
  review: SittingReview | null;
}

async function selectActivity(loaded: CourseForViewer, activity: TreeActivity, viewer: Viewer, now: Date): Promise<SelectedActivity> {
  const chapter = loaded.tree.chapters.find((candidate) => candidate.id === activity.chapterId)!;
  const lock = lockNotice(activity, loaded.course.id);
  const { previous, next } = neighbours(loaded.tree, activity.id);
  let content: Record<string, unknown> | null = null;
  let questions: SelectedActivity["questions"] = [];
  let lastAttempt: SelectedActivity["lastAttempt"] = null;
  let mock: MockExamView | null = null;
  let deck: CourseDeckView | null = null;
  let practiceSet: PracticeSetCard | null = null;
  // Answers and comments explain the activity's content: they show to whoever may open it.
  const discussion = lock === null ? activityDiscussion(activity.id, viewer, { moderator: can(viewer, "moderate_forum", "forum") }) : Promise.resolve(null);
  if (activity.type === "flash_card_deck") deck = await courseDeckView(loaded, activity, viewer, lock === null, now);
  if (activity.type === "practice_question_set") {
    practiceSet = await practiceSetCard(activity.id, viewer, lock === null);
  } else if (!lock && activity.type === "mock_exam") {
    content = await courseActivityContent(loaded, activity.id);
    const sat = await mockExamSitting(loaded, activity, viewer, content);
    mock = sat.view;
    questions = sat.questions;
  } else if (!lock) {
    const [stored, quiz, attempt] = await Promise.all([
      courseActivityContent(loaded, activity.id),
      isAssessment(activity.type) ? quizQuestionsForLearner(activity.id) : Promise.resolve([]),
      isAssessment(activity.type) && viewer.id !== null ? latestAttempt(viewer.id, activity.id) : Promise.resolve(undefined),
    ]);
    content = stored;
    questions = quiz.map((question) => ({ id: question.id, prompt: question.prompt, choices: question.choices as string[] }));
    lastAttempt = attempt ?? null;
  }
  const said = await discussion;
  const askedQuestions = { list: said?.questions ?? [], mayAsk: viewer.id !== null && lock === null };
  return { activity, chapterLabel: chapterHeading(chapter), lock, previous, next, content, questions, lastAttempt, mock, deck, practiceSet, askedQuestions, community: said?.community ?? null };
}

/**
 * A signed-in student with the activity open asks the course's instructor about it. The question
 * remembers where the activity is, for the links that lead back to it.
 */
export async function askAboutActivity(viewer: Viewer, idOrSlug: string, input: { activityId: number; title: string; body: string; now: Date }) {
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) return { kind: "no-course" } as const;
  const activity = loaded.tree.activities.find((candidate) => candidate.id === input.activityId);
  if (!activity) return refused(404, "That activity is not part of this course.");
  if (viewer.id === null) return refused(403, "Sign in to ask a question.");
  if (lockNotice(activity, loaded.course.id)) return refused(403, "Open this activity first: questions are about what you can study.");
  const asked = await askQuestion({
    askerId: viewer.id,
    course: loaded.course,
    activity: { id: activity.id, title: activity.title, href: activity.href },
    subject: "",
    title: input.title,
    body: input.body,
    now: input.now,
  });
  if (!asked.ok) return refused(asked.status === 429 ? 429 : 400, asked.message);
  return { kind: "asked", href: `${inCourseBase(loaded.course.slug)}/${activity.href}#question-${asked.id}` } as const;
}


export interface CourseDeckView {
  /** Null until its first card is added. */
  deckId: number | null;
  /** Whoever manages the course edits the deck. */
  manages: boolean;
  /** A signed-in viewer with the activity open studies it: their card now, counts and retention. */
  study: StudyView | null;
  /** A guest previewing it reads the cards (up to 50). */
  preview: { front: string; back: string }[];
}

/** A flash-card activity's deck as this viewer has it: studied on the flash-card engine when open. */
async function courseDeckView(loaded: CourseForViewer, activity: TreeActivity, viewer: Viewer, open: boolean, now: Date): Promise<CourseDeckView> {
  const manages = managesOnlineCourse(viewer, loaded.course.instructor_id);
  const deck = await deckOfActivity(activity.id);
  if (!deck || !open) return { deckId: deck?.id ?? null, manages, study: null, preview: [] };
  if (viewer.id !== null) return { deckId: deck.id, manages, study: await studyView(deck.id, viewer.id, now), preview: [] };
  return { deckId: deck.id, manages, study: null, preview: (await deckCards(deck.id)).slice(0, 50).map((card) => ({ front: card.front, back: card.back })) };
}

/**
 * The deck of a flash-card activity, for whoever manages the course to edit: made empty the first
 * time it is asked for. Null when the activity is no flash-card activity of a course they manage.
 */
export async function courseDeckToEdit(viewer: Viewer, idOrSlug: string, activityId: number) {
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  const activity = loaded?.tree.activities.find((candidate) => candidate.id === activityId);
  if (!loaded || !activity || activity.type !== "flash_card_deck") return refused(404, "That flash-card activity is not part of this course.");
  if (!can(viewer, "manage_online_course", { instructor_id: loaded.course.instructor_id })) return refused(403, "Only whoever runs this course edits its decks.");
  const chapter = loaded.tree.chapters.find((candidate) => candidate.id === activity.chapterId);
  const deckId = await ensureActivityDeck({ activityId: activity.id, onlineCourseId: loaded.course.id, title: activity.title, subject: chapter?.title ?? null });
  return { kind: "deck", href: `/flash-cards/${deckId}/edit` } as const;
}

/** What counts as progress when an enrolled learner submits this activity's answers. */
const sittingFacts = (sitting: Sitting) => ({ startedAt: sitting.started_at, deadlineAt: sitting.deadline_at, submittedAt: sitting.submitted_at });

/**
 * The learner's sitting of a mock exam. A sitting left open past its deadline (the tab was
 * closed, the laptop slept) is submitted here, with the answers saved in time, the first time
 * anyone looks: the server's clock, not the page's, ends an exam.
 */
async function mockExamSitting(loaded: CourseForViewer, activity: TreeActivity, viewer: Viewer, content: Record<string, unknown> | null, now = new Date()) {
  const settings = mockExamSettings(content);
  const allQuestions = (await quizQuestionsForLearner(activity.id)).map((question) => ({ id: question.id, prompt: question.prompt, choices: question.choices as string[] }));
  const view: MockExamView = { state: "not-started", timeLimitMinutes: settings.timeLimitMinutes, questionCount: allQuestions.length, remainingSeconds: null, saved: {}, review: null };
  if (viewer.id === null) return { view, questions: [] };
  let sitting = await latestSitting(viewer.id, activity.id);
  if (sitting && sittingState(sittingFacts(sitting), now).kind === "time-up") {
    await submitSitting({ userId: viewer.id, activityId: activity.id, enrolment: progressOf(loaded, activity), posted: null, now });
    sitting = await latestSitting(viewer.id, activity.id);
  }
  const state = sittingState(sitting ? sittingFacts(sitting) : null, now);
  if (sitting && state.kind === "in-progress") {
    return { view: { ...view, state: "in-progress" as const, remainingSeconds: state.remainingSeconds, saved: sitting.answers }, questions: allQuestions };
  }
  // The review of the latest submitted sitting (the open one, if any, was just closed above).
  const review = sitting?.submitted_at ? await sittingReview(sitting, settings.scale) : null;
  return { view: { ...view, state: review ? ("submitted" as const) : ("not-started" as const), review }, questions: [] };
}

async function viewDetail(loaded: CourseForViewer, view: InCourseView, { lesson, now }: InCourseQuery, viewer: Viewer): Promise<Detail | NotFound> {
  const { tree } = loaded;
  switch (view.kind) {
    case "tree":
      return { kind: "tree" };
    case "chapter": {
      const chapter = tree.chapters.find((candidate) => candidate.path === view.path);
      if (!chapter) return { kind: "not-found", message: "Chapter not found" };
      const sections = chapter.sections.filter((section) => section.part === view.part);
      const activities = sections.flatMap((section) => section.activities);
      const wanted = Number(lesson);
      const lessons = activities.filter((activity) => activity.type === "video" || activity.type === "reading");
      const chosen = lessons.find((activity) => activity.id === wanted) ?? (lesson !== null ? undefined : lessons[0]);
      if (lesson !== null && !chosen) return { kind: "not-found", message: "Lesson not found in this chapter" };
      return {
        kind: "chapter",
        chapter: { id: chapter.id, path: chapter.path, label: chapter.label, title: chapter.title },
        part: view.part,
        parts: [...new Set(chapter.sections.map((section) => section.part))],
        activities,
        selected: chosen ? await selectActivity(loaded, chosen, viewer, now) : null,
      };
    }
    case "assessment":
    case "mock":
    case "flash-cards": {
      const activity = tree.activities.find((candidate) => candidate.id === view.activityId);
      const fits =
        activity &&
        (view.kind === "assessment" ? isAssessment(activity.type) : view.kind === "mock" ? activity.type === "mock_exam" : activity.type === "flash_card_deck");
      if (!activity || !fits) return { kind: "not-found", message: "Activity not found in this course" };
      return { kind: "activity", selected: await selectActivity(loaded, activity, viewer, now) };
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

// ── Completing an activity, submitting a quiz ─────────────────────────────────────────────

/** Why the learner's post changed nothing, with the status the page answers. */
export type InCourseRefusal = { kind: "refused"; status: 400 | 403 | 404 | 409 | 422 | 429; message: string };

const refused = (status: InCourseRefusal["status"], message: string): InCourseRefusal => ({ kind: "refused", status, message });

interface ActivityPost {
  activityId: number;
  /** Whole seconds as sent; left out, the activity's length. */
  durationSeconds: string | undefined;
}

/** The course, the open activity of it the post names and the time spent, or why not. */
async function postedActivity(viewer: Viewer, idOrSlug: string, post: ActivityPost) {
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) return { kind: "no-course" } as const;
  const activity = loaded.tree.activities.find((candidate) => candidate.id === post.activityId);
  if (!activity) return refused(404, "That activity is not part of this course.");
  const lock = lockNotice(activity, loaded.course.id);
  if (lock) return refused(403, lock.message);
  const duration = parseDuration(post.durationSeconds ?? null, activity.durationSeconds);
  if (duration === null) return refused(400, "The time spent must be a whole number of seconds.");
  const { next } = neighbours(loaded.tree, activity.id);
  return { kind: "open", loaded, activity, duration, next, base: inCourseBase(loaded.course.slug) } as const;
}

/** "Mark complete and continue": where to go next, or null after the course's last activity. */
export async function completeInCourse(viewer: Viewer, idOrSlug: string, post: ActivityPost) {
  const found = await postedActivity(viewer, idOrSlug, post);
  if (found.kind !== "open") return found;
  const { loaded, activity, duration, next, base } = found;
  if (!loaded.enrolment) return refused(403, "Enrol in the course to keep track of your progress.");
  const outcome = await completeActivity({ enrolmentId: loaded.enrolment.id, activity, durationSeconds: duration, nextId: next?.id ?? null });
  if (!outcome.ok) return refused(422, outcome.message);
  return { kind: "completed", base, nextHref: next ? `${base}/${next.href}` : null } as const;
}

/** Scores a quiz's answers (`question_{id}` fields) on the server; recorded as progress when the learner is enrolled. */
export async function submitInCourseQuiz(viewer: Viewer, userId: number, idOrSlug: string, post: ActivityPost & { answers: Readonly<Record<string, unknown>> }) {
  const found = await postedActivity(viewer, idOrSlug, post);
  if (found.kind !== "open") return found;
  const { loaded, activity, duration, next, base } = found;
  if (!isAssessment(activity.type)) return refused(400, "Only quizzes take answers.");
  if (activity.type === "practice_question_set") return refused(400, "Practice questions are answered on the set's own page.");
  const questions = await quizQuestionsForLearner(activity.id);
  // Nothing to answer yet: no attempt of "0 of 0" counts as completing it.
  if (questions.length === 0) return refused(409, "This activity has no questions yet.");
  const parsed = postedAnswers(questions, post.answers);
  if (!parsed.ok) return refused(400, parsed.message);
  const place = { activityId: activity.id, chapterId: activity.chapterId, sectionId: activity.sectionId };
  const { attemptId, score } = await submitQuiz({
    userId,
    activityId: activity.id,
    answers: parsed.answers,
    durationSeconds: duration,
    enrolment: loaded.enrolment ? { id: loaded.enrolment.id, place, nextId: next?.id ?? null } : null,
  });
  return {
    kind: "scored",
    quizResult: {
      activityId: activity.id,
      attemptId,
      score,
      recorded: loaded.enrolment !== null,
      nextHref: next ? `${base}/${next.href}` : null,
    },
  } as const;
}

export type MockExamIntent = "start-mock" | "save-mock" | "submit-mock";

export const MOCK_EXAM_MESSAGES = {
  saved: "Your answers are saved. The clock keeps running.",
  submitted: "Your mock exam is submitted: your score and every answer explained are below.",
  timeUp: "Time was up: your exam was submitted with the answers saved before the deadline.",
  closed: "This sitting is already submitted.",
} as const;

/**
 * Start, save or submit a sitting of a mock exam (signed-in learners with access to it). Each
 * answers the exam's page to go back to, with what to tell the learner.
 */
export async function sitMockExam(
  viewer: Viewer,
  userId: number,
  idOrSlug: string,
  post: ActivityPost & { intent: MockExamIntent; answers: Readonly<Record<string, unknown>> },
  now = new Date(),
) {
  const found = await postedActivity(viewer, idOrSlug, post);
  if (found.kind !== "open") return found;
  const { loaded, activity, base } = found;
  if (activity.type !== "mock_exam") return refused(400, "Only a mock exam is sat against the clock.");
  const back = (message: string | null) => ({ kind: "mock", href: `${base}/${activity.href}`, message }) as const;
  const questions = await quizQuestionsForLearner(activity.id);
  if (questions.length === 0) return refused(409, "This mock exam has no questions yet.");
  if (post.intent === "start-mock") {
    await startSitting(userId, activity.id, mockExamSettings(await activityContent(activity.id)).timeLimitMinutes, now);
    return back(null);
  }
  const parsed = postedAnswers(questions, post.answers);
  if (!parsed.ok) return refused(400, parsed.message);
  if (post.intent === "save-mock" && (await saveSittingAnswers(userId, activity.id, parsed.answers, now))) return back(MOCK_EXAM_MESSAGES.saved);
  // Submitted, or saved too late: either way the sitting closes now, on the server's clock.
  const submitted = await submitSitting({ userId, activityId: activity.id, enrolment: progressOf(loaded, activity), posted: post.intent === "submit-mock" ? parsed.answers : null, now });
  if (!submitted) return back(MOCK_EXAM_MESSAGES.closed);
  return back(submitted.inTime ? MOCK_EXAM_MESSAGES.submitted : MOCK_EXAM_MESSAGES.timeUp);
}

/** The posted `question_{id}` fields, read against the questions' choices (app/assessments/engine.ts parseAnswers). */
function postedAnswers(questions: readonly { id: number; choices: unknown }[], posted: Readonly<Record<string, unknown>>) {
  return parseAnswers(
    questions.map((question) => ({ id: question.id, choices: question.choices as string[] })),
    (name) => {
      const value = posted[name];
      return typeof value === "string" ? value : null;
    },
  );
}
