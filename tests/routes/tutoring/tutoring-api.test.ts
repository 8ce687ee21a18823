import { describe, expect, it } from "vitest";
import { loader as recommendedLoader } from "~/routes/api+/v1+/users+/recommended_tutors_for_student.$id";
import { loader as profileLoader } from "~/routes/users+/$id.instructor_profile";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

const database = useTestDatabase();

async function userId(email: string) {
  return (await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

async function visitorFor(email: string) {
  return routeVisitor({ session: await sessionCookieFor(await userId(email)) });
}

const recommended = (id: number) => `/api/v1/users/recommended_tutors_for_student/${id}`;
const params = (id: number | string) => ({ params: { id: String(id) } });

describe("GET /api/v1/users/recommended_tutors_for_student/{id}", () => {
  it("ranks the tutors of the student's courses first, for the student and for an admin", async () => {
    const student = await userId("student@demo.test");
    for (const visitor of [await visitorFor("student@demo.test"), await visitorFor("admin@demo.test")]) {
      const answer = await visitor.get(recommendedLoader, recommended(student), params(student));
      expect(answer.status).toBe(200);
      const [first] = answer.data.data as { type: string; attributes: { name: string; shared_course_codes: string[]; accepting_students: boolean } }[];
      expect(first).toMatchObject({ type: "recommendedTutor", attributes: { name: "Jordan Pham", shared_course_codes: ["MATH 137"], accepting_students: true } });
    }
  });

  it("answers another student's suggestions like an unknown user (404), and a guest 401", async () => {
    const student = await userId("student@demo.test");
    const other = await visitorFor("class_rep@demo.test");
    const refused = await other.get(recommendedLoader, recommended(student), params(student));
    expect(refused.status).toBe(404);
    expect((await routeVisitor().get(recommendedLoader, recommended(student), params(student))).status).toBe(401);
  });
});

describe("GET /users/{id}/instructor_profile", () => {
  it("answers a tutor's public profile with their rating and next open times, and 404 for someone who is no educator", async () => {
    const tutor = await userId("tutor@demo.test");
    const answer = await routeVisitor().get(profileLoader, `/users/${tutor}/instructor_profile`, params(tutor));
    expect(answer.status).toBe(200);
    expect(answer.data.data).toMatchObject({ type: "educatorProfile", id: String(tutor), attributes: { tutor_profile: { accepting_students: true } } });
    expect(answer.data.meta).toMatchObject({ time_zone: "America/Toronto", review_count: expect.any(Number) });
    expect(answer.data.meta.next_open_times.length).toBeGreaterThan(0);
    expect(new Date(answer.data.meta.next_open_times[0].start).getTime()).toBeGreaterThan(Date.now());

    const student = await userId("student@demo.test");
    expect((await routeVisitor().get(profileLoader, `/users/${student}/instructor_profile`, params(student))).status).toBe(404);
    expect((await routeVisitor().get(profileLoader, "/users/abc/instructor_profile", params("abc"))).status).toBe(404);
  });
});
