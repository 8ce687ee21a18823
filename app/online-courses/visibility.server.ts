import { sql, type ExpressionBuilder } from "kysely";
import { hasRole, isGuest, isInstructor, type Viewer } from "~/accounts/roles";
import type { Database } from "~/db/schema";

/**
 * The access module's "may see the course" rule (courseAccessLevel ≥ OVERVIEW, access.ts) as a
 * SQL condition, so lists are filtered by the database rather than by loading whole tables.
 * tests/integration/online-courses/visibility.test.ts checks that both agree on every course for
 * every kind of viewer.
 */
export function visibleTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, "online_courses">) => {
    if (!isGuest(viewer) && hasRole(viewer, "admin", "manager", "content_qa_specialist")) return sql<boolean>`true`;
    const readAccess = [eb("online_courses.read_access", "=", "public")];
    if (!isGuest(viewer) && isInstructor(viewer)) readAccess.push(eb("online_courses.read_access", "=", "wize_profs"));
    if (!isGuest(viewer) && hasRole(viewer, "partner_member")) readAccess.push(eb("online_courses.read_access", "=", "partner_members"));
    if (viewer.id !== null) {
      readAccess.push(
        eb.and([
          eb("online_courses.read_access", "=", "private"),
          eb.exists(
            eb
              .selectFrom("online_course_users")
              .select(sql`1`.as("one"))
              .whereRef("online_course_users.online_course_id", "=", "online_courses.id")
              .where("online_course_users.user_id", "=", viewer.id)
              .where("online_course_users.status", "!=", "invite_rejected"),
          ),
        ]),
      );
    }
    const open = eb.and([eb("online_courses.status", "in", ["preparing", "published"]), eb.or(readAccess)]);
    // The course's instructor sees it whatever its status while they hold an instructor role (managesOnlineCourse).
    return viewer.id !== null && isInstructor(viewer) ? eb.or([open, eb("online_courses.instructor_id", "=", viewer.id)]) : open;
  };
}
