import type { Transaction } from "kysely";
import type { Database, QuestionStatus } from "../../app/db/schema";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const HOUR_MS = 60 * 60 * 1000;

interface QuestionSeed {
  asker: string;
  /** The online course's slug and the activity's title; none for a study-buddy question. */
  about: { course: string; activity: string } | { subject: string };
  hoursAgo: number;
  title: string;
  body: string;
  status: QuestionStatus;
  isPublic?: boolean;
  replies: { author: string; staff: boolean; hoursAgo: number; body: string }[];
}

const QUESTIONS: QuestionSeed[] = [
  {
    asker: "class_rep",
    about: { course: "waterloo-math-137-exam-prep", activity: "The Squeeze Theorem" },
    hoursAgo: 70,
    title: "Why do both bounds need the same limit?",
    body: "In the lesson the two bounding functions both go to 0. What goes wrong if the lower bound goes to 0 and the upper bound goes to 1?",
    status: "answered",
    isPublic: true,
    replies: [
      {
        author: "instructor",
        staff: true,
        hoursAgo: 66,
        body: "Then the function is only trapped *between* 0 and 1, and it can wander anywhere in that band, so it need not have a limit at all. The theorem pins the limit down only when the bounds squeeze to the **same** value $L$: $g(x) \\le f(x) \\le h(x)$ with $g, h \\to L$ forces $f \\to L$.",
      },
    ],
  },
  {
    asker: "student",
    about: { course: "waterloo-math-137-exam-prep", activity: "Evaluating limits algebraically" },
    hoursAgo: 5,
    title: "When am I allowed to cancel a common factor?",
    body: "For $\\frac{x^2-1}{x-1}$ we cancel $x-1$, but $x = 1$ makes it zero. Why is cancelling allowed inside a limit?",
    status: "open",
    replies: [],
  },
  {
    asker: "student",
    about: { subject: "Study planning" },
    hoursAgo: 30,
    title: "Two midterms in the same week: how do I split my time?",
    body: "I have MATH 137 on Tuesday and a chemistry midterm on Thursday. Should I study them in parallel or one after the other?",
    status: "answered",
    replies: [
      {
        author: "study_buddy_admin",
        staff: true,
        hoursAgo: 28,
        body: "Interleave them until the weekend before (about 60% on the earlier exam), then spend Monday on MATH 137 only and Wednesday on chemistry only. Do one timed practice test for each; review your mistakes the same day.",
      },
    ],
  },
];

/**
 * Questions on course content on first start: a question on MATH 137's Squeeze Theorem lesson
 * the instructor answered for every student, the demo student's open question waiting in the
 * instructor's inbox, and their study-buddy question a study-buddy admin answered.
 */
export async function seedQuestions(trx: Transaction<Database>, ids: { user: (email: string) => number }, now: Date): Promise<{ questions: number; question_replies: number }> {
  const user = (name: string) => ids.user(`${name}@${DEMO_EMAIL_DOMAIN}`);
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);
  let replies = 0;
  for (const seed of QUESTIONS) {
    let place: { online_course_id: number; activity_id: number; activity_href: string } | null = null;
    if ("course" in seed.about) {
      const found = await trx
        .selectFrom("activities")
        .innerJoin("sections", "sections.id", "activities.section_id")
        .innerJoin("chapters", "chapters.id", "sections.chapter_id")
        .innerJoin("online_courses", "online_courses.id", "chapters.online_course_id")
        .where("online_courses.slug", "=", seed.about.course)
        .where("activities.title", "=", seed.about.activity)
        .select(["activities.id", "chapters.online_course_id", "chapters.position", "chapters.kind"])
        .executeTakeFirstOrThrow();
      const chapterNumber = await trx
        .selectFrom("chapters")
        .where("online_course_id", "=", found.online_course_id)
        .where("kind", "=", found.kind)
        .where("position", "<=", found.position)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      place = { online_course_id: found.online_course_id, activity_id: found.id, activity_href: `chapter/${Number(chapterNumber.n)}?activity=${found.id}` };
    }
    const answered = seed.replies.filter((reply) => reply.staff).map((reply) => at(reply.hoursAgo));
    const question = await trx
      .insertInto("questions")
      .values({
        asker_id: user(seed.asker),
        kind: place ? "online_course" : "study_buddy",
        online_course_id: place?.online_course_id ?? null,
        activity_id: place?.activity_id ?? null,
        activity_href: place?.activity_href ?? null,
        subject: "subject" in seed.about ? seed.about.subject : "",
        title: seed.title,
        body: seed.body,
        status: seed.status,
        is_public: seed.isPublic ?? false,
        created_at: at(seed.hoursAgo),
        updated_at: at(Math.min(seed.hoursAgo, ...seed.replies.map((reply) => reply.hoursAgo))),
        answered_at: answered.at(-1) ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (seed.replies.length > 0) {
      await trx
        .insertInto("question_replies")
        .values(seed.replies.map((reply) => ({ question_id: question.id, author_id: user(reply.author), body: reply.body, from_staff: reply.staff, created_at: at(reply.hoursAgo) })))
        .execute();
      replies += seed.replies.length;
    }
  }
  return { questions: QUESTIONS.length, question_replies: replies };
}
