import { can } from "~/accounts/policy/permissions";
import type { Viewer } from "~/accounts/roles";
import { db } from "~/db/db.server";
import type { OnlineCourse } from "~/db/schema";
import { courseAccessLevel, courseFactsOf, fullContentAccess } from "~/online-courses/access";
import { enrolmentFacts, findEnrolment } from "~/online-courses/enrolments.server";
import { subscriptionFactsFor } from "~/subscriptions/subscriptions.server";

/**
 * Who reads a course on paper, and how: whoever manages it gets the print view with the quizzes'
 * answers (to check a booklet); a student with the full content gets the same summary without
 * them (a study sheet); anyone else nothing.
 */
export type PrintEdition = "manager" | "student" | null;

export async function printEditionFor(viewer: Viewer, course: OnlineCourse, now: Date): Promise<PrintEdition> {
  if (can(viewer, "manage_online_course", course)) return "manager";
  if (viewer.id === null) return null;
  const [enrolment, subscription] = await Promise.all([findEnrolment(db(), viewer.id, course.id), subscriptionFactsFor(viewer.id, now)]);
  const facts = courseFactsOf(course);
  const enrolled = enrolmentFacts(enrolment);
  const access = fullContentAccess({ viewer, course: facts, enrolment: enrolled, subscription, accessLevel: courseAccessLevel(viewer, facts, enrolled), now });
  return access.allowed ? "student" : null;
}

/** The online courses whose printable summary the student may open now, by name: the study sheets' second list. */
export async function printableCoursesOf(viewer: Viewer & { id: number }, now: Date) {
  const [courses, subscription] = await Promise.all([
    db()
      .selectFrom("online_course_users as ocu")
      .innerJoin("online_courses as oc", "oc.id", "ocu.online_course_id")
      .where("ocu.user_id", "=", viewer.id)
      .selectAll("oc")
      .select(["ocu.status as enrolment_status", "ocu.package_type as enrolment_package_type", "ocu.elite_payment_status as enrolment_elite_payment_status", "ocu.expires_at as enrolment_expires_at", "ocu.extended_access_date as enrolment_extended_access_date"])
      .orderBy("oc.name")
      .execute(),
    subscriptionFactsFor(viewer.id, now),
  ]);
  return courses
    .filter((row) => {
      const facts = courseFactsOf(row);
      const enrolment = enrolmentFacts({
        status: row.enrolment_status,
        package_type: row.enrolment_package_type,
        elite_payment_status: row.enrolment_elite_payment_status,
        expires_at: row.enrolment_expires_at,
        extended_access_date: row.enrolment_extended_access_date,
      });
      return fullContentAccess({ viewer, course: facts, enrolment, subscription, accessLevel: courseAccessLevel(viewer, facts, enrolment), now }).allowed;
    })
    .map((row) => ({ id: row.id, name: row.name, href: `/online-courses/${row.id}/print` }));
}
