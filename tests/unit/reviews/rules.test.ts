import { describe, expect, it } from "vitest";
import { guestViewer, ROLES, type Role } from "~/accounts/roles";
import type { EnrolmentStatus, StudySessionUserStatus, TutoringSessionStatus } from "~/db/schema";
import {
  averageRating,
  educatorProfilePath,
  filledStars,
  mayModerateReviews,
  ratingLabel,
  reviewEligibility,
  reviewerName,
  reviewSchema,
  visibilitySchema,
  writeReviewPath,
  type LearningFacts,
} from "~/reviews/rules";

const NOW = new Date("2026-11-27T12:00:00Z");
const EDUCATOR = { id: 7, firstName: "Dana" };
const STUDENT = 42;
const NOTHING: LearningFacts = { hasReview: false, tutoring: [], onlineCourseStatuses: [], studySessionStatuses: [] };
const NOT_LEARNED =
  "You can review Dana after you have learned from them: a tutoring session that has taken place, an online course they teach, or a live session of theirs you are enrolled in.";

const eligibility = (facts: Partial<LearningFacts>, viewerId: number | null = STUDENT) => reviewEligibility(viewerId, EDUCATOR, { ...NOTHING, ...facts }, NOW);
const at = (offsetMinutes: number) => new Date(NOW.getTime() + offsetMinutes * 60_000);

describe("who may review an educator", () => {
  it("refuses guests, the educator themselves, and someone who has learned nothing from them", () => {
    expect(eligibility({}, null)).toEqual({ kind: "refused", reason: "guest", message: "Sign in to review Dana." });
    expect(eligibility({ onlineCourseStatuses: ["active"], hasReview: true }, EDUCATOR.id)).toEqual({ kind: "refused", reason: "self", message: "You cannot review yourself." });
    expect(eligibility({})).toEqual({ kind: "refused", reason: "not-learned", message: NOT_LEARNED });
  });

  // Every status × when the session ends, relative to now.
  const tutoringTable: [TutoringSessionStatus, number, boolean][] = [
    ["booked", -60, true],
    ["booked", 0, true],
    ["booked", 1, false],
    ["booked", 24 * 60, false],
    ["completed", -60, true],
    ["completed", 0, true],
    ["completed", 1, false],
    ["cancelled", -60, false],
    ["cancelled", 0, false],
    ["cancelled", 1, false],
  ];
  it.each(tutoringTable)("a tutoring session %s that ends %i minutes from now: eligible %s", (status, offset, eligible) => {
    const answer = eligibility({ tutoring: [{ status, firstEndsAt: at(offset) }] });
    expect(answer).toEqual(eligible ? { kind: "eligible", via: "tutoring" } : { kind: "refused", reason: "not-learned", message: NOT_LEARNED });
  });

  it("counts any uncancelled session that has ended among several", () => {
    expect(eligibility({ tutoring: [{ status: "cancelled", firstEndsAt: at(-600) }, { status: "booked", firstEndsAt: at(60) }] }).kind).toBe("refused");
    expect(eligibility({ tutoring: [{ status: "cancelled", firstEndsAt: at(-600) }, { status: "completed", firstEndsAt: at(-60) }] })).toEqual({ kind: "eligible", via: "tutoring" });
  });

  const courseTable: [EnrolmentStatus, boolean][] = [
    ["active", true],
    ["pending_payment", true],
    ["trialing", true],
    ["expired", true],
    ["refunded", false],
    ["invited", false],
    ["invite_rejected", false],
  ];
  it.each(courseTable)("an online-course enrolment %s: eligible %s", (status, eligible) => {
    expect(eligibility({ onlineCourseStatuses: [status] }).kind).toBe(eligible ? "eligible" : "refused");
    if (eligible) expect(eligibility({ onlineCourseStatuses: [status] })).toEqual({ kind: "eligible", via: "online-course" });
  });

  const studySessionTable: [StudySessionUserStatus, boolean][] = [
    ["active", true],
    ["pending_payment", false],
    ["refunded", false],
    ["removed", false],
  ];
  it.each(studySessionTable)("a live-session enrolment %s: eligible %s", (status, eligible) => {
    expect(eligibility({ studySessionStatuses: [status] })).toEqual(
      eligible ? { kind: "eligible", via: "study-session" } : { kind: "refused", reason: "not-learned", message: NOT_LEARNED },
    );
  });

  it("counts one way of learning among refused ones", () => {
    expect(eligibility({ onlineCourseStatuses: ["refunded", "expired"] })).toEqual({ kind: "eligible", via: "online-course" });
    expect(eligibility({ onlineCourseStatuses: ["refunded"], studySessionStatuses: ["removed", "active"] })).toEqual({ kind: "eligible", via: "study-session" });
  });

  it("lets the author of a review edit it after what made them eligible has ended", () => {
    expect(eligibility({ hasReview: true, onlineCourseStatuses: ["refunded"] })).toEqual({ kind: "eligible", via: "own-review" });
  });
});

describe("the review form", () => {
  const parse = (input: Record<string, unknown>) => reviewSchema.safeParse(input);
  const messages = (input: Record<string, unknown>) => {
    const result = parse(input);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };

  it.each([
    [{ rating: "1", body: "ok" }, { rating: 1, body: "ok" }],
    [{ rating: "5", body: "  Great tutor.\n" }, { rating: 5, body: "Great tutor." }],
    [{ rating: 3, body: "x".repeat(4000) }, { rating: 3, body: "x".repeat(4000) }],
  ])("accepts %j", (input, value) => {
    expect(parse(input)).toMatchObject({ success: true, data: value });
  });

  it.each([
    [{ body: "Fine" }, ["rating: Choose a rating from 1 to 5 stars"]],
    [{ rating: "0", body: "Fine" }, ["rating: Choose a rating from 1 to 5 stars"]],
    [{ rating: "6", body: "Fine" }, ["rating: Choose a rating from 1 to 5 stars"]],
    [{ rating: "4.5", body: "Fine" }, ["rating: Choose a rating from 1 to 5 stars"]],
    [{ rating: "five", body: "Fine" }, ["rating: Choose a rating from 1 to 5 stars"]],
    [{ rating: "4" }, ["body: Write a few words about learning with them"]],
    [{ rating: "4", body: "   \n " }, ["body: Write a few words about learning with them"]],
    [{ rating: "4", body: "x".repeat(4001) }, ["body: Keep your review to 4,000 characters"]],
  ])("refuses %j", (input, expected) => {
    expect(messages(input)).toEqual(expected);
  });

  it("takes hide or show, nothing else", () => {
    expect(visibilitySchema.safeParse({ intent: "hide" }).success).toBe(true);
    expect(visibilitySchema.safeParse({ intent: "show" }).success).toBe(true);
    expect(visibilitySchema.safeParse({ intent: "delete" }).success).toBe(false);
    expect(visibilitySchema.safeParse({}).success).toBe(false);
  });
});

describe("how a rating reads", () => {
  it.each([
    [{ count: 0, total: 0 }, null, "No reviews yet"],
    [{ count: 1, total: 5 }, 5, "5.0 out of 5 from 1 review"],
    [{ count: 2, total: 9 }, 4.5, "4.5 out of 5 from 2 reviews"],
    [{ count: 3, total: 14 }, 4.7, "4.7 out of 5 from 3 reviews"],
    [{ count: 3, total: 13 }, 4.3, "4.3 out of 5 from 3 reviews"],
    // 17 / 4 = 4.25: halves round up.
    [{ count: 4, total: 17 }, 4.3, "4.3 out of 5 from 4 reviews"],
    [{ count: 12, total: 54 }, 4.5, "4.5 out of 5 from 12 reviews"],
    [{ count: 3, total: 3 }, 1, "1.0 out of 5 from 3 reviews"],
    [{ count: 7, total: 25 }, 3.6, "3.6 out of 5 from 7 reviews"],
  ])("%j averages %s: %s", (totals, average, label) => {
    expect(averageRating(totals)).toBe(average);
    expect(ratingLabel(totals)).toBe(label);
  });

  it.each([
    [1, 1],
    [1.4, 1],
    [1.5, 2],
    [4.4, 4],
    [4.5, 5],
    [5, 5],
  ])("%s fills %i stars", (average, stars) => {
    expect(filledStars(average)).toBe(stars);
  });

  it.each([
    ["Sam", "Lee", "Sam L."],
    [" Amira ", "saleh", "Amira S."],
    ["Cher", "", "Cher"],
  ])("names %s %s as %s", (first, last, name) => {
    expect(reviewerName(first, last)).toBe(name);
  });

  it("sends tutors' reviews to the tutor page and everyone else's to the instructor page; the form is one address", () => {
    expect(educatorProfilePath({ id: 6, hasTutorPage: true })).toBe("/tutors/6");
    expect(educatorProfilePath({ id: 4, hasTutorPage: false })).toBe("/instructors/4");
    expect(writeReviewPath(6)).toBe("/instructors/6/write-a-review");
  });
});

describe("who hides and shows reviews", () => {
  const moderators: readonly Role[] = ["admin", "manager"];
  it.each(ROLES.map((role) => [role, moderators.includes(role)] as const))("%s: %s", (role, may) => {
    expect(mayModerateReviews({ id: 1, roles: [role], userType: "staff" })).toBe(may);
  });
  it("not guests nor students", () => {
    expect(mayModerateReviews(guestViewer)).toBe(false);
    expect(mayModerateReviews({ id: 1, roles: [], userType: "student" })).toBe(false);
  });
});
