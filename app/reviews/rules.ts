import { z } from "zod";
import { decideAccess, requirementFor, routeRule } from "~/accounts/policy/route-rules";
import type { Viewer } from "~/accounts/roles";
import type { EnrolmentStatus, StudySessionUserStatus, TutoringSessionStatus } from "~/db/schema";

/**
 * Students' reviews of educators (tutors and instructors), pure: who may review whom, the form,
 * and how a rating reads. app/reviews/reviews.server.ts reads the facts; routes ask here.
 *
 * A review says what it was like to learn from someone, so a user may review an educator they
 * have learned from, by any of three ways:
 *   - a tutoring session with them that has ended and was not cancelled (a booked session whose
 *     hour has passed counts: the tutor may not have marked it completed yet);
 *   - an online course they instruct, with an enrolment that held access at some point: active or
 *     pending payment (SPEC §4: both hold access), trialing, or expired (access ran out after the
 *     student used it). Not refunded (the purchase was undone, and a review-then-refund would let
 *     anyone review), nor invited or invite_rejected (never started);
 *   - a live study session they teach, with an active enrolment (not awaiting payment, refunded
 *     or removed).
 * Nobody reviews themselves. The author of a review may always edit it, even if what made them
 * eligible has since ended (a refund after the review, say): the review stays up either way.
 */

export const REVIEW_BODY_MAX = 4000;
export const RATINGS = [1, 2, 3, 4, 5] as const;
export const RATING_WORDS: Record<(typeof RATINGS)[number], string> = { 1: "Poor", 2: "Fair", 3: "Good", 4: "Very good", 5: "Excellent" };

export const REVIEW_SAVED_MESSAGE = "Your review is saved";

/** Online-course enrolment statuses that count as having learned from the course's instructor. */
export const LEARNED_COURSE_STATUSES = ["active", "pending_payment", "trialing", "expired"] as const satisfies readonly EnrolmentStatus[];
/** Live-session enrolment statuses that count as having learned from the session's instructor. */
export const LEARNED_STUDY_SESSION_STATUSES = ["active"] as const satisfies readonly StudySessionUserStatus[];

/** What the viewer has done with the educator, as the facts query reads it. */
export interface LearningFacts {
  /** Whether the viewer has already reviewed this educator. */
  hasReview: boolean;
  /** The viewer's tutoring sessions with the educator: per status, when the earliest of them ends. */
  tutoring: readonly { status: TutoringSessionStatus; firstEndsAt: Date }[];
  /** Statuses of the viewer's enrolments in online courses the educator instructs. */
  onlineCourseStatuses: readonly EnrolmentStatus[];
  /** Statuses of the viewer's enrolments in live sessions the educator teaches. */
  studySessionStatuses: readonly StudySessionUserStatus[];
}

export type ReviewEligibility =
  | { kind: "eligible"; via: "own-review" | "tutoring" | "online-course" | "study-session" }
  | { kind: "refused"; reason: "guest" | "self" | "not-learned"; message: string };

/** Whether `viewerId` may write (or edit) a review of the educator, and why not. */
export function reviewEligibility(viewerId: number | null, educator: { id: number; firstName: string }, facts: LearningFacts, now: Date): ReviewEligibility {
  if (viewerId === null) return { kind: "refused", reason: "guest", message: `Sign in to review ${educator.firstName}.` };
  if (viewerId === educator.id) return { kind: "refused", reason: "self", message: "You cannot review yourself." };
  if (facts.hasReview) return { kind: "eligible", via: "own-review" };
  if (facts.tutoring.some((session) => session.status !== "cancelled" && session.firstEndsAt.getTime() <= now.getTime())) return { kind: "eligible", via: "tutoring" };
  if (facts.onlineCourseStatuses.some((status) => (LEARNED_COURSE_STATUSES as readonly string[]).includes(status))) return { kind: "eligible", via: "online-course" };
  if (facts.studySessionStatuses.some((status) => (LEARNED_STUDY_SESSION_STATUSES as readonly string[]).includes(status))) return { kind: "eligible", via: "study-session" };
  return {
    kind: "refused",
    reason: "not-learned",
    message: `You can review ${educator.firstName} after you have learned from them: a tutoring session that has taken place, an online course they teach, or a live session of theirs you are enrolled in.`,
  };
}

const RATING_MESSAGE = "Choose a rating from 1 to 5 stars";

/** The review form (and what the action saves): a whole-star rating and the text, trimmed. */
export const reviewSchema = z.object({
  rating: z.coerce.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
  body: z
    .string({ error: "Write a few words about learning with them" })
    .trim()
    .min(1, "Write a few words about learning with them")
    .max(REVIEW_BODY_MAX, "Keep your review to 4,000 characters"),
});

/** Whether the policy lets the viewer hide and show reviews: the rule of the route that does it. */
export function mayModerateReviews(viewer: Viewer): boolean {
  return decideAccess(viewer, requirementFor(routeRule("routes/reviews+/$id.visibility"), "POST")) === "allow";
}

/** Staff's hide and show buttons. */
export const visibilitySchema = z.object({ intent: z.enum(["hide", "show"], { error: "Choose Hide or Show" }) });

export const visibilityMessages = { hide: "The review is hidden.", show: "The review is shown again." } as const;

/** The visible reviews' count and the sum of their ratings (integers, so the average is exact before rounding). */
export interface ReviewTotals {
  count: number;
  total: number;
}

/** The average rating to one decimal (halves round up), or null without reviews. */
export function averageRating({ count, total }: ReviewTotals): number | null {
  if (count === 0) return null;
  return Math.round((total * 10) / count) / 10;
}

/** "4.5 out of 5 from 12 reviews", or "No reviews yet". */
export function ratingLabel(totals: ReviewTotals): string {
  const average = averageRating(totals);
  if (average === null) return "No reviews yet";
  return `${average.toFixed(1)} out of 5 from ${totals.count} ${totals.count === 1 ? "review" : "reviews"}`;
}

/** How many of five stars a display fills: the average to the nearest whole star. */
export function filledStars(average: number): number {
  return Math.min(5, Math.max(0, Math.round(average)));
}

/** How a reviewer is named in public: first name and last initial ("Sam L."), never their email. */
export function reviewerName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** Where the educator's profile is: the tutor page for a tutor with a tutor profile, else the instructor page. */
export function educatorProfilePath(educator: { id: number; hasTutorPage: boolean }): string {
  return educator.hasTutorPage ? `/tutors/${educator.id}` : `/instructors/${educator.id}`;
}

/** The review form's address, the same for tutors and instructors (SPEC §2). */
export function writeReviewPath(educatorId: number): string {
  return `/instructors/${educatorId}/write-a-review`;
}
