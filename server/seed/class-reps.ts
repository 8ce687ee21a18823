import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The class-rep programme: the demo class rep represents MATH 137 (approved, set up, with an
 * announcement on the course page and last week's report waiting for review), and the demo
 * student's application for CHEM 212 waits for staff.
 */
export async function seedClassReps(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number },
  now: Date
): Promise<{ class_rep_applications: number; class_rep_courses: number; class_rep_course_reports: number }> {
  const user = (name: string) => ids.user(`${name}@${DEMO_EMAIL_DOMAIN}`);
  const course = async (slug: string) => (await trx.selectFrom("courses").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
  const [math137, chem212] = [await course("waterloo-math-137"), await course("mcgill-chem-212")];
  const rep = user("class_rep");
  const admin = user("admin");

  const approved = await trx
    .insertInto("class_rep_applications")
    .values({
      user_id: rep,
      course_id: math137,
      status: "approved",
      motivation: "I run the MATH 137 study group and want to bring the sessions to the whole class.",
      year: "1",
      outreach: "The course Discord (400 members) and announcements before lectures.",
      reviewed_by: admin,
      reviewed_at: new Date(now.getTime() - 20 * DAY_MS),
      created_at: new Date(now.getTime() - 22 * DAY_MS),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("class_rep_applications")
    .values({
      user_id: user("student"),
      course_id: chem212,
      motivation: "Organic chemistry scares everyone in my year; I would like to point them to the live reviews.",
      year: "2",
      outreach: "Our faculty's group chat and the chemistry society's newsletter.",
      created_at: new Date(now.getTime() - 2 * DAY_MS),
    })
    .execute();
  const crc = await trx
    .insertInto("class_rep_courses")
    .values({
      user_id: rep,
      course_id: math137,
      application_id: approved.id,
      wizard_step: "done",
      announcement_title: "Midterm review this month",
      announcement_body: "Hi everyone, I'm your class rep for MATH 137. The live midterm review is listed below, and the exam-prep course covers every topic of the midterm.",
      announced_at: new Date(now.getTime() - 19 * DAY_MS),
      created_at: new Date(now.getTime() - 20 * DAY_MS),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const thisMonday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY_MS);
  await trx
    .insertInto("class_rep_course_reports")
    .values({
      class_rep_course_id: crc.id,
      period_kind: "week",
      period_start: new Date(thisMonday.getTime() - 7 * DAY_MS).toISOString().slice(0, 10),
      activities: "Posted the midterm review session in the course Discord and announced it before two lectures.",
      classmates_reached: 120,
      notes: "Several classmates asked for a practice midterm.",
      created_at: new Date(now.getTime() - 2 * DAY_MS),
    })
    .execute();
  return { class_rep_applications: 2, class_rep_courses: 1, class_rep_course_reports: 1 };
}
