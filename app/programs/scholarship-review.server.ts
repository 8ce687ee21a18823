import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import { db } from "~/db/db.server";
import type { ScholarshipApplicationStatus } from "~/db/schema";
import { mailLink } from "~/mail/links.server";
import { sendMail } from "~/mail/mailer.server";
import { scholarshipDecisionMail } from "~/mail/templates";
import { createNotification } from "~/notifications/notifications.server";
import { reviewApplication } from "./scholarship-applications.server";

export type ScholarshipReviewInput = { score: number | null; staff_notes: string | null; status: ScholarshipApplicationStatus };

/**
 * Staff save a review (score, notes, status) through `reviewApplication`; a decision (accepted
 * or declined) also mails the applicant, notifies them and is recorded in the audit log, all in
 * the review's transaction, so two reviewers deciding at once send one mail.
 */
export async function reviewScholarshipApplication(
  id: number,
  staff: { id: number; request?: AuditedRequest },
  input: ScholarshipReviewInput,
  origin: string,
) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const outcome = await reviewApplication(id, staff.id, input, trx);
      if (outcome.kind !== "saved" || !outcome.decided) return outcome;
      const application = await trx
        .selectFrom("scholarship_applications as a")
        .innerJoin("users", "users.id", "a.user_id")
        .innerJoin("scholarships", "scholarships.id", "a.scholarship_id")
        .select(["a.id", "a.user_id", "users.email", "users.first_name", "scholarships.name"])
        .where("a.id", "=", id)
        .executeTakeFirstOrThrow();
      const accepted = outcome.decided === "accepted";
      const path = `/scholarships/applications/${application.id}`;
      const mail = scholarshipDecisionMail({ name: application.first_name, scholarshipName: application.name, accepted, url: mailLink(path, {}, origin) });
      await sendMail({ to: application.email, kind: accepted ? "scholarship_accepted" : "scholarship_declined", ...mail }, { executor: trx });
      await createNotification(trx, {
        userId: application.user_id,
        type: "ScholarshipDecision",
        groupKey: `scholarship_application:${application.id}`,
        notifiable: { type: "ScholarshipApplication", id: application.id },
        data: { scholarship_name: application.name, path },
      });
      await recordAuditEvent(
        {
          action: accepted ? "scholarship_application.accept" : "scholarship_application.decline",
          actorId: staff.id,
          request: staff.request,
          details: { scholarship_application_id: application.id, applicant_id: application.user_id },
        },
        trx,
      );
      return outcome;
    });
}
