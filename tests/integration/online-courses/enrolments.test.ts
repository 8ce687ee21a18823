import { describe, expect, it } from "vitest";
import { enrol, expireAllEnrolments, findEnrolment, setEnrolmentStatus } from "~/online-courses/enrolments.server";
import { useTestDatabase } from "../../support/database";

const database = useTestDatabase();

async function ids() {
  const { db } = database();
  const user = await db.selectFrom("users").where("email", "=", "teacher@demo.test").select("id").executeTakeFirstOrThrow();
  const course = await db.selectFrom("online_courses").where("slug", "=", "organic-chemistry-1-exam-prep").select("id").executeTakeFirstOrThrow();
  return { userId: user.id, onlineCourseId: course.id };
}

describe("enrolments", () => {
  it("enrols once per user and course, however often it is called", async () => {
    const { db } = database();
    const { userId, onlineCourseId } = await ids();
    const first = await enrol(db, { userId, onlineCourseId, packageType: "learn", status: "active" });
    const again = await enrol(db, { userId, onlineCourseId, packageType: "learn", status: "active" });
    expect(again.id).toBe(first.id);
    const upgraded = await enrol(db, { userId, onlineCourseId, packageType: "learn_practice_bundle", status: "pending_payment" });
    expect(upgraded).toMatchObject({ id: first.id, package_type: "learn_practice_bundle", status: "pending_payment" });
    const rows = await db.selectFrom("online_course_users").where("user_id", "=", userId).where("online_course_id", "=", onlineCourseId).select("id").execute();
    expect(rows).toHaveLength(1);
  });

  it("keeps stored optional fields a later call leaves out", async () => {
    const { db } = database();
    const { userId, onlineCourseId } = await ids();
    const until = new Date("2030-01-01T00:00:00Z");
    await enrol(db, { userId, onlineCourseId, packageType: "learn", status: "active", expiresAt: until, elitePaymentStatus: "deposit_paid" });
    const row = await enrol(db, { userId, onlineCourseId, packageType: "learn", status: "active" });
    expect(row.expires_at?.toISOString()).toBe(until.toISOString());
    expect(row.elite_payment_status).toBe("deposit_paid");
  });

  it("moves an enrolment to a status, and refuses quietly when there is none", async () => {
    const { db } = database();
    const { userId, onlineCourseId } = await ids();
    const refunded = await setEnrolmentStatus(db, { userId, onlineCourseId, status: "refunded" });
    expect(refunded?.status).toBe("refunded");
    expect(await setEnrolmentStatus(db, { userId, onlineCourseId: 999_999, status: "refunded" })).toBeUndefined();
  });

  it("expire all sets every enrolment of the course to expired, ending now", async () => {
    const { db } = database();
    const { userId, onlineCourseId } = await ids();
    await enrol(db, { userId, onlineCourseId, packageType: "learn", status: "active" });
    const now = new Date("2026-11-23T12:00:00Z");
    expect(await expireAllEnrolments(db, onlineCourseId, now)).toBeGreaterThanOrEqual(1);
    const row = await findEnrolment(db, userId, onlineCourseId);
    expect(row).toMatchObject({ status: "expired" });
    expect(row!.expires_at!.toISOString()).toBe(now.toISOString());
    expect(await expireAllEnrolments(db, onlineCourseId, now)).toBe(0);
  });
});
