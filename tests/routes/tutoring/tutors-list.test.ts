import { describe, expect, it } from "vitest";
import { loader } from "~/routes/tutors+/_index";
import { useTestDatabase } from "../../support/database";
import { routeVisitor } from "../../support/route-visitor";

const database = useTestDatabase();

async function names(query: string) {
  const answer = await routeVisitor().get(loader, `/tutors${query}`);
  expect(answer.status).toBe(200);
  return (answer.data.tutors as { first_name: string; last_name: string }[]).map((tutor) => `${tutor.first_name} ${tutor.last_name}`);
}

describe("/tutors filters", () => {
  it("narrows the list by course, subject and school, and ignores values that name nothing", async () => {
    const all = await names("");
    expect(all).toEqual(expect.arrayContaining(["Jordan Pham", "Grace Whitaker"]));
    const course = await database().db.selectFrom("courses").select(["id", "school_id"]).where("slug", "=", "waterloo-math-137").executeTakeFirstOrThrow();
    expect(await names(`?course=${course.id}`)).toEqual(["Jordan Pham"]);
    expect(await names(`?school=${course.school_id}&subject=mathematics`)).toContain("Jordan Pham");
    expect(await names(`?school=${course.school_id}&subject=mathematics`)).not.toContain("Grace Whitaker");
    expect(await names("?subject=orgchem")).not.toContain("Jordan Pham");
    expect(await names("?course=abc&subject=astrology")).toEqual(all);
  });

  it("keeps to tutors with a bookable time in the next 7 days when asked", async () => {
    const grace = await database().db.selectFrom("users").select("id").where("email", "=", "grace.whitaker@demo.test").executeTakeFirstOrThrow();
    await database().db.deleteFrom("tutor_availabilities").where("tutor_id", "=", grace.id).execute();
    const open = await names("?open=week");
    expect(open).toContain("Jordan Pham");
    expect(open).not.toContain("Grace Whitaker");
    expect(await names("")).toContain("Grace Whitaker");
  });
});
