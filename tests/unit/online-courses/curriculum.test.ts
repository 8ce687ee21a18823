import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AccessLevel, guestViewer } from "~/accounts/roles";
import type { AccessInput } from "~/online-courses/access";
import {
  activityPath,
  buildCurriculum,
  chapterHeading,
  CURRICULUM_SEARCH_LIMIT,
  neighbours,
  parseInCoursePath,
  progressPercent,
  resumeActivity,
  searchActivities,
  sectionPart,
  type CurriculumRow,
  type TreeActivity,
} from "~/online-courses/curriculum";
import { courseFacts, student } from "./fixtures";

const now = new Date("2026-06-01T12:00:00Z");
const course = courseFacts();
const access = (overrides: Partial<AccessInput> = {}): AccessInput => ({
  viewer: student,
  course,
  enrolment: null,
  subscription: null,
  accessLevel: AccessLevel.LIMITED_VIEW,
  now,
  ...overrides,
});

let nextId = 1;
function row(
  chapter: [id: number, kind: CurriculumRow["chapter_kind"], position: number],
  section: [id: number, type: "core" | "additional", position: number] | null,
  activity: [id: number, type: NonNullable<CurriculumRow["activity_type"]>, position: number, canPreview?: boolean] | null,
): CurriculumRow {
  nextId += 1;
  return {
    chapter_id: chapter[0],
    chapter_kind: chapter[1],
    chapter_position: chapter[2],
    chapter_title: chapter[1] === "intro" ? "Introduction" : `Chapter title ${chapter[0]}`,
    section_id: section?.[0] ?? null,
    section_type: section?.[1] ?? null,
    section_position: section?.[2] ?? null,
    section_title: section ? `Section ${section[0]}` : null,
    activity_id: activity?.[0] ?? null,
    activity_type: activity?.[1] ?? null,
    activity_position: activity?.[2] ?? null,
    activity_title: activity ? `Activity ${activity[0]}` : null,
    can_preview: activity ? (activity[3] ?? false) : null,
    duration_seconds: activity ? 300 : null,
  };
}

// Intro (1 section), chapter 1 (lessons, checkpoint, practice), an empty chapter 2, a mock exam.
const rows: CurriculumRow[] = [
  row([1, "intro", 0], [10, "core", 0], [100, "video", 0]),
  row([1, "intro", 0], [10, "core", 0], [101, "quiz", 1]),
  // Stored out of order on purpose: the practice section comes first by position.
  row([2, "chapter", 1], [22, "additional", 0], [220, "practice_question_set", 0]),
  row([2, "chapter", 1], [20, "core", 1], [201, "reading", 1]),
  row([2, "chapter", 1], [20, "core", 1], [200, "video", 0, true]),
  row([2, "chapter", 1], [21, "core", 2], [210, "checkpoint_quiz", 0]),
  row([2, "chapter", 1], [21, "core", 2], [211, "flash_card_deck", 1]),
  row([3, "chapter", 2], null, null),
  row([4, "mock_exam", 3], [40, "core", 0], [400, "mock_exam", 0]),
];

describe("the curriculum tree (SPEC §2 curriculum paths)", () => {
  const tree = buildCurriculum(rows, { completed: new Set([100, 101]), access: access() });

  it("names chapters intro, chapter/{n} and mock-exam/{n}, counting each kind on its own", () => {
    expect(tree.chapters.map((chapter) => [chapter.path, chapter.label])).toEqual([
      ["intro", "Introduction"],
      ["chapter/1", "Chapter 1"],
      ["chapter/2", "Chapter 2"],
      ["mock-exam/1", "Mock exam 1"],
    ]);
    expect(chapterHeading(tree.chapters[0]!)).toBe("Introduction");
    expect(chapterHeading(tree.chapters[1]!)).toBe("Chapter 1: Chapter title 2");
  });

  it("orders a chapter as lessons, checkpoint quiz, additional practice, and keeps empty chapters", () => {
    const chapter = tree.chapters[1]!;
    expect(chapter.sections.map((section) => section.part)).toEqual(["core", "checkpoint-quiz", "additional-practice"]);
    expect(tree.activities.map((activity) => activity.id)).toEqual([100, 101, 200, 201, 210, 211, 220, 400]);
    expect(tree.chapters[2]!.sections).toEqual([]);
  });

  it("opens each activity at its own path", () => {
    const hrefs = Object.fromEntries(tree.activities.map((activity) => [activity.id, activity.href]));
    expect(hrefs).toEqual({
      100: "intro?activity=100",
      101: "assessments/101",
      200: "chapter/1?activity=200",
      201: "chapter/1?activity=201",
      210: "assessments/210",
      211: "flash-cards/211",
      220: "assessments/220",
      400: "mocks/400",
    });
    expect(activityPath({ id: 5, type: "video" }, "chapter/3", "additional-practice")).toBe("chapter/3/additional-practice?activity=5");
    expect(activityPath({ id: 5, type: "reading" }, "mock-exam/1", "checkpoint-quiz")).toBe("mock-exam/1/checkpoint-quiz?activity=5");
  });

  it("asks the access module for every item: intro and can_preview open, the rest locked with a reason", () => {
    const decisions = Object.fromEntries(tree.activities.map((activity) => [activity.id, activity.access]));
    expect(decisions[100]).toEqual({ allowed: true, via: "preview" });
    expect(decisions[200]).toEqual({ allowed: true, via: "preview" });
    expect(decisions[201]).toEqual({ allowed: false, reason: "needs-learn" });
    expect(decisions[220]).toEqual({ allowed: false, reason: "needs-practice" });
    const guest = buildCurriculum(rows, { completed: new Set(), access: access({ viewer: guestViewer }) });
    expect(guest.activities.find((activity) => activity.id === 201)!.access).toEqual({ allowed: false, reason: "sign-in" });
  });

  it("opens core lessons but not practice for a Learn enrolment", () => {
    const learn = buildCurriculum(rows, {
      completed: new Set(),
      access: access({ enrolment: { status: "active", packageType: "learn", elitePaymentStatus: null, expiresAt: null, extendedAccessDate: null } }),
    });
    const byId = new Map(learn.activities.map((activity) => [activity.id, activity.access.allowed]));
    expect(byId.get(201)).toBe(true);
    expect(byId.get(400)).toBe(true);
    expect(byId.get(220)).toBe(false);
  });

  it("counts progress from completed activities", () => {
    expect(tree.completedCount).toBe(2);
    expect(tree.percent).toBe(25);
  });

  it("walks previous and next in curriculum order", () => {
    expect(neighbours(tree, 100)).toMatchObject({ previous: null, next: { id: 101 } });
    expect(neighbours(tree, 211)).toMatchObject({ previous: { id: 210 }, next: { id: 220 } });
    expect(neighbours(tree, 400)).toMatchObject({ previous: { id: 220 }, next: null });
    expect(neighbours(tree, 9999)).toEqual({ previous: null, next: null });
  });

  it("resumes at the current activity, else the first not completed, else the first", () => {
    expect(resumeActivity(tree, 210)?.id).toBe(210);
    expect(resumeActivity(tree, null)?.id).toBe(200);
    expect(resumeActivity(tree, 9999)?.id).toBe(200);
    const done = buildCurriculum(rows, { completed: new Set([100, 101, 200, 201, 210, 211, 220, 400]), access: access() });
    expect(resumeActivity(done, null)?.id).toBe(100);
    expect(done.percent).toBe(100);
    expect(resumeActivity(buildCurriculum([], { completed: new Set(), access: access() }), null)).toBeNull();
  });

  it("gives the same tree whatever order the rows arrive in", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length }), (shuffled) => {
        const again = buildCurriculum(shuffled, { completed: new Set([100, 101]), access: access() });
        expect(again.activities.map((activity) => activity.id)).toEqual(tree.activities.map((activity) => activity.id));
        expect(again.chapters.map((chapter) => chapter.path)).toEqual(tree.chapters.map((chapter) => chapter.path));
      }),
    );
  });
});

describe("section parts", () => {
  it.each([
    ["additional", ["video"], "additional-practice"],
    ["additional", ["checkpoint_quiz"], "additional-practice"],
    ["core", ["checkpoint_quiz", "flash_card_deck"], "checkpoint-quiz"],
    ["core", ["video", "reading"], "core"],
    ["core", [], "core"],
  ] as const)("%s section with %j is %s", (type, activityTypes, part) => {
    expect(sectionPart({ type, activityTypes })).toBe(part);
  });
});

describe("progress percent", () => {
  it.each([
    [0, 0, 0],
    [0, 10, 0],
    [1, 3, 33],
    [299, 300, 99],
    [300, 300, 100],
    [5, 3, 100],
  ])("%i of %i is %i%%", (completed, total, percent) => {
    expect(progressPercent(completed, total)).toBe(percent);
  });
});

describe("in-course paths", () => {
  it.each([
    ["", { kind: "tree" }],
    ["intro", { kind: "chapter", path: "intro", part: "core" }],
    ["intro/checkpoint-quiz", { kind: "chapter", path: "intro", part: "checkpoint-quiz" }],
    ["chapter/3", { kind: "chapter", path: "chapter/3", part: "core" }],
    ["chapter/3/", { kind: "chapter", path: "chapter/3", part: "core" }],
    ["chapter/12/checkpoint-quiz", { kind: "chapter", path: "chapter/12", part: "checkpoint-quiz" }],
    ["chapter/2/additional-practice", { kind: "chapter", path: "chapter/2", part: "additional-practice" }],
    ["mock-exam/1", { kind: "chapter", path: "mock-exam/1", part: "core" }],
    ["assessments/55", { kind: "assessment", activityId: 55 }],
    ["mocks/9", { kind: "mock", activityId: 9 }],
    ["flash-cards/4", { kind: "flash-cards", activityId: 4 }],
    ["on-demand", { kind: "on-demand" }],
    ["grade-boosters", { kind: "grade-boosters" }],
  ])("%j", (path, view) => {
    expect(parseInCoursePath(path)).toEqual(view);
  });

  it.each([
    "chapter",
    "chapter/0",
    "chapter/-1",
    "chapter/01",
    "chapter/x",
    "chapter/1/quiz",
    "chapter/1/core/extra",
    "assessments",
    "assessments/abc",
    "assessments/1/2",
    "mocks/1e3",
    "on-demand/1",
    "intro/additional-practice/1",
    "nothing",
  ])("%j names nothing", (path) => {
    expect(parseInCoursePath(path)).toBeNull();
  });
});

describe("searchActivities", () => {
  const titles = ["Limits: an intuition", "The Squeeze Theorem", "Squeeze practice", "100% of derivatives", "Quiz_1"];
  const tree = { activities: titles.map((title, index) => ({ id: index + 1, title }) as TreeActivity) };
  it.each<[string, string[]]>([
    ["squeeze", ["The Squeeze Theorem", "Squeeze practice"]],
    ["  SQUEEZE ", ["The Squeeze Theorem", "Squeeze practice"]],
    ["%", ["100% of derivatives"]],
    ["_", ["Quiz_1"]],
    ["theorem squeeze", []],
    ["", []],
    ["   ", []],
  ])("%j → %j, in curriculum order", (query, expected) => {
    expect(searchActivities(tree, query).map((activity) => activity.title)).toEqual(expected);
  });

  it("lists at most the search limit", () => {
    const many = { activities: Array.from({ length: CURRICULUM_SEARCH_LIMIT + 5 }, (_, index) => ({ id: index, title: `Lesson ${index}` }) as TreeActivity) };
    expect(searchActivities(many, "lesson")).toHaveLength(CURRICULUM_SEARCH_LIMIT);
  });
});
