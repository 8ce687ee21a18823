import { describe, expect, it } from "vitest";
import { AccessLevel } from "~/accounts/roles";
import { loader as managerLoader } from "~/routes/online-courses+/$id_.manager._index";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { apiClient } from "./api-client";

/**
 * One rule decides who edits an online course (managesOnlineCourse): the API's
 * user_access_level and the course manager page agree, for the owner of every demo course (an
 * instructor of each kind, a teacher, a content creator) and for staff.
 */
const database = useTestDatabase();

describe("edit access to an online course", () => {
  it("is the same in the API and on the manager page for every demo course's owner, and for admins and managers", async () => {
    const { db } = database();
    const courses = await db
      .selectFrom("online_courses")
      .innerJoin("users", "users.id", "online_courses.instructor_id")
      .select(["online_courses.id", "online_courses.name", "users.id as ownerId", "users.email", "users.roles"])
      .orderBy("online_courses.id")
      .execute();
    const staff = await db.selectFrom("users").select(["id", "email", "roles"]).where("email", "in", ["admin@demo.test", "manager@demo.test", "content_creator@demo.test", "teacher@demo.test"]).execute();
    const seen = { edits: 0, refused: 0 };
    for (const course of courses) {
      for (const person of [{ id: course.ownerId, email: course.email, roles: course.roles }, ...staff]) {
        const api = await (await apiClient(person.id)).get(`/api/v1/online_courses/${course.id}`);
        const level = api.status === 200 ? (api.data.data.attributes.user_access_level as number) : AccessLevel.NONE;
        const page = await routeVisitor({ session: await sessionCookieFor(person.id) }).get(managerLoader, `/online-courses/${course.id}/manager`, { params: { id: String(course.id) } });
        const label = `${person.email} (${person.roles.join(", ") || "student"}) on ${course.name}`;
        expect([200, 403], label).toContain(page.status);
        expect(page.status === 200, label).toBe(level >= AccessLevel.EDIT);
        seen[page.status === 200 ? "edits" : "refused"] += 1;
      }
    }
    // Both answers happen: owners and staff edit, a teacher or content creator who owns a course does not.
    expect(seen.edits).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
  });
});
