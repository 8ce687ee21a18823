import { sql, type Kysely } from "kysely";
import { hasRole, type Viewer } from "~/accounts/roles";
import { likePattern } from "~/db/like-pattern";
import type { ActivityType, Database } from "~/db/schema";
import type { QuestionFilters } from "~/online-courses/editor-forms";

/**
 * The question bank (/online-course-activities/questions): quiz questions across courses,
 * filtered by course, activity type and text. Admins and content creators see every course;
 * instructors see the courses they teach.
 */

export const QUESTIONS_PER_PAGE = 20;

export function seesEveryCourse(viewer: Viewer) {
  return hasRole(viewer, "admin", "content_creator");
}

export interface QuestionRow {
  id: number;
  prompt: string;
  choices: string[];
  answer_index: number;
  activity_title: string;
  activity_type: ActivityType;
  course_id: number;
  course_name: string;
}

export async function searchQuestions(db: Kysely<Database>, viewer: Viewer, filters: QuestionFilters) {
  const everyCourse = seesEveryCourse(viewer);
  let query = db
    .selectFrom("quiz_questions")
    .innerJoin("activities", "activities.id", "quiz_questions.activity_id")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .innerJoin("online_courses", "online_courses.id", "chapters.online_course_id");
  if (!everyCourse) query = query.where("online_courses.instructor_id", "=", viewer.id ?? -1);
  if (filters.course) query = query.where("online_courses.id", "=", filters.course);
  if (filters.type) query = query.where("activities.activity_type", "=", filters.type);
  if (filters.query) {
    const pattern = likePattern(filters.query);
    query = query.where((eb) => eb.or([eb("quiz_questions.prompt", "ilike", pattern), eb("activities.title", "ilike", pattern)]));
  }
  const [total, rows, courses] = await Promise.all([
    query.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
    query
      .select([
        "quiz_questions.id",
        "quiz_questions.prompt",
        "quiz_questions.choices",
        "quiz_questions.answer_index",
        "activities.title as activity_title",
        "activities.activity_type",
        "online_courses.id as course_id",
        "online_courses.name as course_name",
      ])
      .orderBy("online_courses.name")
      .orderBy("chapters.position")
      .orderBy("sections.position")
      .orderBy("activities.position")
      .orderBy("quiz_questions.position")
      .limit(QUESTIONS_PER_PAGE)
      .offset((filters.page - 1) * QUESTIONS_PER_PAGE)
      .execute(),
    db
      .selectFrom("online_courses")
      .select(["id", "name"])
      .$if(!everyCourse, (q) => q.where("instructor_id", "=", viewer.id ?? -1))
      .orderBy("name")
      .execute(),
  ]);
  return {
    total: total.count,
    pages: Math.max(1, Math.ceil(total.count / QUESTIONS_PER_PAGE)),
    questions: rows as QuestionRow[],
    courses,
  };
}
