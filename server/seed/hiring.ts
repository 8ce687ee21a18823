import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";

/**
 * Hiring on first start (server/seed/seed.ts): the demo job applicant has applied for the first
 * open position and is invited to interview, with a note only staff read; two others applied,
 * one of them with a general application.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedHiring(trx: Transaction<Database>, ids: { user: (email: string) => number }, now: Date) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const position = await trx.selectFrom("job_positions").select("id").where("open", "=", true).orderBy("posted_at", "desc").orderBy("id").executeTakeFirstOrThrow();
  const applicant = ids.user("job_applicant@demo.test");
  const applicantRow = await trx.selectFrom("users").select(["first_name", "last_name", "email"]).where("id", "=", applicant).executeTakeFirstOrThrow();
  const applications = await trx
    .insertInto("job_applications")
    .values([
      {
        job_position_id: position.id,
        user_id: applicant,
        name: `${applicantRow.first_name} ${applicantRow.last_name}`,
        email: applicantRow.email,
        cover_letter: "I have tutored calculus and chemistry for three years and built study guides that hundreds of students use. I would love to bring that to your team.",
        stage: "interview",
        stage_changed_at: daysAgo(2),
        created_at: daysAgo(9),
      },
      {
        job_position_id: position.id,
        user_id: null,
        name: "Priya Raman",
        email: "priya.raman@example.com",
        portfolio_url: "https://example.com/priya-raman",
        cover_letter: "Five years of teaching high-school physics, and a master's in education technology. I care about students who learn on their phones.",
        created_at: daysAgo(3),
      },
      {
        job_position_id: null,
        user_id: null,
        name: "Tom Okafor",
        email: "tom.okafor@example.com",
        cover_letter: "A general application: I run an after-school maths club and would like to help with your K-8 content.",
        stage: "screening",
        stage_changed_at: daysAgo(1),
        created_at: daysAgo(6),
      },
    ])
    .returning("id")
    .execute();
  const manager = ids.user("jobs_manager@demo.test");
  await trx
    .insertInto("job_applicant_notes")
    .values([
      { job_application_id: applications[0]!.id, author_id: null, body: "Moved from applied to interview.", created_at: daysAgo(2) },
      { job_application_id: applications[0]!.id, author_id: manager, body: "Strong tutoring record. Ask about the study guides in the interview.", created_at: daysAgo(2) },
    ])
    .execute();
  return { job_applications: applications.length, job_applicant_notes: 2 };
}
