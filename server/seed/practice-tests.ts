import type { Transaction } from "kysely";
import { isConversionTable } from "../../app/assessments/engine";
import type { Database } from "../../app/db/schema";
import { weekStartOf } from "../../app/practice-tests/progress";
import { carsWeeks, lsatTests, type PracticeSectionSeed } from "./data/practice-tests";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Practice tests on first start: the last four weeks' CARS passages (this week's included), the
 * LSAT practice test with its conversion table, and the demo student's finished attempt at last
 * week's passage, so the weeks' history has a score in it.
 */
export async function seedPracticeTests(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number },
  now: Date
): Promise<{ practice_tests: number; practice_test_sections: number; practice_test_questions: number; practice_test_attempts: number; practice_section_attempts: number }> {
  for (const test of lsatTests) {
    const questionCount = test.sections.reduce((sum, section) => sum + section.questions.length, 0);
    if (!isConversionTable(test.conversion, questionCount, "lsat")) throw new Error(`${test.slug}: its conversion table must give 120–180 for 0–${questionCount} right, never falling`);
  }
  const thisWeek = new Date(`${weekStartOf(now)}T00:00:00Z`).getTime();
  const tests = [
    ...carsWeeks.map((week) => ({
      kind: "cars" as const,
      slug: `cars-${weekStartOf(new Date(thisWeek - week.weeksAgo * 7 * DAY_MS))}`,
      title: week.title,
      description: "",
      discipline: week.discipline,
      week_start: weekStartOf(new Date(thisWeek - week.weeksAgo * 7 * DAY_MS)),
      conversion: null,
      sections: [week.section],
    })),
    ...lsatTests.map((test) => ({
      kind: "lsat" as const,
      slug: test.slug,
      title: test.title,
      description: test.description,
      discipline: null,
      week_start: null,
      conversion: JSON.stringify(test.conversion),
      sections: test.sections,
    })),
  ];
  const testRows = await trx
    .insertInto("practice_tests")
    .values(tests.map(({ sections: _sections, ...test }) => test))
    .returning("id")
    .execute();
  const sectionPlans: { testIndex: number; section: PracticeSectionSeed; position: number }[] = tests.flatMap((test, testIndex) =>
    test.sections.map((section, position) => ({ testIndex, section, position }))
  );
  const sectionRows = await trx
    .insertInto("practice_test_sections")
    .values(
      sectionPlans.map(({ testIndex, section, position }) => ({
        test_id: testRows[testIndex]!.id,
        position,
        title: section.title,
        time_limit_minutes: section.timeLimitMinutes,
        passage: section.passage,
      }))
    )
    .returning("id")
    .execute();
  const questionRows = await trx
    .insertInto("practice_test_questions")
    .values(
      sectionPlans.flatMap(({ section }, index) =>
        section.questions.map((question, position) => ({
          section_id: sectionRows[index]!.id,
          position,
          prompt: question.prompt,
          choices: JSON.stringify(question.choices),
          answer_index: question.answerIndex,
          explanation: question.explanation,
          topic: question.topic,
        }))
      )
    )
    .returning(["id", "section_id", "answer_index"])
    .execute();

  // The demo student took last week's passage: four of its questions right.
  const lastWeek = carsWeeks.findIndex((week) => week.weeksAgo === 1);
  if (lastWeek < 0)
    return { practice_tests: testRows.length, practice_test_sections: sectionRows.length, practice_test_questions: questionRows.length, practice_test_attempts: 0, practice_section_attempts: 0 };
  const sectionId = sectionRows[sectionPlans.findIndex((plan) => plan.testIndex === lastWeek)]!.id;
  const questions = questionRows.filter((row) => row.section_id === sectionId);
  const answers = Object.fromEntries(questions.map((question, index) => [String(question.id), index === 0 ? (question.answer_index + 1) % 4 : question.answer_index]));
  const startedAt = new Date(now.getTime() - 5 * DAY_MS);
  const finishedAt = new Date(startedAt.getTime() + 9 * 60_000);
  const attempt = await trx
    .insertInto("practice_test_attempts")
    .values({
      user_id: ids.user(`student@${DEMO_EMAIL_DOMAIN}`),
      test_id: testRows[lastWeek]!.id,
      started_at: startedAt,
      finished_at: finishedAt,
      correct_count: questions.length - 1,
      question_count: questions.length,
      scaled_score: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("practice_section_attempts")
    .values({
      test_attempt_id: attempt.id,
      section_id: sectionId,
      started_at: startedAt,
      deadline_at: new Date(startedAt.getTime() + 10 * 60_000),
      answers: JSON.stringify(answers),
      submitted_at: finishedAt,
      correct_count: questions.length - 1,
    })
    .execute();
  return { practice_tests: testRows.length, practice_test_sections: sectionRows.length, practice_test_questions: questionRows.length, practice_test_attempts: 1, practice_section_attempts: 1 };
}
