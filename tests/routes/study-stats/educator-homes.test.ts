import { describe, expect, it } from "vitest";
import { loader as instructorLoader } from "~/routes/instructor-dashboard";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

/** The instructor's home: each online course with its students and what it earned (integer cents). */
const database = useTestDatabase();
const db = () => database().db;

describe("/instructor-dashboard", () => {
  it("shows each of the instructor's courses with its students and its paid revenue before tax", async () => {
    const course = await db().selectFrom("online_courses").select(["id", "instructor_id", "currency"]).where("instructor_id", "is not", null).orderBy("id").executeTakeFirstOrThrow();
    const students = await db().selectFrom("users").select("id").where("email", "in", ["student@demo.test", "class_rep@demo.test"]).execute();
    await db().deleteFrom("online_course_users").where("online_course_id", "=", course.id).execute();
    await db()
      .insertInto("online_course_users")
      .values([
        { user_id: students[0]!.id, online_course_id: course.id, status: "active" },
        { user_id: students[1]!.id, online_course_id: course.id, status: "refunded" },
      ])
      .execute();
    await db().deleteFrom("purchases").where("online_course_id", "=", course.id).execute();
    const purchase = { kind: "online_course" as const, online_course_id: course.id, currency: course.currency, tax_cents: 500, total_cents: 10_500 };
    await db()
      .insertInto("purchases")
      .values([
        { ...purchase, user_id: students[0]!.id, product_key: "home-paid", status: "paid", subtotal_cents: 10_000, paid_at: new Date() },
        { ...purchase, user_id: students[1]!.id, product_key: "home-refunded", status: "refunded", subtotal_cents: 4_000 },
      ])
      .execute();
    const home = await routeVisitor({ session: await sessionCookieFor(course.instructor_id!) }).get(instructorLoader, "/instructor-dashboard");
    expect(home.status).toBe(200);
    expect(home.data.onlineCourses.find((row: { id: number }) => row.id === course.id)).toMatchObject({ enrolment_count: 1, revenue_cents: 10_000, currency: course.currency });
  });
});
