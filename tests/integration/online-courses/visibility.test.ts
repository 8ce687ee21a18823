import { describe, expect, it } from "vitest";
import { canSeeCourse, courseAccessLevel, courseFactsOf } from "~/online-courses/access";
import { guestViewer, type Viewer } from "~/accounts/roles";
import { enrolmentFacts } from "~/online-courses/enrolments.server";
import { listVisibleCourses } from "~/online-courses/api.server";
import { visibleTo } from "~/online-courses/visibility.server";
import { useTestDatabase } from "../../support/database";

const database = useTestDatabase();

describe("which courses a viewer may see, in SQL", () => {
  it("agrees with the access module for every course, status, read access and kind of viewer", async () => {
    const { db } = database();
    // Give the seeded courses every combination of status and read access.
    const courses = await db.selectFrom("online_courses").select(["id"]).orderBy("id").execute();
    const statuses = ["hidden", "preparing", "published", "closed"] as const;
    const readAccess = ["private", "wize_profs", "public", "partner_members"] as const;
    for (const [index, course] of courses.entries()) {
      await db
        .updateTable("online_courses")
        .set({ status: statuses[index % 4]!, read_access: readAccess[Math.floor(index / 4) % 4]! })
        .where("id", "=", course.id)
        .execute();
    }
    const emails = ["student@demo.test", "instructor@demo.test", "partner_member@demo.test", "admin@demo.test", "manager@demo.test", "content_qa_specialist@demo.test", "teacher@demo.test"];
    const users = await db.selectFrom("users").select(["id", "roles", "user_type"]).where("email", "in", emails).execute();
    const viewers: Viewer[] = [guestViewer, ...users.map((user) => ({ id: user.id, roles: user.roles, userType: user.user_type }))];
    const rows = await db.selectFrom("online_courses").selectAll().execute();
    const enrolments = await db.selectFrom("online_course_users").selectAll().execute();
    expect(viewers.length).toBe(emails.length + 1);
    for (const viewer of viewers) {
      const expected = rows
        .filter((row) => {
          const enrolment = enrolments.find((candidate) => candidate.user_id === viewer.id && candidate.online_course_id === row.id);
          return canSeeCourse(courseAccessLevel(viewer, courseFactsOf(row), enrolmentFacts(enrolment)));
        })
        .map((row) => row.id)
        .sort((a, b) => a - b);
      const actual = (await db.selectFrom("online_courses").select("id").where(visibleTo(viewer)).execute()).map((row) => row.id).sort((a, b) => a - b);
      expect(actual, `viewer ${viewer.id} ${viewer.roles.join(",")}`).toEqual(expected);
      const listed = await listVisibleCourses(viewer, { offset: 0, limit: 100 });
      expect(listed.total).toBe(expected.length);
      for (const course of listed.courses) expect(canSeeCourse(course.user_access_level as never)).toBe(true);
    }
  });
});
