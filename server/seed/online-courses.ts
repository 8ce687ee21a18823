import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import type { QuizQuestion } from "./data/online-courses";
import { enrolments } from "./data/enrolments";

/** An inserted activity with where it sits, in curriculum order. */
export interface SeededActivity {
  id: number;
  onlineCourseId: number;
  chapterId: number;
  sectionId: number;
  durationSeconds: number;
  questions: readonly QuizQuestion[];
}

/**
 * Quiz questions (kept in their own table so answers never travel with an activity) and the demo
 * enrolments with their progress, in a fixed number of inserts.
 */
export async function seedOnlineCourseLearning(
  trx: Transaction<Database>,
  activities: readonly SeededActivity[],
  ids: { onlineCourse: (slug: string) => number; user: (email: string) => number },
  now: Date,
) {
  const questionValues = activities.flatMap((activity) =>
    activity.questions.map((question, position) => ({
      activity_id: activity.id,
      position,
      prompt: question.prompt,
      choices: JSON.stringify(question.choices),
      answer_index: question.answer_index,
      explanation: question.explanation ?? "",
      topic: question.topic ?? "",
    })),
  );
  if (questionValues.length > 0) await trx.insertInto("quiz_questions").values(questionValues).execute();

  const enrolmentRows = await trx
    .insertInto("online_course_users")
    .values(
      enrolments.map((enrolment) => {
        const courseActivities = activities.filter((activity) => activity.onlineCourseId === ids.onlineCourse(enrolment.onlineCourseSlug));
        return {
          user_id: ids.user(enrolment.email),
          online_course_id: ids.onlineCourse(enrolment.onlineCourseSlug),
          status: enrolment.status,
          package_type: enrolment.packageType,
          view_time_seconds: enrolment.viewTimeMinutes * 60,
          current_activity_id: courseActivities[enrolment.completedActivities]?.id ?? null,
          elite_payment_status: null,
          course_schedule_id: null,
          expires_at: null,
          extended_access_date: null,
        };
      }),
    )
    .returning(["id", "online_course_id"])
    .execute();

  const completionValues = enrolments.flatMap((enrolment, index) => {
    const row = enrolmentRows[index]!;
    return activities
      .filter((activity) => activity.onlineCourseId === row.online_course_id)
      .slice(0, enrolment.completedActivities)
      .map((activity, n) => ({
        online_course_user_id: row.id,
        activity_id: activity.id,
        chapter_id: activity.chapterId,
        section_id: activity.sectionId,
        duration_seconds: activity.durationSeconds,
        completed_at: new Date(now.getTime() - (enrolment.completedActivities - n) * 24 * 60 * 60 * 1000),
      }));
  });
  if (completionValues.length > 0) await trx.insertInto("activity_completions").values(completionValues).execute();

  return { quiz_questions: questionValues.length, online_course_users: enrolmentRows.length, activity_completions: completionValues.length };
}
