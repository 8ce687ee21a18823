import { describe, expect, it } from "vitest";
import { findEnrolment, registerFree } from "~/study-sessions/enrolments.server";
import { useTestDatabase } from "../../support/database";
import { makeSession, makeStudent } from "../../routes/study-sessions/fixtures";

/** The free registration (registerFree) on each database: one row per student and session, whatever the races. */
const database = useTestDatabase();
const db = () => database().db;

describe("registerFree", () => {
  it("enrols a student once: concurrent registrations end in one active row and one 'registered'", async () => {
    const session = await makeSession(db());
    const student = await makeStudent(db());
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => registerFree({ sessionId: session.id, userId: student.id, courseId: session.courseId ?? undefined })));
    expect(outcomes.filter((outcome) => outcome.kind === "registered")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === "already-registered")).toHaveLength(3);
    const rows = await db().selectFrom("study_session_users").where("study_session_id", "=", session.id).selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "active", user_id: student.id, course_id: session.courseId });
    expect(await findEnrolment(session.id, student.id)).toMatchObject({ id: rows[0]!.id, status: "active" });
  });

  it.each([
    ["a paid session", { price: 1500 }, "paid"],
    ["a past session", { startsInHours: -50 }, "past"],
  ] as const)("refuses %s and writes nothing", async (_name, fixture, kind) => {
    const session = await makeSession(db(), fixture);
    const student = await makeStudent(db());
    expect(await registerFree({ sessionId: session.id, userId: student.id })).toEqual({ kind });
    expect(await findEnrolment(session.id, student.id)).toBeUndefined();
  });

  it("accepts a session still live, refuses an unknown course and an unknown session", async () => {
    const live = await makeSession(db(), { startsInHours: -1 });
    const student = await makeStudent(db());
    expect(await registerFree({ sessionId: live.id, userId: student.id, courseId: 999_999 })).toEqual({ kind: "unknown-course" });
    expect((await registerFree({ sessionId: live.id, userId: student.id })).kind).toBe("registered");
    expect(await registerFree({ sessionId: 999_999_999, userId: student.id })).toEqual({ kind: "not-found" });
  });
});
