import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";

/**
 * Scholarship applications on first start (server/seed/seed.ts): the demo student's application
 * for the Future Physicians Scholarship is in review, with a score and a note only staff read.
 * (The demo scholarships themselves, one of them already closed, come with the public site.)
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedScholarshipApplications(trx: Transaction<Database>, ids: { user: (email: string) => number }, now: Date) {
  const scholarship = await trx.selectFrom("scholarships").select("id").where("slug", "=", "future-physicians-scholarship").executeTakeFirstOrThrow();
  const rows = await trx
    .insertInto("scholarship_applications")
    .values({
      scholarship_id: scholarship.id,
      user_id: ids.user("student@demo.test"),
      essay: "I grew up two hours from the nearest hospital. Since first year I have run a free MCAT study group at my university's community centre, and I want to bring a clinic back home.",
      eligibility_answers: JSON.stringify(["I plan to write the MCAT next summer.", "I live in Ontario, Canada.", "I work 15 hours a week to pay tuition."]),
      status: "in_review",
      score: 82,
      staff_notes: "Strong essay; ask for a reference from the study group's host.",
      created_at: new Date(now.getTime() - 6 * DAY_MS),
    })
    .returning("id")
    .execute();
  return { scholarship_applications: rows.length };
}
