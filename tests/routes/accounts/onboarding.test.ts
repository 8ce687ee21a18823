import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { action as onboardingAction, loader as onboardingLoader } from "~/routes/onboarding";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { toastOf } from "../../support/toast";

/** /onboarding: a new student's profile one step at a time, each saved; a tutor's tutored courses. */
const database = useTestDatabase();
const db = () => database().db;

async function newUser(roles: string[] = []) {
  return (
    await db()
      .insertInto("users")
      .values({ email: `onboarding-${randomBytes(5).toString("hex")}@example.test`, first_name: "Olu", last_name: "Board", roles })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}
const visitorFor = async (id: number) => routeVisitor({ session: await sessionCookieFor(id) });
const CHECKOUT = "/checkout?product=plus&interval=yearly";
const HERE = `/onboarding?redirect_to=${encodeURIComponent(CHECKOUT)}`;

describe("/onboarding", () => {
  it("takes a university student through school and year, then faculty and degree, saving each, and on to the checkout", async () => {
    const student = await newUser();
    const visitor = await visitorFor(student);
    const first = await visitor.get(onboardingLoader, HERE);
    expect(first.data).toMatchObject({ step: "school", next: CHECKOUT });
    const university = await db().selectFrom("schools").select("id").where("school_type", "=", "university").executeTakeFirstOrThrow();

    const refused = await visitor.form(onboardingAction, HERE, { step: "school", school_id: "", year: "" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({ school_id: ["Choose your school from the list"], year: ["Enter your year"] });
    const unknownSchool = await visitor.form(onboardingAction, HERE, { step: "school", school_id: "999999999", year: "2" });
    expect(unknownSchool.status).toBe(400);

    const saved = await visitor.form(onboardingAction, HERE, { step: "school", school_id: String(university.id), year: "2" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(HERE);
    expect((await visitor.get(onboardingLoader, HERE)).data.step).toBe("studies");

    const done = await visitor.form(onboardingAction, HERE, { step: "studies", faculty: "Science", degree: "BSc Biology" });
    expect(done.headers.get("Location")).toBe(CHECKOUT);
    expect((await toastOf(done))?.message).toBe("Your profile is complete.");
    expect(await db().selectFrom("users").select(["school_id", "year", "faculty", "degree"]).where("id", "=", student).executeTakeFirstOrThrow()).toEqual({
      school_id: university.id,
      year: "2",
      faculty: "Science",
      degree: "BSc Biology",
    });
    expect((await visitor.get(onboardingLoader, HERE)).data.step).toBeNull();
  });

  it("asks a high-school student for no faculty or degree", async () => {
    const student = await newUser();
    const visitor = await visitorFor(student);
    const highSchool = await db().selectFrom("schools").select("id").where("school_type", "=", "high_school").executeTakeFirstOrThrow();
    const done = await visitor.form(onboardingAction, "/onboarding", { step: "school", school_id: String(highSchool.id), year: "Grade 11" });
    expect(done.headers.get("Location")).toBe("/dashboard");
  });

  it("has a new tutor add the courses they tutor", async () => {
    const tutor = await newUser(["tutor"]);
    const visitor = await visitorFor(tutor);
    const page = await visitor.get(onboardingLoader, "/onboarding");
    expect(page.data.step).toBe("tutored-courses");
    const course = page.data.courses[0];
    const done = await visitor.form(onboardingAction, "/onboarding", { step: "tutored-courses", course_id: String(course.id) });
    expect(done.headers.get("Location")).toBe("/instructor-dashboard");
    expect(await db().selectFrom("user_courses").select(["course_id", "relation"]).where("user_id", "=", tutor).execute()).toEqual([{ course_id: course.id, relation: "tutored" }]);
  });

  it("never sends anyone off the site", async () => {
    const student = await newUser();
    const page = await (await visitorFor(student)).get(onboardingLoader, "/onboarding?redirect_to=https%3A%2F%2Fevil.example");
    expect(page.data.next).toBe("/dashboard");
  });
});
