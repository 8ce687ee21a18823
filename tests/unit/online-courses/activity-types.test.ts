import { describe, expect, it } from "vitest";
import type { ActivityType } from "~/db/schema";
import { completionByHand, isAssessment, isPracticeType } from "~/online-courses/activity-types";
import { CHAPTER_PARTS, listedInPracticeMode } from "~/online-courses/curriculum";
import { ACTIVITY_TYPES } from "~/online-courses/editor-forms";

/**
 * Every activity type the schema knows (migrations/0001: activities.activity_type check), with
 * how it is completed and whether practice mode lists it. A new type fails to compile in
 * activity-types.ts until it is decided there, and this table until it is written here.
 */
const TABLE: Record<ActivityType, { byHand: boolean; message?: string; practice: boolean; timed?: true }> = {
  video: { byHand: true, practice: false },
  reading: { byHand: true, practice: false },
  mock_exam: { byHand: false, message: "Submit your answers to complete this mock exam.", practice: false, timed: true },
  flash_card_deck: { byHand: true, practice: true },
  quiz: { byHand: false, message: "Submit your answers to complete this quiz.", practice: true },
  checkpoint_quiz: { byHand: false, message: "Submit your answers to complete this checkpoint quiz.", practice: true },
  practice_question_set: { byHand: false, message: "Submit your answers to complete this practice question set.", practice: true },
};
const TYPES = Object.keys(TABLE) as ActivityType[];

describe("completing an activity by hand (issue 14 item 3)", () => {
  it("covers every activity type the editor offers and the schema allows", () => {
    expect([...TYPES].sort()).toEqual([...ACTIVITY_TYPES].sort());
  });

  it.each(TYPES)("%s", (type) => {
    const expected = TABLE[type];
    const answer = completionByHand(type);
    if (expected.byHand) {
      expect(answer).toEqual({ allowed: true });
    } else {
      expect(answer).toEqual({ allowed: false, reason: "submit-answers", message: expected.message });
    }
    // What takes answers at any pace (an assessment, with questions) is what is not completed by hand and not timed.
    expect(isAssessment(type)).toBe(!expected.byHand && !expected.timed);
    expect(isPracticeType(type)).toBe(expected.practice);
    // Practice mode lists a practice type in every part of a chapter, and anything in its additional practice.
    for (const part of CHAPTER_PARTS) expect(listedInPracticeMode(type, part)).toBe(expected.practice || part === "additional-practice");
  });
});
