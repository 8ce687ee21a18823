import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const DAY_MS = 24 * 60 * 60 * 1000;
const at = (name: string) => `${name}@${DEMO_EMAIL_DOMAIN}`;

/**
 * Demo reviews of educators (migration 0018, app/reviews/): the demo tutor and an instructor have
 * several from demo students, one of them hidden by the admin; the instructor of the demo
 * student's online course and the one of their weekly tutorial have one each, which the student
 * may add to (they have not reviewed anyone yet). The reviewers' lessons are not seeded: the
 * rows are written as the form would have saved them.
 */
const reviews: { educator: string; student: string; rating: number; body: string; daysAgo: number; hiddenBy?: string }[] = [
  { educator: at("tutor"), student: at("class_rep"), rating: 5, body: "Explained enzyme kinetics three different ways until it clicked. I went from a C to an A- on the midterm.", daysAgo: 40 },
  { educator: at("tutor"), student: at("mcat_rep"), rating: 4, body: "Very patient and well prepared. Sessions sometimes ran a few minutes over, which I did not mind.", daysAgo: 21 },
  { educator: at("tutor"), student: at("job_applicant"), rating: 5, body: "Clear, friendly and always on time. The practice problems after each session were the best part.", daysAgo: 9 },
  { educator: at("tutor"), student: at("marketing_rep"), rating: 1, body: "Check out my channel for cheaper tutoring!!! Link in bio.", daysAgo: 3, hiddenBy: at("admin") },
  { educator: "daniel.okafor@demo.test", student: at("brand_ambassador"), rating: 5, body: "The mechanism walkthroughs in the course are the clearest I have seen. Worth every minute.", daysAgo: 30 },
  { educator: "daniel.okafor@demo.test", student: at("class_rep"), rating: 4, body: "Great office hours. I wish there were more practice questions on stereochemistry.", daysAgo: 12 },
  { educator: "daniel.okafor@demo.test", student: at("marketing_rep"), rating: 4, body: "Knows the material inside out and keeps the pace up without losing anyone.", daysAgo: 5 },
  { educator: at("instructor"), student: at("class_rep"), rating: 4, body: "The MATH 137 exam prep covered exactly what was on the final. Limits could use one more example.", daysAgo: 14 },
  { educator: at("ss_instructor"), student: at("brand_ambassador"), rating: 3, body: "Good tutorials, though the pace is quick if you have not done the readings.", daysAgo: 8 },
];

export async function seedReviews(trx: Transaction<Database>, ids: { user: (email: string) => number }, now: Date): Promise<{ tutor_feedbacks: number }> {
  await trx
    .insertInto("tutor_feedbacks")
    .values(
      reviews.map((review) => {
        const written = new Date(now.getTime() - review.daysAgo * DAY_MS);
        return {
          educator_id: ids.user(review.educator),
          student_id: ids.user(review.student),
          rating: review.rating,
          body: review.body,
          hidden_at: review.hiddenBy ? new Date(written.getTime() + DAY_MS / 2) : null,
          hidden_by: review.hiddenBy ? ids.user(review.hiddenBy) : null,
          created_at: written,
          updated_at: written,
        };
      }),
    )
    .execute();
  return { tutor_feedbacks: reviews.length };
}
