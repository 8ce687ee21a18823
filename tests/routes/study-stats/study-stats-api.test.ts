import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loader as statsLoader } from "~/routes/api+/v1+/users+/$id.study_stats";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

/** GET /api/v1/users/{id}/study_stats: a student's own study, for them and for admins only. */
const database = useTestDatabase();
const db = () => database().db;

const userId = async (email: string) => (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const visitorFor = async (id: number) => routeVisitor({ session: await sessionCookieFor(id) });
const statsOf = async (visitor: ReturnType<typeof routeVisitor>, id: number) => visitor.get(statsLoader, `/api/v1/users/${id}/study_stats`, { params: { id: String(id) } });

describe("GET /api/v1/users/{id}/study_stats", () => {
  it("gives the demo student their flash-card reviews, practice accuracy by topic (weakest first), quizzes and CARS score", async () => {
    const maya = await userId("student@demo.test");
    const answer = await statsOf(await visitorFor(maya), maya);
    expect(answer.status).toBe(200);
    expect(answer.data.data).toMatchObject({ type: "studyStats", id: String(maya) });
    const stats = answer.data.data.attributes;
    // The seed's practised set: right everywhere but the Squeeze Theorem.
    expect(stats.practice_questions).toMatchObject({ attempts: 1, questions_answered: 8, correct: 5, accuracy_percent: 63 });
    expect(stats.practice_questions.topics[0]).toEqual({ topic: "The Squeeze Theorem", answered: 3, correct: 0, accuracy_percent: 0 });
    expect(stats.practice_questions.topics.at(-1).accuracy_percent).toBe(100);
    expect(stats.flash_cards.reviews_last_7_days).toBeGreaterThan(0);
    expect(stats.flash_cards.reviews_last_30_days).toBeGreaterThanOrEqual(stats.flash_cards.reviews_last_7_days);
    expect(stats.practice_tests.cars_attempts).toBeGreaterThanOrEqual(1);
    expect(stats.practice_tests.latest_cars).toMatchObject({ week_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), questions: expect.any(Number) });
    expect(stats.active_days_last_30).toBeGreaterThanOrEqual(2);
    expect(stats.active_days_last_30).toBeLessThanOrEqual(30);
  });

  it("starts at nothing for a new student", async () => {
    const { id } = await db()
      .insertInto("users")
      .values({ email: `stats-${randomBytes(5).toString("hex")}@example.test`, first_name: "New", last_name: "Student" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const stats = (await statsOf(await visitorFor(id), id)).data.data.attributes;
    expect(stats).toEqual({
      active_days_last_30: 0,
      flash_cards: { cards_due: 0, decks_due: 0, reviews_last_7_days: 0, reviews_last_30_days: 0, retention_last_30_days: null },
      practice_questions: { attempts: 0, questions_answered: 0, correct: 0, accuracy_percent: null, topics: [] },
      quizzes: { attempts: 0, questions: 0, correct: 0, accuracy_percent: null },
      practice_tests: { cars_attempts: 0, lsat_attempts: 0, best_lsat_scaled_score: null, latest_cars: null },
      tiles: {
        med_school_coaching_sessions: 0,
        cars_passages: 0,
        mcat_events: 0,
        seconds_studied: 0,
        booster_savings_cents: 0,
        courses_studied: 0,
        questions_attempted: 0,
        qa_questions: 0,
      },
      study_time_by_week: expect.arrayContaining([{ week_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), seconds: 0 }]),
    });
  });

  it("answers the student and an admin, refuses another student (403, before any lookup) and a guest (401)", async () => {
    const maya = await userId("student@demo.test");
    expect((await statsOf(await visitorFor(maya), maya)).status).toBe(200);
    expect((await statsOf(await visitorFor(await userId("admin@demo.test")), maya)).status).toBe(200);
    const refused = await statsOf(await visitorFor(await userId("class_rep@demo.test")), maya);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.data)).not.toContain("practice_questions");
    // Unknown ids are refused the same way, so a student cannot tell which ids exist.
    expect((await statsOf(await visitorFor(maya), 999_999_999)).status).toBe(403);
    expect((await statsOf(await visitorFor(await userId("admin@demo.test")), 999_999_999)).status).toBe(404);
    expect((await statsOf(routeVisitor(), maya)).status).toBe(401);
  });
});
