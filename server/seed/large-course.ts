import type { Kysely } from "kysely";
import type { ActivityType, Database } from "../../app/db/schema";

interface PlannedActivity {
  section_id: number;
  content: string;
  activity_type: ActivityType;
  position: number;
  title: string;
  can_preview?: boolean;
  duration_seconds: number;
}

/**
 * A long online course (an intro and `chapters` chapters of lessons, a checkpoint quiz and
 * additional practice each), inserted in a fixed number of statements, with the given student
 * enrolled on the Learn package part-way through. Used to measure and test that the in-course
 * page's cost does not grow with the course.
 */
export async function insertLargeCourse(
  db: Kysely<Database>,
  options: { slug: string; chapters: number; studentEmail: string; instructorEmail?: string },
): Promise<{ onlineCourseId: number; activityCount: number }> {
  return db.transaction().execute(async (trx) => {
    const instructor = options.instructorEmail
      ? await trx.selectFrom("users").select("id").where("email", "=", options.instructorEmail).executeTakeFirst()
      : undefined;
    const course = await trx
      .insertInto("online_courses")
      .values({
        name: `Complete Review in ${options.chapters} Chapters`,
        slug: options.slug,
        course_code: "REVIEW",
        description: "Every topic of the course, one chapter each, with checkpoints and practice.",
        course_type: "exam_prep",
        status: "published",
        purchase_type: "standard",
        price_cents: 5900,
        regular_price_cents: 7900,
        currency: "USD",
        packages_config: JSON.stringify({
          pro: { enabled: true, price_cents: 5900, regular_price_cents: 7900 },
          practice: { enabled: true, price_cents: 1900, regular_price_cents: null },
        }),
        read_access: "public",
        instructor_id: instructor?.id ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const chapters = await trx
      .insertInto("chapters")
      .values(
        Array.from({ length: options.chapters + 1 }, (_, position) => ({
          online_course_id: course.id,
          kind: position === 0 ? ("intro" as const) : ("chapter" as const),
          position,
          title: position === 0 ? "Introduction" : `Topic ${position}`,
        })),
      )
      .returning(["id", "position"])
      .execute();
    const sectionPlan = chapters.flatMap((chapter) =>
      chapter.position === 0
        ? [{ chapter_id: chapter.id, section_type: "core" as const, position: 0, title: "Start here" }]
        : [
            { chapter_id: chapter.id, section_type: "core" as const, position: 0, title: "Core lessons" },
            { chapter_id: chapter.id, section_type: "core" as const, position: 1, title: "Checkpoint" },
            { chapter_id: chapter.id, section_type: "additional" as const, position: 2, title: "Additional practice" },
          ],
    );
    const sections = await trx.insertInto("sections").values(sectionPlan).returning(["id", "title", "chapter_id"]).execute();
    const activityValues = sections.flatMap((section): PlannedActivity[] => {
      const base = { section_id: section.id, content: JSON.stringify({ body: "Read the worked example, then try the exercise before the solution." }) };
      switch (section.title) {
        case "Start here":
          return [{ ...base, activity_type: "video" as const, position: 0, title: "Welcome", can_preview: true, duration_seconds: 240 }];
        case "Core lessons":
          return [0, 1, 2].map((position) => ({
            ...base,
            activity_type: position % 2 === 0 ? ("video" as const) : ("reading" as const),
            position,
            title: `Lesson ${section.chapter_id}.${position + 1}`,
            duration_seconds: 600,
          }));
        case "Checkpoint":
          return [{ ...base, activity_type: "checkpoint_quiz" as const, position: 0, title: `Checkpoint ${section.chapter_id}`, duration_seconds: 300 }];
        default:
          return [{ ...base, activity_type: "practice_question_set" as const, position: 0, title: `Practice set ${section.chapter_id}`, duration_seconds: 1200 }];
      }
    });
    const activities = await trx.insertInto("activities").values(activityValues).returning(["id", "activity_type"]).execute();
    const quizzes = activities.filter((activity) => activity.activity_type === "checkpoint_quiz");
    await trx
      .insertInto("quiz_questions")
      .values(
        quizzes.flatMap((quiz) =>
          [0, 1, 2].map((position) => ({
            activity_id: quiz.id,
            position,
            prompt: `Question ${position + 1}`,
            choices: JSON.stringify(["First", "Second", "Third"]),
            answer_index: position,
          })),
        ),
      )
      .execute();
    const student = await trx.selectFrom("users").select("id").where("email", "=", options.studentEmail).executeTakeFirstOrThrow();
    const enrolment = await trx
      .insertInto("online_course_users")
      .values({
        user_id: student.id,
        online_course_id: course.id,
        status: "active",
        package_type: "learn",
        current_activity_id: activities[10]?.id ?? null,
        elite_payment_status: null,
        course_schedule_id: null,
        expires_at: null,
        extended_access_date: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const sectionById = new Map(sections.map((section) => [section.id, section]));
    const done = activityValues.slice(0, 10).map((value, index) => ({
      online_course_user_id: enrolment.id,
      activity_id: activities[index]!.id,
      section_id: value.section_id,
      chapter_id: sectionById.get(value.section_id)!.chapter_id,
      duration_seconds: value.duration_seconds,
    }));
    await trx.insertInto("activity_completions").values(done).execute();
    return { onlineCourseId: course.id, activityCount: activities.length };
  });
}
