import { describe, expect, it } from "vitest";
import { guestViewer, type Viewer } from "~/accounts/roles";
import { courseAccessLevel, type CourseFacts, type EnrolmentFacts, type SubscriptionFacts } from "~/online-courses/access";
import type { PrintableCourse } from "~/online-courses/printable.server";
import {
  BOOKLET_SLOW_AFTER_MS,
  generateBookletSchema,
  mayHaveStudentBooklet,
  needsGenerating,
  sessionBooklets,
  studentBookletState,
  studentEdition,
  type BookletFacts,
} from "~/online-courses/student-booklets";
import { courseFacts, student } from "./fixtures";

const now = new Date("2026-06-01T12:00:00Z");
const past = new Date("2026-05-01T00:00:00Z");
const qa: Viewer = { id: 32, roles: ["content_qa_specialist"], userType: "staff" };
const instructorOfCourse: Viewer = { id: 20, roles: ["instructor"], userType: "educator" };

const enrolment = (overrides: Partial<EnrolmentFacts> = {}): EnrolmentFacts => ({
  status: "active",
  packageType: "learn",
  elitePaymentStatus: null,
  expiresAt: null,
  extendedAccessDate: null,
  ...overrides,
});

const input = (viewer: Viewer, course: CourseFacts, held: EnrolmentFacts | null, subscription: SubscriptionFacts | null = null) => ({
  viewer,
  course,
  enrolment: held,
  subscription,
  accessLevel: courseAccessLevel(viewer, course, held),
  now,
});

describe("who gets an online course's students' booklet", () => {
  it.each<[string, Viewer, CourseFacts, EnrolmentFacts | null, SubscriptionFacts | null, boolean]>([
    ["a student with the Learn package", student, courseFacts(), enrolment(), null, true],
    ["a student with the bundle", student, courseFacts(), enrolment({ packageType: "learn_practice_bundle" }), null, true],
    ["a student with only Practice", student, courseFacts(), enrolment({ packageType: "practice" }), null, false],
    ["a student whose access has ended", student, courseFacts(), enrolment({ expiresAt: past }), null, false],
    ["a refunded student", student, courseFacts(), enrolment({ status: "refunded" }), null, false],
    ["a student pending payment", student, courseFacts(), enrolment({ status: "pending_payment" }), null, true],
    ["a student without the course", student, courseFacts(), null, null, false],
    ["a guest", guestViewer, courseFacts(), null, null, false],
    ["a subscriber of a subscription course", student, courseFacts({ purchaseType: "subscription" }), null, { status: "active" }, true],
    ["a lapsed subscriber", student, courseFacts({ purchaseType: "subscription" }), null, { status: "canceled" }, false],
    ["an enrolled student of a closed course", student, courseFacts({ status: "closed" }), enrolment(), null, false],
    ["content QA (sees every course)", qa, courseFacts(), null, null, true],
    ["the course's instructor", instructorOfCourse, courseFacts(), null, null, true],
  ])("%s: %s", (_name, viewer, course, held, subscription, expected) => {
    expect(mayHaveStudentBooklet(input(viewer, course, held, subscription))).toBe(expected);
  });
});

describe("the state of a students' booklet", () => {
  const booklet = (id: number, status: BookletFacts["status"], contentVersion: number | null, agoMs = 1000): BookletFacts => ({
    id,
    status,
    contentVersion,
    createdAt: new Date(now.getTime() - agoMs),
  });
  it.each<[string, BookletFacts | null, BookletFacts | null, ReturnType<typeof studentBookletState>]>([
    ["none made", null, null, { kind: "missing" }],
    ["being made", booklet(3, "generating", 5), null, { kind: "generating", bookletId: 3, slow: false }],
    ["being made for 89 s", booklet(3, "generating", 5, BOOKLET_SLOW_AFTER_MS - 1000), null, { kind: "generating", bookletId: 3, slow: false }],
    ["being made for 90 s: late", booklet(3, "generating", 5, BOOKLET_SLOW_AFTER_MS), null, { kind: "generating", bookletId: 3, slow: true }],
    ["ready, of the current content", booklet(2, "ready", 5), booklet(2, "ready", 5), { kind: "ready", bookletId: 2 }],
    ["ready, of older content", booklet(2, "ready", 4), booklet(2, "ready", 4), { kind: "outdated" }],
    ["made again after a change: the new one is made", booklet(3, "generating", 5), booklet(2, "ready", 4), { kind: "generating", bookletId: 3, slow: false }],
    ["the last try failed", booklet(3, "failed", 5), null, { kind: "failed" }],
    ["a try failed after a current one was made: the current one stands", booklet(3, "failed", 5), booklet(2, "ready", 5), { kind: "ready", bookletId: 2 }],
  ])("%s", (_name, latest, latestReady, expected) => {
    expect(studentBookletState(latest, latestReady, 5, now)).toEqual(expected);
  });

  it.each([
    [{ kind: "missing" } as const, true],
    [{ kind: "outdated" } as const, true],
    [{ kind: "failed" } as const, true],
    [{ kind: "generating", bookletId: 1, slow: true } as const, false],
    [{ kind: "ready", bookletId: 1 } as const, false],
  ])("asking when %o makes a booklet: %s", (state, expected) => {
    expect(needsGenerating(state)).toBe(expected);
  });
});

describe("live sessions' booklets", () => {
  const attachments = [
    { id: 1, kind: "solution" as const, position: 0 },
    { id: 2, kind: "booklet" as const, position: 1 },
    { id: 3, kind: "booklet" as const, position: 0 },
    { id: 4, kind: "preview" as const, position: 0 },
  ];
  const open = { booklet_excluded: false, solutions_excluded: false, recording_excluded: false };
  it.each([
    ["with access, in order", open, true, [3, 2]],
    ["without access", open, false, []],
    ["booklets excluded by the session", { ...open, booklet_excluded: true }, true, []],
  ])("%s", (_name, session, withAccess, ids) => {
    expect(sessionBooklets(attachments, session, withAccess).map((attachment) => attachment.id)).toEqual(ids);
  });
});

describe("the students' edition", () => {
  it("keeps the lessons' questions with their prompts and choices, drops every answer, and leaves the Practice package's additional practice online", () => {
    const printable: PrintableCourse = {
      course: { id: 1, name: "Calculus", course_code: "MATH 137", description: "" },
      instructorName: null,
      chapters: [
        {
          id: 1,
          title: "Limits",
          kind: "chapter",
          sections: [
            {
              id: 1,
              title: "Lessons",
              type: "core",
              activities: [{ id: 1, title: "Quiz", type: "checkpoint_quiz", body: null, cards: [], questions: [{ prompt: "1 + 1?", choices: ["1", "2"], answerIndex: 1 }] }],
            },
            {
              id: 2,
              title: "Additional practice",
              type: "additional",
              activities: [{ id: 2, title: "Practice set", type: "quiz", body: null, cards: [], questions: [{ prompt: "2 + 2?", choices: ["3", "4"], answerIndex: 1 }] }],
            },
          ],
        },
      ],
    };
    const edition = studentEdition(printable);
    expect(edition.chapters[0]!.sections.map((section) => section.title)).toEqual(["Lessons"]);
    expect(edition.chapters[0]!.sections[0]!.activities[0]!.questions).toEqual([{ prompt: "1 + 1?", choices: ["1", "2"], answerIndex: null }]);
    expect(printable.chapters[0]!.sections[0]!.activities[0]!.questions[0]!.answerIndex).toBe(1);
  });
});

describe("the Generate booklet form", () => {
  it.each([
    [{ online_course_id: "12" }, true],
    [{ online_course_id: "0" }, false],
    [{ online_course_id: "abc" }, false],
    [{ online_course_id: "99999999999" }, false],
    [{}, false],
  ])("%o is accepted: %s", (fields, ok) => {
    expect(generateBookletSchema.safeParse(fields).success).toBe(ok);
  });
});
