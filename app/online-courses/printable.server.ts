import type { Executor } from "~/db/executor";
import type { ActivityType, OnlineCourse } from "~/db/schema";

/**
 * A course as print and the booklet show it (issue 5 item 7): the curriculum with what each
 * activity holds that paper can carry (reading text, flash cards, quiz questions), in four
 * queries whatever the course's size.
 */


export interface PrintableQuestion {
  prompt: string;
  choices: string[];
  /** Null in the students' edition, which never carries answers. */
  answerIndex: number | null;
}
export interface PrintableActivity {
  id: number;
  title: string;
  type: ActivityType;
  /** Reading text, when the activity is a reading. */
  body: string | null;
  cards: { front: string; back: string }[];
  questions: PrintableQuestion[];
}
export interface PrintableSection {
  id: number;
  title: string;
  type: "core" | "additional";
  activities: PrintableActivity[];
}
export interface PrintableChapter {
  id: number;
  title: string;
  kind: "intro" | "chapter" | "mock_exam";
  sections: PrintableSection[];
}
export interface PrintableCourse {
  course: Pick<OnlineCourse, "id" | "name" | "course_code" | "description">;
  instructorName: string | null;
  chapters: PrintableChapter[];
}

export async function loadPrintableCourse(executor: Executor, courseId: number): Promise<PrintableCourse | null> {
  const course = await executor
    .selectFrom("online_courses")
    .leftJoin("users", "users.id", "online_courses.instructor_id")
    .select([
      "online_courses.id",
      "online_courses.name",
      "online_courses.course_code",
      "online_courses.description",
      "users.first_name",
      "users.last_name",
      "users.display_name",
    ])
    .where("online_courses.id", "=", courseId)
    .executeTakeFirst();
  if (!course) return null;
  const [chapters, sections, activities, questions, cards] = await Promise.all([
    executor.selectFrom("chapters").select(["id", "title", "kind"]).where("online_course_id", "=", courseId).orderBy("position").execute(),
    executor
      .selectFrom("sections")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .select(["sections.id", "sections.chapter_id", "sections.title", "sections.section_type"])
      .where("chapters.online_course_id", "=", courseId)
      .orderBy("sections.position")
      .execute(),
    executor
      .selectFrom("activities")
      .innerJoin("sections", "sections.id", "activities.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .select(["activities.id", "activities.section_id", "activities.title", "activities.activity_type", "activities.content"])
      .where("chapters.online_course_id", "=", courseId)
      .orderBy("activities.position")
      .execute(),
    executor
      .selectFrom("quiz_questions")
      .innerJoin("activities", "activities.id", "quiz_questions.activity_id")
      .innerJoin("sections", "sections.id", "activities.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .select(["quiz_questions.activity_id", "quiz_questions.prompt", "quiz_questions.choices", "quiz_questions.answer_index"])
      .where("chapters.online_course_id", "=", courseId)
      .orderBy("quiz_questions.position")
      .execute(),
    executor
      .selectFrom("flash_cards")
      .innerJoin("flash_card_decks", "flash_card_decks.id", "flash_cards.deck_id")
      .select(["flash_card_decks.activity_id", "flash_cards.front", "flash_cards.back"])
      .where("flash_card_decks.online_course_id", "=", courseId)
      .where("flash_card_decks.activity_id", "is not", null)
      .orderBy("flash_cards.position")
      .orderBy("flash_cards.id")
      .execute(),
  ]);
  const questionsByActivity = group(questions, (question) => question.activity_id);
  const cardsByActivity = group(cards, (card) => card.activity_id!);
  const activitiesBySection = group(activities, (activity) => activity.section_id);
  const sectionsByChapter = group(sections, (section) => section.chapter_id);
  return {
    course: { id: course.id, name: course.name, course_code: course.course_code, description: course.description },
    instructorName: course.display_name || [course.first_name, course.last_name].filter(Boolean).join(" ") || null,
    chapters: chapters.map((chapter) => ({
      id: chapter.id,
      title: chapter.title,
      kind: chapter.kind,
      sections: (sectionsByChapter.get(chapter.id) ?? []).map((section) => ({
        id: section.id,
        title: section.title,
        type: section.section_type,
        activities: (activitiesBySection.get(section.id) ?? []).map((activity) => {
          const content = activity.content ?? {};
          return {
            id: activity.id,
            title: activity.title,
            type: activity.activity_type,
            body: typeof content.body === "string" ? content.body : null,
            cards: (cardsByActivity.get(activity.id) ?? []).map((card) => ({ front: card.front, back: card.back })),
            questions: (questionsByActivity.get(activity.id) ?? []).map((question) => ({
              prompt: question.prompt,
              choices: question.choices,
              answerIndex: question.answer_index,
            })),
          };
        }),
      })),
    })),
  };
}

function group<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}
