import { sql, type Expression, type RawBuilder } from "kysely";
import { INSTRUCTOR_ROLES } from "~/accounts/roles";
import { db } from "~/db/db.server";
import type { EnrolmentStatus, StudySessionUserStatus, TutoringSessionStatus } from "~/db/schema";
import { educatorProfilePath, reviewEligibility, reviewerName, type LearningFacts, type ReviewTotals } from "~/reviews/rules";

/**
 * Reads `users` of the query it is used in: whether that user has a profile that shows reviews,
 * that is an active user with an instructor kind role (/instructors/{id}) or a tutor with a tutor
 * profile (/tutors/{id}).
 */
const hasTutorPage = sql<boolean>`('tutor' = any(users.roles) and exists (select 1 from tutor_profiles where tutor_profiles.user_id = users.id))`;
const isReviewableEducator = sql<boolean>`(users.deactivated_at is null and (
  users.roles && array[${sql.join(INSTRUCTOR_ROLES.map((role) => sql.lit(role)))}]::text[] or ${hasTutorPage}
))`;

/**
 * The visible reviews' count and rating total of the educator `educatorId` names, as one value
 * for another query's select list, so a listing of educators reads every rating in its own
 * statement: `.select((eb) => reviewTotalsOf(eb.ref("users.id")).as("review_totals"))`.
 */
export function reviewTotalsOf(educatorId: Expression<number>): RawBuilder<ReviewTotals> {
  return sql<ReviewTotals>`(select json_build_object('count', count(*)::int, 'total', coalesce(sum(tutor_feedbacks.rating), 0)::int)
    from tutor_feedbacks where tutor_feedbacks.educator_id = ${educatorId} and tutor_feedbacks.hidden_at is null)`;
}

export interface ReviewEducator {
  id: number;
  firstName: string;
  lastName: string;
  profilePath: string;
}

export interface OwnReview {
  id: number;
  rating: number;
  body: string;
  hidden: boolean;
}

/**
 * The educator and what `viewerId` has done with them, in one statement: their review of the
 * educator and what they learned from them (app/reviews/rules.ts decides). Undefined when the id
 * is no educator whose profile shows reviews.
 */
export async function reviewFacts(educatorId: number, viewerId: number): Promise<{ educator: ReviewEducator; ownReview: OwnReview | null; facts: LearningFacts } | undefined> {
  const row = await db()
    .selectFrom("users")
    .where("users.id", "=", educatorId)
    .where(isReviewableEducator)
    .select([
      "users.id",
      "users.first_name",
      "users.last_name",
      hasTutorPage.as("has_tutor_page"),
      sql<OwnReview | null>`(select json_build_object('id', f.id, 'rating', f.rating, 'body', f.body, 'hidden', f.hidden_at is not null)
        from tutor_feedbacks f where f.educator_id = users.id and f.student_id = ${viewerId})`.as("own_review"),
      sql<{ status: TutoringSessionStatus; ends_at: string }[]>`coalesce((select json_agg(json_build_object('status', t.status, 'ends_at', t.ends_at))
        from (select s.status, min(s.ends_at) as ends_at from tutoring_sessions s where s.tutor_id = users.id and s.student_id = ${viewerId} group by s.status) t), '[]')`.as("tutoring"),
      sql<EnrolmentStatus[]>`array(select distinct u.status from online_course_users u join online_courses c on c.id = u.online_course_id
        where c.instructor_id = users.id and u.user_id = ${viewerId})`.as("online_course_statuses"),
      sql<StudySessionUserStatus[]>`array(select distinct u.status from study_session_users u join study_sessions s on s.id = u.study_session_id
        where s.instructor_id = users.id and u.user_id = ${viewerId})`.as("study_session_statuses"),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    educator: { id: row.id, firstName: row.first_name, lastName: row.last_name, profilePath: educatorProfilePath({ id: row.id, hasTutorPage: row.has_tutor_page }) },
    ownReview: row.own_review,
    facts: {
      hasReview: row.own_review !== null,
      tutoring: row.tutoring.map((session) => ({ status: session.status, firstEndsAt: new Date(session.ends_at) })),
      onlineCourseStatuses: row.online_course_statuses,
      studySessionStatuses: row.study_session_statuses,
    },
  };
}

/** How many reviews a profile lists, newest first; the average counts them all. */
export const LISTED_REVIEWS = 50;

export interface ListedReview {
  id: number;
  rating: number;
  body: string;
  reviewer: string;
  createdAt: Date;
  hidden: boolean;
  own: boolean;
}

/**
 * The educator's reviews newest first: the visible ones, plus the viewer's own even when hidden,
 * plus every hidden one for staff (`withHidden`). Reviewers are named by first name and last
 * initial; no email leaves this query.
 */
export async function listReviews(educatorId: number, options: { viewerId: number | null; withHidden: boolean }): Promise<ListedReview[]> {
  const rows = await db()
    .selectFrom("tutor_feedbacks")
    .innerJoin("users", "users.id", "tutor_feedbacks.student_id")
    .where("tutor_feedbacks.educator_id", "=", educatorId)
    .where((eb) => {
      if (options.withHidden) return eb.lit(true);
      const visible = eb("tutor_feedbacks.hidden_at", "is", null);
      return options.viewerId === null ? visible : eb.or([visible, eb("tutor_feedbacks.student_id", "=", options.viewerId)]);
    })
    .select([
      "tutor_feedbacks.id",
      "tutor_feedbacks.rating",
      "tutor_feedbacks.body",
      "tutor_feedbacks.student_id",
      "tutor_feedbacks.created_at",
      "tutor_feedbacks.hidden_at",
      "users.first_name",
      "users.last_name",
    ])
    .orderBy("tutor_feedbacks.created_at", "desc")
    .orderBy("tutor_feedbacks.id", "desc")
    .limit(LISTED_REVIEWS)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    body: row.body,
    reviewer: reviewerName(row.first_name, row.last_name),
    createdAt: row.created_at,
    hidden: row.hidden_at !== null,
    own: row.student_id === options.viewerId,
  }));
}

/**
 * The "Ratings and reviews" part of an educator's profile: the totals, the list, and what the
 * viewer may do (write or edit their review, sign in first, or nothing). Null when the user is no
 * educator students review (a teacher named on a course has an instructor page, but no reviews).
 */
/** An educator's visible reviews counted and summed (averageRating turns them into the rating). */
export async function educatorReviewTotals(educatorId: number): Promise<ReviewTotals> {
  const row = await db().selectNoFrom(reviewTotalsOf(sql.val(educatorId)).as("totals")).executeTakeFirstOrThrow();
  return row.totals;
}

export async function educatorReviews(educatorId: number, viewer: { id: number | null; mayModerate: boolean }, now: Date) {
  const [summary, reviews, own] = await Promise.all([
    db()
      .selectFrom("users")
      .where("users.id", "=", educatorId)
      .select((eb) => [isReviewableEducator.as("reviewable"), reviewTotalsOf(eb.ref("users.id")).as("totals")])
      .executeTakeFirst(),
    listReviews(educatorId, { viewerId: viewer.id, withHidden: viewer.mayModerate }),
    viewer.id === null ? undefined : reviewFacts(educatorId, viewer.id),
  ]);
  if (!summary?.reviewable) return null;
  let write: "sign-in" | "write" | "edit" | null = "sign-in";
  if (viewer.id !== null) write = own && reviewEligibility(viewer.id, own.educator, own.facts, now).kind === "eligible" ? (own.ownReview ? "edit" : "write") : null;
  return { totals: summary.totals, reviews, write, mayModerate: viewer.mayModerate };
}

/**
 * Saves the student's review of the educator: the first one inserted, later ones replace its
 * rating and text. One row per student and educator however submissions race (the unique key);
 * a review staff hid stays hidden when its author edits it.
 */
export async function saveReview(educatorId: number, studentId: number, review: { rating: number; body: string }): Promise<void> {
  await db()
    .insertInto("tutor_feedbacks")
    .values({ educator_id: educatorId, student_id: studentId, rating: review.rating, body: review.body })
    .onConflict((conflict) =>
      conflict.columns(["educator_id", "student_id"]).doUpdateSet({ rating: review.rating, body: review.body, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

/**
 * Staff hide a review (recording who and when) or show it again. Answers the educator's profile
 * to go back to, or undefined when there is no such review.
 */
export async function setReviewHidden(reviewId: number, hidden: boolean, staffId: number): Promise<{ profilePath: string } | undefined> {
  const row = await db()
    .updateTable("tutor_feedbacks")
    .where("id", "=", reviewId)
    .set(
      hidden
        ? { hidden_at: sql<Date>`coalesce(tutor_feedbacks.hidden_at, now())`, hidden_by: sql<number>`coalesce(tutor_feedbacks.hidden_by, ${staffId})` }
        : { hidden_at: null, hidden_by: null },
    )
    .returning([
      "tutor_feedbacks.educator_id",
      sql<boolean>`exists (select 1 from users where users.id = tutor_feedbacks.educator_id and ${hasTutorPage})`.as("has_tutor_page"),
    ])
    .executeTakeFirst();
  return row ? { profilePath: educatorProfilePath({ id: row.educator_id, hasTutorPage: row.has_tutor_page }) } : undefined;
}
