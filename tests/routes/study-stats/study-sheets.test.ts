import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

/** /dashboard?view_sheets=true: the booklets and solutions of the student's live sessions. */
const database = useTestDatabase();
const db = () => database().db;
const userId = async (email: string) => (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

describe("/dashboard?view_sheets=true", () => {
  it("lists the booklets of the demo student's live sessions they may still open, each linked to its file", async () => {
    const maya = await userId("student@demo.test");
    const answer = await routeVisitor({ session: await sessionCookieFor(maya) }).get(dashboardLoader, "/dashboard?view_sheets=true");
    expect(answer.status).toBe(200);
    expect(answer.data.view).toBe("sheets");
    const expected = await db()
      .selectFrom("study_session_attachments as a")
      .innerJoin("study_session_users as ssu", "ssu.study_session_id", "a.study_session_id")
      .innerJoin("study_sessions as s", "s.id", "a.study_session_id")
      .where("ssu.user_id", "=", maya)
      .where("a.kind", "=", "booklet")
      .where("s.booklet_excluded", "=", false)
      .select(["a.id", "a.study_session_id"])
      .execute();
    expect(expected.length).toBeGreaterThan(0);
    const booklets = answer.data.sheets.filter((sheet: { kind: string }) => sheet.kind === "booklet");
    // Only their own sessions' booklets, and not those of a session whose access has ended.
    expect(booklets.length).toBeGreaterThan(0);
    expect(expected.map((row) => row.id)).toEqual(expect.arrayContaining(booklets.map((sheet: { id: number }) => sheet.id)));
    for (const sheet of answer.data.sheets) expect(sheet.href).toBe(`/study-sessions/${sheet.sessionId}/attachments/${sheet.id}`);
  });

  it("is empty for a student without live sessions", async () => {
    const { id } = await db()
      .insertInto("users")
      .values({ email: `sheets-${randomBytes(5).toString("hex")}@example.test`, first_name: "No", last_name: "Sheets" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const answer = await routeVisitor({ session: await sessionCookieFor(id) }).get(dashboardLoader, "/dashboard?view_sheets=true");
    expect(answer.data).toEqual({ view: "sheets", sheets: [] });
  });
});
